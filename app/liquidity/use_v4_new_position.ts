/**
 * The state of the new V4 position form in one hook: the pair (picker keys;
 * ether is the zero-address currency, not WETH), the pool chosen among the
 * pair's initialised pools (the deepest preselected) or a new pool's fee,
 * the range, the amount typed and its side, the slippage; the reads
 * (pools, currencies, balances) and the figures of `v4_new_math.ts`.
 *
 * @module
 */
import { useState } from "react";
import { getAddress } from "viem";
import { type Address, isAddress, NATIVE_PLACEHOLDER } from "../../lib/address.ts";
import { type V4PoolKey, v4TickSpacing } from "../../lib/pool_address.ts";
import type { NewPositionData } from "../lib/wallet_loaders.ts";
import { parseSlippage } from "../lib/trade_math.ts";
import { tickToPrice } from "./v3_position.ts";
import type { RangePreset } from "./v3_range.ts";
import { balanceQuery } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import type { TokenOption } from "../lib/trade_loader.ts";
import type { TokenMeta } from "./liquidity_shared.tsx";
import { NATIVE } from "./v4_calls.ts";
import { v4PositionMath } from "./v4_new_math.ts";
import type { V4Pool } from "./v4_read.ts";
import { useCurrencyMeta, useV4PairPools } from "./use_v4_reads.ts";
import type { PublicClient } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";

/** The pool choice: an existing pool by id, or a new pool's fee (`new:3000`). */
export type PoolChoice = string;

const currencyOf = (key: string): Address | null =>
  key === NATIVE_PLACEHOLDER ? NATIVE : isAddress(key) ? getAddress(key) : null;

/** The pair's picker keys: the link's, else ether and USDC. */
function usePairKeys(data: NewPositionData) {
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => data.input ?? NATIVE_PLACEHOLDER);
  const [b, setB] = useState(() =>
    data.output ?? (listed.find((t) => t.symbol === "USDC") ?? listed.find((t) => t.key !== a))?.key ?? ""
  );
  const [ca, cb] = [currencyOf(a), currencyOf(b)];
  const pair: [Address, Address] | null = ca && cb && ca !== cb
    ? (BigInt(ca) < BigInt(cb) ? [ca, cb] : [cb, ca])
    : null;
  return { a, setA, b, setB, pair };
}

/** The chosen pool's key and state (`pool` null for a new pool). */
function chosenPool(
  pools: readonly V4Pool[] | undefined,
  choice: PoolChoice | null,
  pair: [Address, Address] | null,
  linkFee: number | null,
) {
  if (!pair) return { key: null, pool: null, fresh: false };
  // The link's fee tier (a pool page's "Add liquidity") when a pool has it, else the deepest pool.
  const linked = linkFee === null ? undefined : pools?.find((p) => p.key.fee === linkFee);
  const picked = choice ?? linked?.id ?? (pools && pools.length > 0 ? pools[0].id : pools ? "new:3000" : null);
  if (picked === null) return { key: null, pool: null, fresh: false };
  if (picked.startsWith("new:")) {
    const fee = Number(picked.slice(4));
    const key: V4PoolKey = {
      currency0: pair[0],
      currency1: pair[1],
      fee,
      tickSpacing: v4TickSpacing(fee, false),
      hooks: NATIVE,
    };
    // A "new" pool that turns out to exist is used as it is.
    const existing = pools?.find((p) => p.key.fee === fee && BigInt(p.key.hooks) === 0n) ?? null;
    return { key, pool: existing, fresh: existing === null };
  }
  const pool = pools?.find((p) => p.id === picked) ?? null;
  return { key: pool?.key ?? null, pool, fresh: false };
}

/** The form's state, reads and figures. */
export function useV4NewPosition(
  data: NewPositionData,
  client: PublicClient | null,
  chain: PublicChain | null,
  account: Address | null,
  tokens: readonly TokenOption[],
) {
  const { a, setA, b, setB, pair } = usePairKeys(data);
  const pairText = pair?.join(",") ?? "";
  // A choice belongs to its pair: another pair starts from its deepest pool again.
  const [picked, setPicked] = useState<{ pair: string; value: PoolChoice } | null>(null);
  const choice = picked?.pair === pairText ? picked.value : null;
  const setChoice = (value: PoolChoice) => setPicked({ pair: pairText, value });
  const [preset, setPreset] = useState<RangePreset>("full");
  const [typed, setTyped] = useState({ min: "", max: "" });
  const [startText, setStartText] = useState("");
  const [amount, setAmount] = useState<{ side: 0 | 1; text: string }>({ side: 0, text: "" });
  const [slippageText, setSlippageText] = useState("0.5");
  const slippage = parseSlippage(slippageText);
  const pools = useV4PairPools(client, chain?.contracts, pair);
  const meta = useCurrencyMeta(client, pair);
  const metas: [TokenMeta, TokenMeta] | null = pair && meta.data
    ? [meta.data.get(pair[0].toLowerCase())!, meta.data.get(pair[1].toLowerCase())!]
    : null;
  const balance0 = useAppQuery(
    balanceQuery(client, pair ? (BigInt(pair[0]) === 0n ? "native" : pair[0]) : null, account),
  );
  const balance1 = useAppQuery(balanceQuery(client, pair?.[1] ?? null, account));
  const { key, pool, fresh } = chosenPool(pools.data, choice, pair, data.fee);
  const priceOf = (t: Pick<TokenMeta, "address">) =>
    tokens.find((o) => o.key === (BigInt(t.address) === 0n ? NATIVE_PLACEHOLDER : t.address.toLowerCase()))?.price ??
      null;
  const deepest = pools.data?.[0] ?? null;
  const marketPrice = metas
    ? deepest
      ? tickToPrice(deepest.tick, metas[0].decimals, metas[1].decimals)
      : priceOf(metas[0]) && priceOf(metas[1])
      ? priceOf(metas[0])! / priceOf(metas[1])!
      : null
    : null;
  const math = v4PositionMath({
    pair: metas,
    pool,
    tickSpacing: key?.tickSpacing ?? 60,
    marketPrice,
    startText,
    preset,
    typed,
    amount,
    slippageBps: slippage.ok ? slippage.bps : 50,
    priceOf,
  });
  return {
    keys: { a, setA, b, setB },
    pair,
    pools,
    choice: choice ?? (pool?.id ?? (key ? `new:${key.fee}` : "")),
    setChoice,
    key,
    pool,
    fresh,
    range: { preset, setPreset, typed, setTyped },
    start: { text: startText, set: setStartText },
    amount,
    setAmount,
    slippage: { text: slippageText, set: setSlippageText, check: slippage },
    balances: [balance0.data ?? null, balance1.data ?? null] as const,
    /** A currency's USD price from the gateway (ether: the native token's). */
    priceOf,
    math,
  };
}

/** What {@linkcode useV4NewPosition} gives. */
export type V4NewPositionForm = ReturnType<typeof useV4NewPosition>;
