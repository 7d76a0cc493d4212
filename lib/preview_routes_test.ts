import assert from "node:assert/strict";
import type { ServerBuild } from "react-router";
import { importServerBuild } from "../server/app_build.ts";
import {
  canonicalPath,
  matchPreviewRoute,
  parsePreviewPath,
  PREVIEW_ROUTES,
  ROUTES_OUTSIDE_WHITELIST,
} from "./preview_routes.ts";

/** Full URL path of a React Router route, from its own path and its parents'. */
function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined!) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}

Deno.test("whitelist: every pattern has its route module, every route is listed or deliberately outside", async () => {
  const build = await importServerBuild();
  for (const entry of PREVIEW_ROUTES) {
    assert.ok(build.routes[entry.routeId], `${entry.pattern}: no route ${entry.routeId} in the app`);
    const path = fullPath(build, entry.routeId).replace(/\/\*$/, "{/*}?");
    assert.equal(path, entry.pattern, `${entry.routeId} serves ${path}, the whitelist says ${entry.pattern}`);
  }
  const listed = new Set([...PREVIEW_ROUTES.map((r) => r.routeId), ...ROUTES_OUTSIDE_WHITELIST]);
  for (const id of Object.keys(build.routes)) {
    assert.ok(listed.has(id), `route ${id} is neither whitelisted nor listed as outside the whitelist`);
  }
});

Deno.test("whitelist: paths match the most specific pattern", () => {
  const cases: [string, string | null, Record<string, string>?][] = [
    ["/", "routes/_index"],
    ["/explore/", "routes/explore._index"],
    ["/explore/tokens/base/0xabc", "routes/explore.tokens.$chainName.$tokenAddress", {
      chainName: "base",
      tokenAddress: "0xabc",
    }],
    ["/pools/v2", "routes/pools.v2._index"],
    ["/pools/v2/find", "routes/pools.v2.find"],
    ["/pools/42", "routes/pools.$tokenId", { tokenId: "42" }],
    ["/pools/ethereum/0xabc", "routes/pools.$chainName.$poolAddress", { chainName: "ethereum", poolAddress: "0xabc" }],
    ["/vote", "routes/vote.$"],
    ["/vote/governor/12", "routes/vote.$"],
    ["/pool/v2", "routes/pool.v2._index"],
    ["/migrate/v2/0xabc", "routes/migrate.v2.$address"],
    ["/migrate/v2/ethereum/0xabc", "routes/migrate.v2.$chainName.$pairAddress"],
    ["/unknown", null],
    ["/explore/tokens", null],
    ["/api/image/tokens/ethereum/0xabc", null],
  ];
  for (const [path, routeId, params] of cases) {
    const match = matchPreviewRoute(path);
    assert.equal(match?.route.routeId ?? null, routeId, path);
    if (params) assert.deepEqual(match?.params, params);
  }
});

Deno.test("whitelist: canonical paths drop trailing slashes", () => {
  assert.equal(canonicalPath("/"), "/");
  assert.equal(canonicalPath("/explore/"), "/explore");
  assert.equal(canonicalPath("/explore//"), "/explore");
});

Deno.test("whitelist: the segment matcher agrees with URLPattern on every pattern", () => {
  const samples = [
    "/",
    "/explore",
    "/explore/x",
    "/explore/tokens/ethereum/NATIVE",
    "/explore/tokens/ethereum/0xabc/extra",
    "/explore/tokens//0xabc",
    "/tokens/base",
    "/tokens/base/0x%20ab",
    "/vote",
    "/vote/1",
    "/vote/a/b/c",
    "/votes",
    "/pool/7",
    "/pool/v2/find",
    "/pools/new",
    "/remove/v2/ETH/0xabc",
    "/nfts/collection/0xabc/activity",
    "/nfts/collection/0xabc/items",
    "/EXPLORE",
  ];
  for (const path of samples) {
    const expected = PREVIEW_ROUTES
      .map((route) => ({ route, result: new URLPattern({ pathname: route.pattern }).exec({ pathname: path }) }))
      .filter((m) => m.result !== null)
      .map((m) => m.route.routeId);
    const match = matchPreviewRoute(path);
    if (expected.length === 0) assert.equal(match, null, path);
    else {assert.ok(
        match && expected.includes(match.route.routeId),
        `${path}: ${match?.route.routeId} not in ${expected}`,
      );}
  }
});

Deno.test("parsePreviewPath: whitelisted same-origin paths only", () => {
  assert.equal(parsePreviewPath("/explore/tokens/ethereum/0xabc")?.match.route.kind, "token");
  assert.equal(parsePreviewPath("/positions/v3/ethereum/42/")?.pathname, "/positions/v3/ethereum/42");
  assert.equal(parsePreviewPath("/positions/v2/ethereum/0xabc")?.match.route.kind, "position");
  assert.equal(parsePreviewPath("/swap?inputCurrency=ETH")?.search, "?inputCurrency=ETH");
  for (
    const bad of [
      "https://elsewhere.example/",
      "//evil.example/explore",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/explore/%2e%2e/api/image/tokens/ethereum/0x1",
      "/explore/../api",
      "/explore/tokens/ethereum/0x1#x",
      "/ex\nplore",
      "/user@evil/explore",
      "javascript:alert(1)",
      "/api/image/tokens/ethereum/0x1",
      "/preview",
      "",
      42,
      null,
    ]
  ) {
    assert.equal(parsePreviewPath(bad), null, String(bad));
  }
});
