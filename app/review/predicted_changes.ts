/**
 * The balance changes a review predicts by simulating its steps: every step
 * that carries its `request` (the approvals, then the action) runs in order
 * in one `eth_simulateV1` call (`traceTransfers`: ether moves show as
 * transfer logs of 0xEeee…EEeE), from the holder's account, on the latest
 * block; nothing is signed or sent. The holder's net change of each token
 * (ERC-20 `Transfer`s from or to the account, a position NFT's mint) is what
 * the sheet lists under "Balance changes (simulated)". The network fee is
 * not in it (the summary names it). A signature step (a Permit2 permit)
 * sends nothing and is skipped; the step after it carries what it grants as
 * `stateDiff`, the block's `stateOverrides`.
 *
 * A step names its request through the optional `request` field this module
 * adds to `ReviewStep` (`review_steps.ts` stays as it is).
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import { erc20Abi, type Hex, type PublicClient } from "viem";
import { chainKey } from "../lib/query/chain_reads.ts";
import type { Address } from "../../lib/address.ts";
import { formatUnitsGrouped } from "../lib/format.ts";
import type { ReviewStep } from "./review_steps.ts";

/** What a step sends, so that the review can simulate the whole flow first. */
export interface StepRequest {
  /** Reads the chain the step is sent on. */
  readonly client: PublicClient;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly value?: bigint;
  /**
   * Storage the simulation assumes (`stateDiff` by contract and slot): what a
   * signature step before it grants on chain once used (a Permit2 permit).
   */
  readonly stateDiff?: Readonly<Record<Address, Readonly<Record<Hex, Hex>>>>;
}

declare module "./review_steps.ts" {
  interface ReviewStep {
    /** What the step sends, for the review's simulation; without it the review lists the expected changes. */
    readonly request?: StepRequest;
  }
}

/** The ether pseudo-token of `traceTransfers` logs. */
export const NATIVE_TRANSFER_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** One log of a simulated call. */
export interface SimLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
}

/** A token's net change for the account: ERC-20 and ether amounts, or NFTs (ERC-721) gained or lost. */
export interface Delta {
  readonly token: string;
  readonly kind: "erc20" | "native" | "nft";
  readonly amount: bigint;
  /** The NFTs' token ids (ERC-721 only). */
  readonly ids: readonly bigint[];
}

const topicAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(-40)}`.toLowerCase() : "");

/** The account's net change of each token in `logs` (zero changes left out), in first-seen order. */
export function balanceDeltas(logs: readonly SimLog[], account: string): Delta[] {
  const me = account.toLowerCase();
  const deltas = new Map<string, { kind: Delta["kind"]; amount: bigint; ids: bigint[] }>();
  for (const log of logs) {
    if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || log.topics.length < 3) continue;
    const [from, to] = [topicAddress(log.topics[1]), topicAddress(log.topics[2])];
    if (from !== me && to !== me) continue;
    const token = log.address.toLowerCase();
    const nft = log.topics.length === 4;
    const kind = token === NATIVE_TRANSFER_ADDRESS ? "native" : nft ? "nft" : "erc20";
    const value = nft ? 1n : BigInt(log.data === "0x" ? 0 : log.data);
    const entry = deltas.get(token) ?? { kind, amount: 0n, ids: [] };
    const sign = (to === me ? 1n : 0n) - (from === me ? 1n : 0n);
    entry.amount += sign * value;
    if (nft && sign !== 0n) entry.ids.push(BigInt(log.topics[3]!));
    deltas.set(token, entry);
  }
  return [...deltas].filter(([, d]) => d.amount !== 0n).map(([token, d]) => ({ token, ...d }));
}

/** A prediction: the changes, or why the simulation says the flow would fail. */
export type Prediction =
  | { readonly ok: true; readonly changes: readonly { symbol: string; amount: string }[] }
  | { readonly ok: false; readonly error: string };

interface SimCall {
  readonly status: string;
  readonly logs?: readonly SimLog[];
  readonly error?: { readonly message?: string };
}

/** The steps' `stateDiff`s merged, as `eth_simulateV1` takes them; `null` when none has one. */
export function stateOverrides(requests: readonly StepRequest[]) {
  const merged: Record<string, { stateDiff: Record<string, Hex> }> = {};
  for (const diff of requests.map((r) => r.stateDiff ?? {})) {
    for (const [address, slots] of Object.entries(diff)) {
      const entry = merged[address.toLowerCase()] ??= { stateDiff: {} };
      Object.assign(entry.stateDiff, slots);
    }
  }
  return Object.keys(merged).length > 0 ? merged : null;
}

/**
 * The steps' requests simulated in order; `null` when a transaction step has
 * none (nothing to predict from). A signature step sends nothing: what it
 * grants comes in as the next request's `stateDiff`.
 */
export async function predictChanges(steps: readonly ReviewStep[]): Promise<Prediction | null> {
  const sent = steps.map((step, index) => ({ step, index })).filter(({ step }) => step.kind !== "signature");
  const requests = sent.map(({ step }) => step.request);
  if (requests.length === 0 || requests.some((r) => !r)) return null;
  const { client, from } = requests[0]!;
  const calls = requests.map((r) => ({
    from: r!.from,
    to: r!.to,
    data: r!.data,
    ...(r!.value ? { value: `0x${r!.value.toString(16)}` } : {}),
  }));
  const overrides = stateOverrides(requests as StepRequest[]);
  const block = { ...(overrides ? { stateOverrides: overrides } : {}), calls };
  const blocks = await client.request({
    method: "eth_simulateV1" as never,
    params: [{ blockStateCalls: [block], traceTransfers: true, validation: false }, "latest"] as never,
  }) as readonly { calls: readonly SimCall[] }[];
  const results = blocks[0]?.calls ?? [];
  const failed = results.findIndex((c) => c.status !== "0x1");
  if (failed !== -1) {
    const why = results[failed]?.error?.message ?? "reverted";
    const { index, step } = sent[failed] ?? { index: failed, step: steps[failed] };
    return { ok: false, error: `The simulation says step ${index + 1} (${step?.title}) would fail: ${why}` };
  }
  const deltas = balanceDeltas(results.flatMap((c) => c.logs ?? []), from);
  return { ok: true, changes: await describe(client, deltas, client.chain?.nativeCurrency.symbol ?? "ETH") };
}

/** Each change as the sheet prints it: "−1,000 USDC", "+0.31 ETH", "+1 UNI-V3-POS #12". */
async function describe(client: PublicClient, deltas: readonly Delta[], native: string) {
  const tokens = deltas.filter((d) => d.kind !== "native").map((d) => d.token as Address);
  const reads = tokens.length === 0 ? [] : await client.multicall({
    contracts: tokens.flatMap((address) => [
      { address, abi: erc20Abi, functionName: "symbol" } as const,
      { address, abi: erc20Abi, functionName: "decimals" } as const,
    ]),
    allowFailure: true,
    deployless: !client.chain?.contracts?.multicall3,
  });
  return deltas.map((d) => {
    const i = tokens.indexOf(d.token as Address);
    const symbol = d.kind === "native" ? native : String(reads[2 * i]?.result ?? `${d.token.slice(0, 8)}…`);
    const sign = d.amount < 0n ? "−" : "+";
    const abs = d.amount < 0n ? -d.amount : d.amount;
    if (d.kind === "nft") {
      return { symbol: `${symbol} ${d.ids.map((id) => `#${id}`).join(", ")}`, amount: `${sign}${abs}` };
    }
    const decimals = d.kind === "native" ? 18 : Number(reads[2 * i + 1]?.result ?? 18);
    return { symbol, amount: `${sign}${formatUnitsGrouped(abs, decimals)}` };
  });
}

/**
 * The prediction of `steps` as a query on the chain key, keyed by what they
 * send (a review of other calls is another query); not refetched while the
 * holder reads the sheet, never retried.
 */
export function predictionQuery(steps: readonly ReviewStep[] | null) {
  const first = steps?.[0]?.request;
  const sent = (steps ?? []).map((s) =>
    s.request
      ? `${s.request.to}:${s.request.data}:${s.request.value ?? 0n}:${JSON.stringify(s.request.stateDiff ?? {})}`
      : "-"
  );
  return queryOptions({
    queryKey: chainKey(first?.client ?? null, "simulation", first?.from.toLowerCase() ?? null, sent.join("|")),
    queryFn: () => predictChanges(steps ?? []),
    enabled: steps !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** A step's request: `tx` sent by `who.from`, read through `who.client`. */
export function requestOf(
  who: { readonly client: PublicClient; readonly from: Address },
  tx: { readonly to: Address; readonly data: Hex; readonly value?: bigint },
  stateDiff?: StepRequest["stateDiff"],
): StepRequest {
  return { client: who.client, from: who.from, to: tx.to, data: tx.data, value: tx.value, stateDiff };
}
