/**
 * The deployer of the demo chain (`DEPLOYER`, impersonated: it has no key):
 * sends its transactions and places contracts at chosen addresses.
 *
 * A contract is placed by running its creation code in place: the target gets
 * the creation code as its code, a call from the deployer runs the
 * constructor there (storage, `address(this)` and `msg.sender` are the real
 * ones, so immutables are right) and returns the runtime code with its
 * immutables, which then replaces the creation code.
 *
 * @module
 */
import { type Hex, toHex } from "viem";
import type { Address } from "../lib/address.ts";
import type { EvmNode } from "./rpc.ts";
import { DEPLOYER } from "./accounts.ts";

/** What {@link createDeployer} gives. */
export interface Deployer {
  readonly node: EvmNode;
  /** Sends a transaction from the deployer and checks it succeeded (awaited: one at a time). */
  send(to: Address, data: Hex, options?: { value?: bigint }): Promise<void>;
  /** Runs `creationCode` (constructor arguments appended) at `target` and leaves its runtime code there. */
  deployAt(target: Address, creationCode: Hex): Promise<void>;
  /** An `eth_call` from the deployer. */
  call(to: Address, data: Hex): Promise<Hex>;
  /** Transactions sent so far. */
  transactions(): number;
}

/** A deployer for `node`: funds and impersonates {@link DEPLOYER} first. */
export async function createDeployer(node: EvmNode): Promise<Deployer> {
  let transactions = 0;
  // It pays for ~600 transactions and provides the pools' native ETH.
  await node.request("hardhat_setBalance", [DEPLOYER, toHex(10n ** 9n * 10n ** 18n)]);
  await node.request("hardhat_impersonateAccount", [DEPLOYER]);

  // Every receipt is awaited and checked: a contract's code is swapped for its runtime only once its constructor ran.
  async function send(to: Address, data: Hex, options: { value?: bigint } = {}): Promise<void> {
    const hash = await node.request<Hex>("eth_sendTransaction", [{
      from: DEPLOYER,
      to,
      data,
      value: toHex(options.value ?? 0n),
      gas: toHex(15_000_000),
    }]);
    transactions++;
    // The node answers once the transaction is mined (`rpc.ts`).
    const receipt = await node.request<{ status: Hex } | null>("eth_getTransactionReceipt", [hash]);
    if (receipt?.status !== "0x1") {
      throw new Error(`Demo chain deployment transaction to ${to} reverted: ${JSON.stringify(receipt)?.slice(0, 300)}`);
    }
  }
  const call = (to: Address, data: Hex) => node.request<Hex>("eth_call", [{ from: DEPLOYER, to, data }, "latest"]);
  return {
    node,
    send,
    call,
    async deployAt(target, creationCode) {
      await node.request("hardhat_setCode", [target, creationCode]);
      const runtime = await call(target, "0x");
      await send(target, "0x");
      await node.request("hardhat_setCode", [target, runtime]);
    },
    transactions: () => transactions,
  };
}
