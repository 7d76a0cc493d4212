/**
 * Position previews read on chain: one JSON-RPC `eth_call` per position,
 * whatever the version. The call carries the creation code of
 * `position_lens.sol` and no `to`, so nothing needs to be deployed (no
 * Multicall3 either: the demo chain has none); its constructor asks
 * the NonfungiblePositionManager for `positions(tokenId)`, the factory for the
 * pool, the pool for `slot0`, and both tokens for `symbol` and `decimals` (V3),
 * or the pair for its tokens, reserves and total supply (V2), and returns the
 * raw answers, decoded here.
 *
 * - V3: status `closed` when the liquidity is 0, `in-range` when
 *   `tickLower <= tick < tickUpper`, else `out-of-range`; the range is the
 *   ticks' prices of token0 in token1, adjusted by both tokens' decimals.
 * - V2: a pair is full range (`0` to `∞`): `in-range` while it has a supply
 *   and reserves, else `closed`.
 * - V4: the same through `position_lens_v4.sol`: the V4 PositionManager's
 *   pool key and packed range, `getPositionLiquidity`, StateView's `getSlot0`
 *   of the pool id; native currency (address 0) reads the chain's native
 *   symbol and decimals; a dynamic-fee pool's fee is its current LP fee,
 *   flagged `isDynamicFee`. A burned or never-minted id has an empty pool key:
 *   unknown.
 *
 * `null` means the chain has no RPC or no known Uniswap deployment, or the
 * position does not exist; a failed call (network, timeout, JSON-RPC error
 * other than a revert) throws.
 *
 * @module
 */
import { decodeAbiParameters, encodeAbiParameters, hexToString, isAddress } from "viem";
import { EVM_CHAINS, type UniswapContracts } from "../../lib/chains.ts";
import type { PositionPreviewData, PositionStatus } from "../../lib/preview_types.ts";
import { readTextCapped } from "../../lib/read_capped.ts";
import { V2_FEE_TIER } from "../../lib/fees.ts";
import { POSITION_LENS_CODE } from "./position_lens.ts";
import { POSITION_LENS_V4_CODE } from "./position_lens_v4.ts";

/** A position version as it appears in URLs. */
export type PositionVersion = "v2" | "v3" | "v4";

/** Lowest tick of a V3 pool (`TickMath.MIN_TICK`). */
export const MIN_TICK = -887272;

/** Ticks this close to either end (the widest tick spacing) read as a full range: `0` and `∞`. */
const FULL_RANGE_MARGIN = 200;

/** Largest JSON-RPC answer read, in bytes (the lens answers about 1 KB). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Default deadline of the one call, in ms. */
export const DEFAULT_RPC_TIMEOUT_MS = 5_000;

/** What a position read gives: the card's data plus the token addresses (for logos). */
export interface PositionRead extends PositionPreviewData {
  readonly token0: string;
  readonly token1: string;
}

/** Options of {@linkcode readPosition}. */
export interface ReadPositionOptions {
  /** The JSON-RPC endpoint of a chain URL name (`ethereum`), or `null` when the service has none. */
  readonly rpcUrlOf: (chainName: string) => string | null | Promise<string | null>;
  /** Deadline of the call in ms; default {@linkcode DEFAULT_RPC_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** The fetch used for the call; default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
}

/** Raised when the RPC cannot be read (not for an unknown position). */
export class PositionReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PositionReadError";
  }
}

/** A V3/V4 token id (decimal, at most 78 digits, below 2^256) as a bigint, or `null`. */
export function parseTokenId(id: string): bigint | null {
  if (!/^[0-9]{1,78}$/.test(id)) return null;
  const value = BigInt(id);
  return value < 2n ** 256n ? value : null;
}

/**
 * A price for a card: 5 significant digits, no exponent between 1e-6 and 1e9,
 * trailing zeros dropped (`0.00031`, `1234.5`, `1.2346e+12`).
 */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price)) return "∞";
  if (price === 0) return "0";
  if (price >= 1e-6 && price < 1e9) {
    const fixed = Number(price.toPrecision(5));
    return fixed.toLocaleString("en-US", { maximumFractionDigits: 12, useGrouping: false });
  }
  return price.toExponential(4).replace(/\.?0+e/, "e");
}

/** The price of token0 in token1 at `tick`, with the tokens' decimals; `0` and `∞` at the ends of the range. */
export function tickPrice(tick: number, decimals0: number, decimals1: number, end: "lower" | "upper"): string {
  if (end === "lower" && tick <= MIN_TICK + FULL_RANGE_MARGIN) return "0";
  if (end === "upper" && tick >= -MIN_TICK - FULL_RANGE_MARGIN) return "∞";
  return formatPrice(Math.pow(1.0001, tick) * Math.pow(10, decimals0 - decimals1));
}

/** Status of a V3 position from its liquidity and range and the pool's current tick. */
export function positionStatus(
  liquidity: bigint,
  tickLower: number,
  tickUpper: number,
  tick: number | null,
): PositionStatus {
  if (liquidity === 0n) return "closed";
  if (tick === null) return "out-of-range";
  return tick >= tickLower && tick < tickUpper ? "in-range" : "out-of-range";
}

/** A token symbol from a `symbol()` answer: an ABI string, or a `bytes32` (MKR); `null` when neither. */
export function decodeSymbol(answer: `0x${string}`): string | null {
  if (answer.length <= 2) return null;
  try {
    const [text] = decodeAbiParameters([{ type: "string" }], answer);
    return text === "" ? null : text;
  } catch {
    if (answer.length !== 66) return null;
    const text = hexToString(answer, { size: 32 }).replace(/\0+$/, "");
    return text === "" ? null : text;
  }
}

function decodeDecimals(answer: `0x${string}`): number | null {
  if (answer.length < 66) return null;
  const [value] = decodeAbiParameters([{ type: "uint256" }], answer);
  return value <= 255n ? Number(value) : null;
}

/** The data of an `eth_call` that reads one position through the lens. */
export function lensCallData(contracts: UniswapContracts, version: "v2" | "v3", id: string): `0x${string}` {
  const v3 = version === "v3";
  const args = encodeAbiParameters(
    [{ type: "bool" }, { type: "address" }, { type: "address" }, { type: "uint256" }],
    [
      v3,
      (v3 ? contracts.v3PositionManager : id) as `0x${string}`,
      contracts.v3Factory,
      v3 ? BigInt(id) : 0n,
    ],
  );
  return `${POSITION_LENS_CODE}${args.slice(2)}` as `0x${string}`;
}

/** The data of an `eth_call` that reads one V4 position through the V4 lens. */
export function lensV4CallData(contracts: UniswapContracts, tokenId: bigint): `0x${string}` {
  const args = encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint256" }],
    [contracts.v4PositionManager, contracts.v4StateView, tokenId],
  );
  return `${POSITION_LENS_V4_CODE}${args.slice(2)}` as `0x${string}`;
}

/** The fee of a V4 pool key whose LP fee its hook sets (`LPFeeLibrary.DYNAMIC_FEE_FLAG`). */
export const DYNAMIC_FEE_FLAG = 0x800000;

/** Cleans a symbol the way every preview text is (the caller passes `displayText`). */
type CleanText = (value: string | null) => string | null;

/**
 * Decodes the lens's answer into the card's data; `null` when the position
 * (V3: no such token id; V2: not a pair) does not exist.
 */
export function decodeLensAnswer(
  version: "v2" | "v3",
  answer: `0x${string}`,
  clean: CleanText,
): PositionRead | null {
  const [token0, token1, answers] = decodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "bytes[6]" }],
    answer,
  );
  const zero = /^0x0{40}$/;
  if (zero.test(token0) || zero.test(token1)) return null;
  const decimals0 = decodeDecimals(answers[4]) ?? 18;
  const decimals1 = decodeDecimals(answers[5]) ?? 18;
  const common = {
    token0,
    token1,
    token0Symbol: clean(decodeSymbol(answers[2])),
    token1Symbol: clean(decodeSymbol(answers[3])),
    token0Image: null,
    token1Image: null,
  };
  if (version === "v2") {
    if (answers[0].length < 2 + 64 * 3 || answers[1].length < 66) return null;
    const [reserve0, reserve1] = decodeAbiParameters([{ type: "uint112" }, { type: "uint112" }], answers[0]);
    const [supply] = decodeAbiParameters([{ type: "uint256" }], answers[1]);
    const open = supply > 0n && reserve0 > 0n && reserve1 > 0n;
    return {
      ...common,
      protocolVersion: "V2",
      feeTier: V2_FEE_TIER,
      priceLower: "0",
      priceUpper: "∞",
      status: open ? "in-range" : "closed",
    };
  }
  if (answers[0].length < 2 + 64 * 12) return null;
  const [, , , , fee, tickLower, tickUpper, liquidity] = decodeAbiParameters(
    [
      { type: "uint96" },
      { type: "address" },
      { type: "address" },
      { type: "address" },
      { type: "uint24" },
      { type: "int24" },
      { type: "int24" },
      { type: "uint128" },
    ],
    answers[0],
  );
  let tick: number | null = null;
  if (answers[1].length >= 2 + 64 * 2) {
    [, tick] = decodeAbiParameters([{ type: "uint160" }, { type: "int24" }], answers[1]);
  }
  return {
    ...common,
    protocolVersion: "V3",
    feeTier: fee,
    priceLower: tickPrice(tickLower, decimals0, decimals1, "lower"),
    priceUpper: tickPrice(tickUpper, decimals0, decimals1, "upper"),
    status: positionStatus(liquidity, tickLower, tickUpper, tick),
  };
}

/** The ticks packed in a V4 `PositionInfo`: `| 200 bits pool id | tickUpper | tickLower | 8 bits subscriber |`. */
export function unpackPositionInfo(info: bigint): { tickLower: number; tickUpper: number } {
  const int24 = (value: bigint) => {
    const raw = Number(value & 0xffffffn);
    return raw >= 0x800000 ? raw - 0x1000000 : raw;
  };
  return { tickLower: int24(info >> 8n), tickUpper: int24(info >> 32n) };
}

/**
 * Decodes the V4 lens's answer into the card's data; `null` when the token id
 * has no pool key (never minted, or burned). `native` is the chain's native
 * currency (currency 0 at address 0).
 */
export function decodeLensV4Answer(
  answer: `0x${string}`,
  clean: CleanText,
  native: { readonly symbol: string; readonly decimals: number },
): PositionRead | null {
  const [currency0, currency1, answers] = decodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "bytes[7]" }],
    answer,
  );
  const zero = /^0x0{40}$/;
  if (zero.test(currency1) || answers[0].length < 2 + 64 * 6) return null;
  const [key, info] = decodeAbiParameters(
    [{
      type: "tuple",
      components: [
        { name: "currency0", type: "address" },
        { name: "currency1", type: "address" },
        { name: "fee", type: "uint24" },
        { name: "tickSpacing", type: "int24" },
        { name: "hooks", type: "address" },
      ],
    }, { type: "uint256" }],
    answers[0],
  );
  const isNative = zero.test(currency0);
  const decimals0 = isNative ? native.decimals : decodeDecimals(answers[4]) ?? 18;
  const decimals1 = decodeDecimals(answers[5]) ?? 18;
  let tick: number | null = null;
  let lpFee: number | null = null;
  if (answers[1].length >= 2 + 64 * 4) {
    [, tick, , lpFee] = decodeAbiParameters(
      [{ type: "uint160" }, { type: "int24" }, { type: "uint24" }, { type: "uint24" }],
      answers[1],
    );
  }
  const liquidity = answers[6].length >= 66 ? decodeAbiParameters([{ type: "uint128" }], answers[6])[0] : 0n;
  const { tickLower, tickUpper } = unpackPositionInfo(info);
  const isDynamicFee = key.fee === DYNAMIC_FEE_FLAG;
  return {
    token0: currency0,
    token1: currency1,
    token0Symbol: isNative ? clean(native.symbol) : clean(decodeSymbol(answers[2])),
    token1Symbol: clean(decodeSymbol(answers[3])),
    token0Image: null,
    token1Image: null,
    protocolVersion: "V4",
    feeTier: isDynamicFee ? lpFee : key.fee,
    ...(isDynamicFee ? { isDynamicFee } : {}),
    priceLower: tickPrice(tickLower, decimals0, decimals1, "lower"),
    priceUpper: tickPrice(tickUpper, decimals0, decimals1, "upper"),
    status: positionStatus(liquidity, tickLower, tickUpper, tick),
  };
}

/**
 * Reads a position on chain in one JSON-RPC call. `chainName` is the chain's
 * URL name (`ethereum`); `id` is the pair address (v2) or the token id (v3, v4).
 */
export async function readPosition(
  version: PositionVersion,
  chainName: string,
  id: string,
  clean: CleanText,
  options: ReadPositionOptions,
): Promise<PositionRead | null> {
  const network = chainName.toLowerCase();
  const chain = Object.hasOwn(EVM_CHAINS, network) ? EVM_CHAINS[network] : undefined;
  if (chain === undefined) return null;
  if (version === "v2" ? !isAddress(id, { strict: false }) : parseTokenId(id) === null) return null;
  const url = await options.rpcUrlOf(network);
  if (url === null) return null;
  const fetch = options.fetch ?? globalThis.fetch;
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "eth_call",
    params: [{
      data: version === "v4" ? lensV4CallData(chain.contracts, BigInt(id)) : lensCallData(chain.contracts, version, id),
      gas: "0x1c9c380",
    }, "latest"],
  });
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PositionReadError(`Cannot read ${version} position ${id} on ${network}: ${errorMessage(error)}`);
  }
  const text = await readTextCapped(response.body, MAX_ANSWER_BYTES);
  if (!response.ok || text === null) {
    throw new PositionReadError(
      `Cannot read ${version} position ${id} on ${network}: RPC answered ${response.status}` +
        (text === null ? ` over ${MAX_ANSWER_BYTES} bytes` : ""),
    );
  }
  let parsed: { result?: unknown; error?: { message?: unknown } };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PositionReadError(`Cannot read ${version} position ${id} on ${network}: the RPC answer is not JSON`);
  }
  if (parsed.error !== undefined) {
    const message = String(parsed.error?.message ?? "");
    // A revert means the lens met no such pair or position (or a hostile one): unknown, not a failure.
    if (/revert/i.test(message)) return null;
    throw new PositionReadError(`Cannot read ${version} position ${id} on ${network}: RPC error ${message}`);
  }
  if (typeof parsed.result !== "string" || !/^0x[0-9a-f]*$/i.test(parsed.result)) {
    throw new PositionReadError(`Cannot read ${version} position ${id} on ${network}: expected a hex result`);
  }
  try {
    const result = parsed.result as `0x${string}`;
    return version === "v4"
      ? decodeLensV4Answer(result, clean, chain.nativeCurrency)
      : decodeLensAnswer(version, result, clean);
  } catch {
    return null;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
