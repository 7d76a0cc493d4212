import assert from "node:assert/strict";
import {
  createPublicClient,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  toHex,
} from "viem";
import type { Address } from "../../lib/address.ts";
import type { V4PoolKey } from "../../lib/pool_address.ts";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import { DEV_ACCOUNTS, DEV_MNEMONIC, startDemoChain } from "../../demo_chain/mod.ts";
import { mnemonicToAccount } from "viem/accounts";
import { decodePermit2Allowance, permit2AllowanceCall } from "../lib/permit2.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import { permitBatch, permitBatchTypedData, withPermitBatch } from "./v4_permit.ts";
import { fullRangeTicks } from "./v3_range.ts";
import { amountsForLiquidity, nearestUsableTick } from "./v3_position.ts";
import {
  buildV4Decrease,
  buildV4Increase,
  buildV4Mint,
  decodePositionInfo,
  feesOwed,
  maxAmounts,
  mintLiquidity,
  NATIVE,
  unlockData,
  V4_ACTIONS,
} from "./v4_calls.ts";
import { holderV4Ids, readPairPools, readV4RowsByIds } from "./v4_read.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const USDT = getAddress("0xdAC17F958D2ee523a2206206994597C13D831ec7");

Deno.test("decodePositionInfo unpacks negative and positive ticks", () => {
  const pack = (lower: number, upper: number, sub: number) =>
    (0xabcdefn << 56n) | (BigInt(upper & 0xffffff) << 32n) | (BigInt(lower & 0xffffff) << 8n) | BigInt(sub);
  assert.deepEqual(decodePositionInfo(pack(-887220, 887220, 0)), {
    tickLower: -887220,
    tickUpper: 887220,
    hasSubscriber: false,
  });
  assert.deepEqual(decodePositionInfo(pack(-60, -10, 1)), { tickLower: -60, tickUpper: -10, hasSubscriber: true });
});

Deno.test("unlockData packs one byte per action and refuses a missing parameter", () => {
  const data = unlockData([V4_ACTIONS.MINT_POSITION, V4_ACTIONS.SETTLE_PAIR], ["0x01", "0x02"]);
  const [actions, params] = decodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], data);
  assert.equal(actions, "0x020d");
  assert.deepEqual(params, ["0x01", "0x02"]);
  assert.throws(() => unlockData([V4_ACTIONS.MINT_POSITION], []), /1 actions with 0 parameters/);
});

Deno.test("feesOwed wraps 256-bit growth like Position.sol", () => {
  const q128 = 2n ** 128n;
  const owed = feesOwed(1000n, { growth0: 5n * q128, growth1: 1n }, { growth0: 2n * q128, growth1: 2n ** 256n - q128 });
  assert.equal(owed.amount0, 3000n);
  assert.equal(owed.amount1, 1000n); // (1 - (2^256 - q128)) mod 2^256 = q128 + 1 → 1000
});

Deno.test("mintLiquidity never asks more than typed; maxAmounts adds the slippage", () => {
  const sqrt = 2n ** 96n; // price 1
  const [lower, upper] = [-600, 600];
  const l = mintLiquidity(sqrt, lower, upper, 10n ** 18n, 10n ** 18n);
  const held = amountsForLiquidity(sqrt, lower, upper, l);
  assert.ok(held.amount0 <= 10n ** 18n && held.amount0 > 10n ** 18n * 999n / 1000n, `${held.amount0}`);
  const max = maxAmounts(sqrt, lower, upper, l, 100);
  assert.ok(max.amount0Max > held.amount0 * 1009n / 1000n && max.amount0Max <= held.amount0 * 1011n / 1000n);
  // Above the range: token1 only.
  assert.equal(mintLiquidity(sqrt, -1200, -600, 0n, 10n ** 18n) > 0n, true);
});

/** A V4 `SWAP_EXACT_IN_SINGLE` of `amountIn` ether for currency1 through the Universal Router. */
function swapEtherInput(key: V4PoolKey, amountIn: bigint): Hex {
  const poolKey = {
    name: "poolKey",
    type: "tuple",
    components: [
      { name: "currency0", type: "address" },
      { name: "currency1", type: "address" },
      { name: "fee", type: "uint24" },
      { name: "tickSpacing", type: "int24" },
      { name: "hooks", type: "address" },
    ],
  } as const;
  const input = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], ["0x060c0f", [
    encodeAbiParameters([{
      type: "tuple",
      components: [poolKey, { name: "zeroForOne", type: "bool" }, { name: "amountIn", type: "uint128" }, {
        name: "amountOutMinimum",
        type: "uint128",
      }, { name: "hookData", type: "bytes" }],
    }], [{ poolKey: key, zeroForOne: true, amountIn, amountOutMinimum: 1n, hookData: "0x" }]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key.currency0, amountIn]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key.currency1, 1n]),
  ]]);
  return encodeFunctionData({
    abi: parseAbi(["function execute(bytes commands, bytes[] inputs, uint256 deadline) payable"]),
    functionName: "execute",
    args: ["0x10", [input], BigInt(Math.floor(Date.now() / 1000) + 600)],
  });
}

/** Sends, reads and signs as development account 6 on a demo chain (impersonated; permits signed by its key). */
async function chainKit(chain: Awaited<ReturnType<typeof startDemoChain>>) {
  const me = DEV_ACCOUNTS[6] as Address;
  await chain.node.request("hardhat_impersonateAccount", [me]);
  const client = createPublicClient({ transport: http(chain.url) });
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
  const send = async (tx: { to: Address; data: `0x${string}`; value: bigint }) => {
    const hash = await chain.node.request<`0x${string}`>("eth_sendTransaction", [{
      from: me,
      to: tx.to,
      data: tx.data,
      value: toHex(tx.value),
    }]);
    const receipt = await client.getTransactionReceipt({ hash });
    assert.equal(receipt.status, "success", tx.data.slice(0, 10));
    return receipt;
  };
  const balanceOf = (token: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [me] });
  // Permit2's way, as the UI: one exact ERC-20 approval of Permit2 each, then a signed PermitBatch per action.
  const signer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 6 });
  assert.equal(signer.address, me);
  const permitted = async (tx: TxRequest, spends: [Address, bigint][]) => {
    const nonces = await Promise.all(
      spends.map(async ([token]) =>
        decodePermit2Allowance(
          (await client.call({ to: C.permit2, data: permit2AllowanceCall(me, token, C.v4PositionManager) })).data!,
        ).nonce
      ),
    );
    const batch = permitBatch(
      spends.map(([token, amount], i) => ({ token, amount, nonce: nonces[i] })),
      C.v4PositionManager,
      Math.floor(Date.now() / 1000),
    );
    const signature = await signer.signTypedData(permitBatchTypedData(batch, { chainId: 31337, permit2: C.permit2 }));
    return withPermitBatch(tx, me, batch, signature);
  };
  return { me, client, deadline, send, balanceOf, permitted };
}

Deno.test("against the demo chain: mint V4 positions (ERC-20 and native), list, read, increase, collect, decrease", async () => {
  const chain = await startDemoChain();
  try {
    const { me, client, deadline, send, balanceOf, permitted } = await chainKit(chain);
    for (const token of [USDC, USDT]) {
      await send({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [C.permit2, maxUint256] }),
        value: 0n,
      });
    }

    const stable = await readPairPools(client, C, USDC, USDT);
    assert.equal(stable[0]?.key.fee, 100, "the USDC/USDT 0.01% pool");
    const eth = await readPairPools(client, C, NATIVE, USDC);
    assert.ok(eth.some((p) => BigInt(p.key.hooks) !== 0n), "the hooked ETH/USDC pool is found through the manager");

    // ERC-20 pair, custom range around the price.
    const p = stable[0];
    const [lo, hi] = [nearestUsableTick(p.tick - 50, 1), nearestUsableTick(p.tick + 50, 1)];
    const l1 = mintLiquidity(p.sqrtPriceX96, lo, hi, 1000_000000n, 1000_000000n);
    const m1 = maxAmounts(p.sqrtPriceX96, lo, hi, l1, 50);
    const mint1 = await permitted(
      buildV4Mint(C.v4PositionManager, {
        key: p.key,
        tickLower: lo,
        tickUpper: hi,
        liquidity: l1,
        ...m1,
        recipient: me,
      }, deadline),
      [[USDC, m1.amount0Max], [USDT, m1.amount1Max]],
    );
    assert.match(mint1.label, /^PositionManager\.multicall\(permitBatch, modifyLiquidities\(MINT_POSITION\)\)$/);
    await send(mint1);

    // Native pool, full range, ETH as value.
    const e = eth[0];
    const [flo, fhi] = fullRangeTicks(e.key.tickSpacing);
    const l2 = mintLiquidity(e.sqrtPriceX96, flo, fhi, 10n ** 17n, 10n ** 12n);
    const m2 = maxAmounts(e.sqrtPriceX96, flo, fhi, l2, 50);
    const before = await client.getBalance({ address: me });
    const mint2 = await permitted(
      buildV4Mint(C.v4PositionManager, {
        key: e.key,
        tickLower: flo,
        tickUpper: fhi,
        liquidity: l2,
        ...m2,
        recipient: me,
      }, deadline),
      [[USDC, m2.amount1Max]],
    );
    assert.equal(mint2.value, m2.amount0Max);
    await send(mint2);
    assert.ok(before - (await client.getBalance({ address: me })) < m2.amount0Max + 10n ** 16n);

    const ids = await holderV4Ids(client, C, me);
    assert.equal(ids.length, 2);
    const rows = await readV4RowsByIds(client, C, ids);
    const [native, erc] = rows; // newest first
    assert.equal(erc.liquidity, l1);
    assert.equal(erc.tickLower, lo);
    assert.equal(erc.status, "in-range");
    assert.equal(native.key.currency0, NATIVE);
    assert.equal(native.token0.symbol, "ETH");
    assert.equal(native.owner, me);
    assert.deepEqual(native.fees, { amount0: 0n, amount1: 0n });

    // Increase the native position: ETH as value, swept back what is not used.
    const more = l2 / 2n;
    const mm = maxAmounts(e.sqrtPriceX96, flo, fhi, more, 50);
    const inc = await permitted(
      buildV4Increase(C.v4PositionManager, {
        key: e.key,
        tokenId: native.tokenId,
        liquidity: more,
        ...mm,
        recipient: me,
      }, deadline),
      [[USDC, mm.amount1Max]],
    );
    assert.ok(inc.value > 0n);
    await send(inc);
    const [after] = await readV4RowsByIds(client, C, [native.tokenId]);
    assert.equal(after.liquidity, l2 + more);

    // A trader's swap earns the position fees; StateView's fee growth says how much; collecting pays exactly that.
    const trader = DEV_ACCOUNTS[7] as Address;
    await chain.node.request("hardhat_impersonateAccount", [trader]);
    const swapHash = await chain.node.request<`0x${string}`>("eth_sendTransaction", [{
      from: trader,
      to: C.universalRouter,
      value: toHex(5n * 10n ** 18n),
      data: swapEtherInput(e.key, 5n * 10n ** 18n),
    }]);
    assert.equal((await client.getTransactionReceipt({ hash: swapHash })).status, "success");
    const [earned] = await readV4RowsByIds(client, C, [native.tokenId]);
    assert.ok(earned.fees && earned.fees.amount0 > 0n && earned.fees.amount1 === 0n, `fees ${earned.fees?.amount0}`);
    const [eth0, usdc0] = [await client.getBalance({ address: me }), await balanceOf(USDC)];
    const collected = await send(
      buildV4Decrease(C.v4PositionManager, {
        key: e.key,
        tokenId: native.tokenId,
        liquidity: 0n,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: me,
      }, deadline),
    );
    const gas = collected.gasUsed * collected.effectiveGasPrice;
    assert.equal(await client.getBalance({ address: me }) - eth0 + gas, earned.fees.amount0);
    assert.equal(await balanceOf(USDC), usdc0);
    const [settled] = await readV4RowsByIds(client, C, [native.tokenId]);
    assert.deepEqual(settled.fees, { amount0: 0n, amount1: 0n });
    const half = after.liquidity / 2n;
    await send(
      buildV4Decrease(C.v4PositionManager, {
        key: e.key,
        tokenId: native.tokenId,
        liquidity: half,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: me,
      }, deadline),
    );
    const [last] = await readV4RowsByIds(client, C, [native.tokenId]);
    assert.equal(last.liquidity, after.liquidity - half);
  } finally {
    await chain.close();
  }
});
