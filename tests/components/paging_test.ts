/**
 * TVL-cursor and timestamp-cursor paging of the explore lists, through the
 * real gateway client against a loopback fake gateway that pages like the
 * real one (rows strictly below the cursor, `first` at most).
 */
import assert from "node:assert/strict";
import { createGatewayClient } from "../../queries/client.ts";
import { startFakeGateway } from "../fakes/gateway.ts";
import { fetchChainTransactions, fetchTopPools, hasMore, PAGE_SIZE } from "../../app/lib/explore_data.ts";

const TOKEN = { id: "t", chain: "ETHEREUM", address: "0x" + "1".repeat(40), symbol: "AAA", name: "A", decimals: 18 };

function pool(tvl: number) {
  return {
    id: `pool-${tvl}`,
    chain: "ETHEREUM",
    address: "0x" + tvl.toString(16).padStart(40, "0"),
    protocolVersion: "V3",
    feeTier: 3000,
    token0: { ...TOKEN, project: { id: "p", logoUrl: null } },
    token1: { ...TOKEN, symbol: "BBB", project: { id: "p", logoUrl: null } },
    txCount: 1,
    totalLiquidity: { id: `l${tvl}`, value: tvl },
    volume24h: { id: `v${tvl}`, value: tvl / 10 },
    volume30d: { id: `m${tvl}`, value: tvl * 3 },
  };
}

function tx(version: string, timestamp: number) {
  return {
    id: `${version}-${timestamp}`,
    chain: "ETHEREUM",
    protocolVersion: version,
    type: "SWAP",
    hash: "0x" + timestamp.toString(16),
    timestamp,
    account: "0x" + "2".repeat(40),
    usdValue: { id: `u${timestamp}`, value: 10 },
    token0: TOKEN,
    token0Quantity: "1",
    token1: { ...TOKEN, symbol: "BBB" },
    token1Quantity: "-2",
  };
}

async function withFakeGateway(fn: (url: string, calls: () => string[]) => Promise<void>) {
  const pools = Array.from({ length: 60 }, (_, i) => pool(1000 - i)); // TVL 1000 down to 941
  type Variables = { cursor?: number | null; first: number };
  // v4 has 30 transactions, v3 has 5, v2 none; timestamps go down by 10.
  const transactions = (version: number) => (variables: Record<string, unknown>) => {
    const { cursor, first } = variables as Variables;
    const count = version === 4 ? 30 : version === 3 ? 5 : 0;
    const all = Array.from({ length: count }, (_, i) => tx(`V${version}`, 10_000 - i * 10 - version));
    const below = all.filter((t) => cursor == null || t.timestamp < cursor);
    return { data: { [`v${version}Transactions`]: below.slice(0, first) } };
  };
  const gateway = await startFakeGateway({
    TopV3Pools(variables) {
      const { cursor, first } = variables as Variables;
      const below = pools.filter((p) => cursor == null || p.totalLiquidity.value < cursor);
      return { data: { topV3Pools: below.slice(0, first) } };
    },
    V4Transactions: transactions(4),
    V3Transactions: transactions(3),
    V2Transactions: transactions(2),
  });
  const calls = () => gateway.requests.map((r) => `${r.operationName} ${JSON.stringify(r.variables.cursor ?? null)}`);
  try {
    await fn(gateway.url, calls);
  } finally {
    await gateway.close();
  }
}

Deno.test("top pools page by TVL cursor until the list ends", async () => {
  await withFakeGateway(async (url, calls) => {
    const client = createGatewayClient({ url, timeoutMs: 2000 });
    const first = await fetchTopPools(client, { chain: "ETHEREUM", versions: ["v3"] });
    assert.equal(first.rows.length, PAGE_SIZE);
    assert.equal(first.rows[0].tvl, 1000);
    assert.deepEqual(first.cursors, { v3: 1000 - PAGE_SIZE + 1 });
    const second = await fetchTopPools(client, { chain: "ETHEREUM", versions: ["v3"], cursors: first.cursors });
    assert.deepEqual(second.rows.map((r) => r.tvl), Array.from({ length: PAGE_SIZE }, (_, i) => 975 - i));
    const third = await fetchTopPools(client, { chain: "ETHEREUM", versions: ["v3"], cursors: second.cursors });
    assert.equal(third.rows.length, 10);
    assert.equal(hasMore(third.cursors), false);
    assert.deepEqual(calls(), ["TopV3Pools null", "TopV3Pools 976", "TopV3Pools 951"]);
    assert.equal(first.rows[0].href, `/explore/pools/ethereum/0x${(1000).toString(16).padStart(40, "0")}`);
    assert.ok(Math.abs(Number(first.rows[0].apr) - ((100 * 0.003 * 365) / 1000) * 100) < 10 ** -9 / 2);
  });
});

Deno.test("chain transactions merge versions newest first and stop per version", async () => {
  await withFakeGateway(async (url, calls) => {
    const client = createGatewayClient({ url, timeoutMs: 2000 });
    const first = await fetchChainTransactions(client, { chain: "ETHEREUM" });
    assert.equal(first.rows.length, PAGE_SIZE + 5);
    const times = first.rows.map((r) => r.timestamp);
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
    assert.deepEqual(first.cursors, { v4: 10_000 - 24 * 10 - 4, v3: null, v2: null });
    const second = await fetchChainTransactions(client, { chain: "ETHEREUM", cursors: first.cursors });
    assert.equal(second.rows.length, 5);
    assert.equal(second.rows.every((r) => r.timestamp < first.cursors.v4!), true);
    assert.equal(hasMore(second.cursors), false);
    // The second page asks only the version that had more.
    assert.deepEqual(calls().slice(3), [`V4Transactions ${first.cursors.v4}`]);
  });
});
