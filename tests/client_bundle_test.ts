/**
 * No server code in the browser: every chunk of the client build is read and
 * must not touch Deno's APIs, import `node:` modules, carry the server's
 * logger or reach Deno KV. `deno task test` builds the app first; a missing
 * build is a failure here, never a skip.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT_DIR } from "../server/paths.ts";

const ASSETS = join(ROOT_DIR, "build/client/assets");

/** What server code looks like in a chunk, with why it must not be there. */
const SERVER_MARKERS: readonly [RegExp, string][] = [
  [/\bDeno\.[a-zA-Z]/, "a Deno API"],
  [/(?:from\s*|import\s*\(\s*|require\(\s*)["']node:/, "a node: module"],
  [/Log output is stuck/, "the server's logger (server/log.ts)"],
  [/\bopenKv\b|\.atomic\(\)\.check\(/, "Deno KV"],
];

Deno.test("client bundle: no chunk of build/client carries server code", async () => {
  const chunks: string[] = [];
  for await (const entry of Deno.readDir(ASSETS)) {
    if (entry.isFile && /\.m?js$/.test(entry.name)) chunks.push(entry.name);
  }
  assert.ok(chunks.length >= 10, `only ${chunks.length} chunks in ${ASSETS}: run deno task build`);
  const found: string[] = [];
  for (const chunk of chunks) {
    const text = await Deno.readTextFile(join(ASSETS, chunk));
    for (const [marker, what] of SERVER_MARKERS) {
      const match = marker.exec(text);
      if (match) found.push(`${chunk}: ${what} (${text.slice(Math.max(0, match.index - 40), match.index + 40)})`);
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("client bundle: the markers find server code when it is there", () => {
  // The check above is only as good as its markers: each must match what the server modules really contain.
  const samples = [
    "writeAll(Deno.stdout,e)",
    'import{x}from"node:fs"',
    "`Log output is stuck: ${n} lines were dropped`",
    "const kv=await Deno.openKv(p)",
  ];
  for (const [index, [marker, what]] of SERVER_MARKERS.entries()) {
    assert.match(samples[index], marker, what);
  }
});
