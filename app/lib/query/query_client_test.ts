import assert from "node:assert/strict";
import { QueryObserver } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import { allowanceQuery, balanceQuery, chainKey, decimalsQuery, pickerBalancesQuery } from "./chain_reads.ts";
import { isRateLimited, queryClient } from "./query_client.ts";

const account = "0x00000000000000000000000000000000000000aa";
const token = "0x00000000000000000000000000000000000000Bb";

function fakeClient(calls: string[], fail?: Error): PublicClient {
  return {
    chain: { id: 31337 },
    getBalance: () => (calls.push("getBalance"), fail ? Promise.reject(fail) : Promise.resolve(5n)),
    readContract: ({ functionName }: { functionName: string }) => {
      calls.push(functionName);
      if (fail) return Promise.reject(fail);
      return Promise.resolve(functionName === "decimals" ? 6 : 7n);
    },
  } as unknown as PublicClient;
}

Deno.test("chain reads share the chain key, so one refresh reaches them all", () => {
  const client = fakeClient([]);
  assert.deepEqual(chainKey(client, "x"), ["chain", 31337, "x"]);
  assert.deepEqual(decimalsQuery(client, token).queryKey.slice(0, 3), ["chain", 31337, "decimals"]);
  assert.deepEqual(balanceQuery(client, token, account).queryKey[3], token.toLowerCase());
  assert.deepEqual(pickerBalancesQuery(client, null, [{ key: token }]).enabled, false);
});

Deno.test("a balance read runs once for two observers and again after invalidation", async () => {
  const calls: string[] = [];
  const qc = queryClient();
  const options = balanceQuery(fakeClient(calls), token, account);
  assert.deepEqual(await qc.fetchQuery(options), 7n);
  assert.deepEqual(await qc.fetchQuery(options), 7n);
  assert.deepEqual(calls, ["balanceOf"]);
  await qc.invalidateQueries({ queryKey: ["chain"] });
  assert.deepEqual(await qc.fetchQuery(options), 7n);
  assert.deepEqual(calls, ["balanceOf", "balanceOf"]);
  assert.deepEqual(await qc.fetchQuery(balanceQuery(fakeClient(calls), "native", account)), 5n);
  assert.deepEqual(await qc.fetchQuery(decimalsQuery(fakeClient(calls), "native")), 18);
});

Deno.test("a rate-limited read is not retried and reports its error", async () => {
  const calls: string[] = [];
  const qc = queryClient();
  const observer = new QueryObserver(qc, {
    ...balanceQuery(fakeClient(calls, new Error("HTTP request failed. Status: 429")), token, account),
  });
  const result = await new Promise<{ status: string; error: Error | null }>((resolve) => {
    const stop = observer.subscribe((r) => {
      if (r.status === "error") (stop(), resolve(r));
    });
  });
  assert.deepEqual(calls.length, 1);
  assert(isRateLimited(result.error));
  assert(!isRateLimited(new Error("execution reverted")));
});

Deno.test("an allowance is read when asked (stale at once), two reads at once share one call", async () => {
  const calls: string[] = [];
  const qc = queryClient();
  const options = allowanceQuery(fakeClient(calls), token, account, "0x00000000000000000000000000000000000000cc");
  assert.deepEqual(options.queryKey.slice(0, 3), ["chain", 31337, "allowance"]);
  const [a, b] = await Promise.all([qc.fetchQuery(options), qc.fetchQuery(options)]);
  assert.deepEqual([a, b], [7n, 7n]);
  assert.deepEqual(calls, ["allowance"]);
  await qc.fetchQuery(options);
  assert.deepEqual(calls, ["allowance", "allowance"], "a review opened later reads the chain again");
});
