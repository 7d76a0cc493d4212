import assert from "node:assert/strict";
import { graphql as execute, OperationDefinitionNode } from "graphql";
import { createGatewayClient, GatewayError } from "./client.ts";
import { EDGE_DOCUMENTS as EDGE_BASE, EDGE_NFT_DOCUMENTS, fetchEdgePool, fetchEdgeToken, TokenQuery } from "./edge.ts";

/** Every edge document: the ones the relay allows too, and the NFT previews' (service only). */
const EDGE_DOCUMENTS = { ...EDGE_BASE, ...EDGE_NFT_DOCUMENTS };
import { hasReferenceSchema, loadDemoSchema, loadReferenceSchema, validationErrors } from "./testing.ts";

Deno.test("edge documents are named operations with the listed variables", () => {
  const expected: Record<string, string[]> = {
    Token: ["chain", "address"],
    V4Pool: ["chain", "poolId"],
    AddressPool: ["chain", "address"],
    NftAssetPreview: ["contractAddress", "tokenId"],
    NftCollectionPreview: ["contractAddress"],
  };
  for (const [name, document] of Object.entries(EDGE_DOCUMENTS)) {
    const operation = document.definitions.find((d) => d.kind === "OperationDefinition") as OperationDefinitionNode;
    assert.equal(operation.name?.value, name);
    assert.deepEqual(
      operation.variableDefinitions?.map((v) => v.variable.name.value),
      expected[name],
    );
  }
});

Deno.test("edge documents validate against the demo SDL", () => {
  const schema = loadDemoSchema();
  for (const [name, document] of Object.entries(EDGE_DOCUMENTS)) {
    assert.deepEqual(validationErrors(schema, document), [], name);
  }
});

Deno.test({
  name: "edge documents validate against the reference schema",
  ignore: !hasReferenceSchema(),
  fn() {
    const schema = loadReferenceSchema();
    for (const [name, document] of Object.entries(EDGE_DOCUMENTS)) {
      assert.deepEqual(validationErrors(schema, document), [], name);
    }
  },
});

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const V3_ADDRESS = "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640";
const V2_ADDRESS = "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc";
const POOL_ID = "0x21c67e77068de97969ba93d4aab21826d33ca12bb9f565d8496e8fda8a82ca27";

function token(symbol: string, address: string | null) {
  return {
    id: `ETHEREUM_${address ?? "NATIVE"}`,
    chain: "ETHEREUM",
    address,
    symbol,
    name: symbol + " Token",
    decimals: 18,
    standard: address ? "ERC20" : "NATIVE",
    project: { id: symbol, name: symbol, logoUrl: `https://x/${symbol}.png` },
  };
}

function pool(extra: Record<string, unknown>) {
  return {
    id: "p",
    chain: "ETHEREUM",
    token0: token("USDC", USDC),
    token1: token("WETH", WETH),
    token0Supply: 100,
    token1Supply: 0.05,
    txCount: 7,
    cumulativeVolume: ({ duration }: { duration: string }) => ({
      id: duration,
      value: duration === "DAY" ? 1000 : 30000,
    }),
    totalLiquidity: { id: "tvl", value: 200 },
    ...extra,
  };
}

/** A loopback GraphQL server over the demo SDL with a tiny root value. */
function startGateway() {
  const schema = loadDemoSchema();
  const seen: string[] = [];
  const operations: string[] = [];
  let v3Fails = false;
  let tokenFails = false;
  const rootValue = {
    token: ({ address }: { address: string | null }) => {
      seen.push(`token ${address}`);
      if (tokenFails) throw new Error("token resolver down");
      return address === null || address === USDC ? token(address ? "USDC" : "ETH", address) : null;
    },
    v4Pool: ({ poolId }: { poolId: string }) =>
      poolId === POOL_ID
        ? pool({
          poolId,
          protocolVersion: "V4",
          feeTier: 8388608,
          isDynamicFee: true,
          hook: { id: "h", address: WETH },
          rewardsCampaign: { id: "r", boostedApr: 12.5 },
        })
        : null,
    v3Pool: ({ address }: { address: string }) => {
      seen.push(`v3 ${address}`);
      if (v3Fails) throw new Error("v3 resolver down");
      return address === V3_ADDRESS ? pool({ address, protocolVersion: "V3", feeTier: 500 }) : null;
    },
    v2Pair: ({ address }: { address: string }) => {
      seen.push(`v2 ${address}`);
      return address === V2_ADDRESS ? pool({ address, protocolVersion: "V2" }) : null;
    },
  };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const body = await request.json();
      operations.push(body.operationName);
      return Response.json(
        await execute({
          schema,
          source: body.query,
          variableValues: body.variables,
          operationName: body.operationName,
          rootValue,
        }),
      );
    },
  );
  return {
    server,
    seen,
    operations,
    failV3(fails: boolean) {
      v3Fails = fails;
    },
    failToken(fails: boolean) {
      tokenFails = fails;
    },
    url: `http://127.0.0.1:${server.addr.port}/graphql`,
  };
}

Deno.test("fetchEdgeToken resolves NATIVE and addresses", async () => {
  const { server, url, seen } = startGateway();
  try {
    const client = createGatewayClient({ url });
    const eth = await fetchEdgeToken(client, "ETHEREUM", "NATIVE");
    assert.equal(eth?.symbol, "ETH");
    assert.equal(eth?.address, null);
    const usdc = await fetchEdgeToken(client, "ETHEREUM", USDC);
    assert.equal(usdc?.project?.logoUrl, "https://x/USDC.png");
    assert.equal(await fetchEdgeToken(client, "ETHEREUM", WETH), null);
    assert.deepEqual(seen, ["token null", `token ${USDC}`, `token ${WETH}`]);
    await assert.rejects(
      fetchEdgeToken(client, "ETHEREUM", "0x12"),
      /Cannot parse address "0x12"/,
    );
    // the document itself is what was sent
    assert.equal(TokenQuery.kind, "Document");
  } finally {
    await server.shutdown();
  }
});

Deno.test("fetchEdgePool reads V4 by id, and V3 and V2 by address in one call", async () => {
  const { server, url, seen, operations } = startGateway();
  try {
    const client = createGatewayClient({ url });
    const v4 = await fetchEdgePool(client, "ETHEREUM", POOL_ID);
    assert.equal(v4?.protocolVersion, "V4");
    assert.equal(v4?.isDynamicFee, true);
    assert.equal(v4?.hookAddress, WETH);
    assert.equal(v4?.rewardsBoostedApr, 12.5);
    assert.equal(v4?.volume24hUsd, 1000);
    assert.equal(v4?.volume30dUsd, 30000);

    const v3 = await fetchEdgePool(client, "ETHEREUM", V3_ADDRESS);
    assert.equal(v3?.protocolVersion, "V3");
    assert.equal(v3?.feeTier, 500);
    assert.equal(v3?.token0?.symbol, "USDC");
    assert.equal(v3?.token1?.project?.logoUrl, "https://x/WETH.png");
    assert.equal(v3?.totalLiquidityUsd, 200);

    const v2 = await fetchEdgePool(client, "ETHEREUM", V2_ADDRESS);
    assert.equal(v2?.protocolVersion, "V2");
    assert.equal(v2?.feeTier, 3000);
    assert.equal(v2?.txCount, 7);

    assert.equal(await fetchEdgePool(client, "ETHEREUM", WETH), null);
    // One call per lookup; an address asks both versions within it.
    assert.deepEqual(operations, ["V4Pool", "AddressPool", "AddressPool", "AddressPool"]);
    assert.deepEqual(seen, [
      `v3 ${V3_ADDRESS}`,
      `v2 ${V3_ADDRESS}`,
      `v3 ${V2_ADDRESS}`,
      `v2 ${V2_ADDRESS}`,
      `v3 ${WETH}`,
      `v2 ${WETH}`,
    ]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("fetchEdgePool: an error on one version with data on the other is a pool; with none, a failure", async () => {
  const { server, url, failV3 } = startGateway();
  try {
    const client = createGatewayClient({ url });
    failV3(true);
    const v2 = await fetchEdgePool(client, "ETHEREUM", V2_ADDRESS);
    assert.equal(v2?.protocolVersion, "V2");
    await assert.rejects(
      fetchEdgePool(client, "ETHEREUM", WETH),
      (e) => e instanceof GatewayError && e.kind === "graphql" && /v3 resolver down/.test(e.message),
    );
    failV3(false);
    // a fresh client: urql keeps the answer (errors included) for the client's life
    assert.equal(await fetchEdgePool(createGatewayClient({ url }), "ETHEREUM", WETH), null);
  } finally {
    await server.shutdown();
  }
});

Deno.test("fetchEdgeToken: an error instead of the token is a failure, not an unknown token", async () => {
  const { server, url, failToken } = startGateway();
  try {
    failToken(true);
    await assert.rejects(
      fetchEdgeToken(createGatewayClient({ url }), "ETHEREUM", USDC),
      (e) => e instanceof GatewayError && e.kind === "graphql" && /token resolver down/.test(e.message),
    );
    failToken(false);
    assert.equal((await fetchEdgeToken(createGatewayClient({ url }), "ETHEREUM", USDC))?.symbol, "USDC");
    assert.equal(await fetchEdgeToken(createGatewayClient({ url }), "ETHEREUM", WETH), null);
  } finally {
    await server.shutdown();
  }
});
