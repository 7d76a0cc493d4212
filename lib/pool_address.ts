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
