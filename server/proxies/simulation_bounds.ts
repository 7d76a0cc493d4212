/**
 * The bounds of `eth_simulateV1` through the `/rpc` proxy: the review before
 * a signature simulates its steps (approvals, then the action) in one call to
 * predict the balance changes. A simulation may hold at most
 * {@linkcode MAX_SIMULATED_BLOCKS} blocks and {@linkcode MAX_SIMULATED_CALLS}
 * calls, never asks for full transactions (answer size), and each call's gas
 * is capped like an `eth_call`'s, so one costs what a few `eth_call`s do.
 *
 * @module
 */

import { capGas } from "./call_gas.ts";

/** Simulated blocks of one `eth_simulateV1` at most. */
export const MAX_SIMULATED_BLOCKS = 2;
/** Calls of one `eth_simulateV1` at most (over all its blocks). */
export const MAX_SIMULATED_CALLS = 8;

/** The params of a simulation with every call's gas capped, or why it is refused. */
export function boundSimulation(
  params: unknown,
  gasCap: bigint,
): { ok: true; params: unknown[] } | { ok: false; error: string } {
  if (!Array.isArray(params) || params.length < 1 || params.length > 2) {
    return { ok: false, error: "eth_simulateV1 takes a payload and a block" };
  }
  const payload = params[0] as { blockStateCalls?: unknown; returnFullTransactions?: unknown } | null;
  if (!payload || typeof payload !== "object" || !Array.isArray(payload.blockStateCalls)) {
    return { ok: false, error: "eth_simulateV1 needs blockStateCalls" };
  }
  if (payload.returnFullTransactions === true) return { ok: false, error: "returnFullTransactions is not allowed" };
  const blocks = payload.blockStateCalls as unknown[];
  if (blocks.length < 1 || blocks.length > MAX_SIMULATED_BLOCKS) {
    return { ok: false, error: `eth_simulateV1 takes 1 to ${MAX_SIMULATED_BLOCKS} blocks` };
  }
  let count = 0;
  const capped: unknown[] = [];
  for (const block of blocks) {
    const calls = (block as { calls?: unknown } | null)?.calls;
    if (!block || typeof block !== "object" || (calls !== undefined && !Array.isArray(calls))) {
      return { ok: false, error: "eth_simulateV1 blocks hold lists of calls" };
    }
    const list = (calls ?? []) as unknown[];
    count += list.length;
    if (count > MAX_SIMULATED_CALLS) {
      return { ok: false, error: `eth_simulateV1 takes at most ${MAX_SIMULATED_CALLS} calls` };
    }
    capped.push({ ...block, calls: list.map((call) => capGas(call, gasCap)) });
  }
  return { ok: true, params: [{ ...payload, blockStateCalls: capped }, ...params.slice(1)] };
}
