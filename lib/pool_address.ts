/**
 * Where the Uniswap factories put a pool: V2 pairs and V3 pools are created
 * with CREATE2 from the factory, a salt of the sorted token pair (and the V3
 * fee) and the pool's creation code, so their address is known without asking
 * the chain. The init code hashes are those of the published artifacts
 * (`@uniswap/v2-core` `UniswapV2Pair`, `@uniswap/v3-core` `UniswapV3Pool`),
 * which are Ethereum's; the demo chain deploys the same code, so its pools and
 * the demo gateway's agree (`demo_chain/chain_test.ts` checks both).
 *
 * @module
 */
import { encodeAbiParameters, encodePacked, getAddress, getCreate2Address, keccak256 } from "viem";
import type { Address } from "./address.ts";

/** keccak256 of `UniswapV2Pair`'s creation code. */
export const V2_PAIR_INIT_CODE_HASH = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";
/** keccak256 of `UniswapV3Pool`'s creation code. */
export const V3_POOL_INIT_CODE_HASH = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";

/** The pair sorted as the factories sort it, checksummed (any spelling of an address is accepted). */
function sorted(tokenA: string, tokenB: string): [Address, Address] {
  const [a, b] = [getAddress(tokenA.toLowerCase()), getAddress(tokenB.toLowerCase())];
  if (a === b) throw new RangeError(`Cannot pair token ${tokenA} with itself`);
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
}

/** The V2 pair of two tokens (in any order) as `factory` creates it. */
export function v2PairAddress(factory: Address, tokenA: string, tokenB: string): Address {
  const [token0, token1] = sorted(tokenA, tokenB);
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(["address", "address"], [token0, token1])),
    bytecodeHash: V2_PAIR_INIT_CODE_HASH,
  });
}

/** The V3 pool of two tokens (in any order) and a fee tier as `factory` creates it. */
export function v3PoolAddress(factory: Address, tokenA: string, tokenB: string, options: { fee: number }): Address {
  const [token0, token1] = sorted(tokenA, tokenB);
  return getCreate2Address({
    from: factory,
    salt: keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [
        token0,
        token1,
        options.fee,
      ]),
    ),
    bytecodeHash: V3_POOL_INIT_CODE_HASH,
  });
}

/** The native currency in a V4 pool key: the zero address. */
export const V4_NATIVE_CURRENCY: Address = "0x0000000000000000000000000000000000000000";

/** The ABI parameter of a V4 `PoolKey` (as PoolManager, PositionManager, V4Quoter and the Universal Router take it). */
export const V4_POOL_KEY_ABI = {
  type: "tuple",
  components: [
    { name: "currency0", type: "address" },
    { name: "currency1", type: "address" },
    { name: "fee", type: "uint24" },
    { name: "tickSpacing", type: "int24" },
    { name: "hooks", type: "address" },
  ],
} as const;

/** A Uniswap V4 pool key: its two currencies (sorted; the native one is the zero address), fee, tick spacing, hook. */
export interface V4PoolKey {
  readonly currency0: Address;
  readonly currency1: Address;
  /** Fee in hundredths of a basis point, or `0x800000` for a dynamic fee. */
  readonly fee: number;
  readonly tickSpacing: number;
  /** The hook contract, or the zero address. */
  readonly hooks: Address;
}

/** The tick spacing of a V4 pool by its fee, as Uniswap's interface creates them (a dynamic fee: 60). */
export function v4TickSpacing(fee: number, isDynamicFee: boolean): number {
  if (isDynamicFee) return 60;
  return ({ 100: 1, 500: 10, 3000: 60, 10000: 200 } as Record<number, number>)[fee] ?? 60;
}

/**
 * The V4 pool key of two currencies (in any order; `null` or the zero address: the native currency), sorted as the
 * `PoolManager` requires.
 */
export function v4PoolKey(
  currencyA: string | null,
  currencyB: string | null,
  options: { fee: number; isDynamicFee?: boolean; hooks?: string | null },
): V4PoolKey {
  const address = (currency: string | null) => getAddress((currency ?? V4_NATIVE_CURRENCY).toLowerCase());
  const [a, b] = [address(currencyA), address(currencyB)];
  if (a === b) throw new RangeError(`Cannot pair currency ${currencyA} with itself`);
  const [currency0, currency1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  const dynamic = options.isDynamicFee ?? false;
  return {
    currency0,
    currency1,
    fee: dynamic ? 0x800000 : options.fee,
    tickSpacing: v4TickSpacing(options.fee, dynamic),
    hooks: address(options.hooks ?? null),
  };
}

/** A V4 pool's id: keccak256 of its ABI-encoded key, as `PoolIdLibrary.toId` computes it. */
export function v4PoolId(key: V4PoolKey): `0x${string}` {
  return keccak256(
    encodeAbiParameters(
      [
        { type: "address" },
        { type: "address" },
        { type: "uint24" },
        { type: "int24" },
        { type: "address" },
      ],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}
