import assert from "node:assert/strict";
import { encodeAbiParameters, encodeEventTopics, parseAbi } from "viem";
import { mintedTokenId } from "./minted_position.ts";

const ABI = parseAbi([
  "event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
]);
const MANAGER: `0x${string}` = "0xC36442b4a4522E871399CD717aBDD847Ab11FE88";
const ME: `0x${string}` = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const transfer = (id: bigint, address = MANAGER) => ({
  address,
  data: "0x" as const,
  topics: encodeEventTopics({
    abi: ABI,
    eventName: "Transfer",
    args: { from: "0x0000000000000000000000000000000000000000", to: ME, tokenId: id },
  }) as [`0x${string}`, ...`0x${string}`[]],
});
const increase = (id: bigint) => ({
  address: MANAGER,
  data: encodeAbiParameters([{ type: "uint128" }, { type: "uint256" }, { type: "uint256" }], [5n, 6n, 7n]),
  topics: encodeEventTopics({ abi: ABI, eventName: "IncreaseLiquidity", args: { tokenId: id } }) as [
    `0x${string}`,
    ...`0x${string}`[],
  ],
});

Deno.test("mintedTokenId: IncreaseLiquidity of the manager names the position", () => {
  assert.equal(mintedTokenId([transfer(41n), increase(42n)], MANAGER), 42n);
});

Deno.test("mintedTokenId: a mint Transfer alone names it; other contracts' logs are ignored", () => {
  assert.equal(mintedTokenId([transfer(7n)], MANAGER), 7n);
  assert.equal(mintedTokenId([transfer(7n, ME)], MANAGER), null);
  assert.equal(mintedTokenId([], MANAGER), null);
});
