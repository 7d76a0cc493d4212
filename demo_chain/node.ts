/**
 * An in-process EVM node: Hardhat 3's EDR core (`@nomicfoundation/edr`, a
 * Node-API module that Deno loads) behind a small JSON-RPC function. The
 * state lives in memory: every node starts from its genesis.
 *
 * @module
 */
import { createRequire } from "node:module";
import type * as Edr from "@nomicfoundation/edr";
import { hexToBytes } from "viem";
import type { Address } from "../lib/address.ts";

/** A JSON-RPC error as the node answers it. */
export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** One JSON-RPC answer without `jsonrpc` and `id`: a result or an error. */
export type RpcOutcome = { readonly result: unknown } | { readonly error: RpcError };

/** A running in-process node. */
export interface EvmNode {
  readonly chainId: number;
  /** Handles one JSON-RPC call. */
  call(method: string, params?: readonly unknown[]): Promise<RpcOutcome>;
  /** Handles one JSON-RPC call and returns its result, or throws its error. */
  request<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
}

/** Options of {@link createNode}. */
export interface NodeOptions {
  readonly chainId: number;
  /** Accounts funded at genesis, with their balance in wei. */
  readonly balances: readonly { readonly address: Address; readonly balance: bigint }[];
  /** Block gas limit (default 60 000 000). */
  readonly blockGasLimit?: bigint;
}

/** Raised by {@link EvmNode.request} for a JSON-RPC error answer. */
export class RpcCallError extends Error {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The error's data (e.g. revert data), if any. */
  readonly data: unknown;
  constructor(method: string, error: RpcError) {
    super(`${method} failed: ${error.message}`);
    this.name = "RpcCallError";
    this.code = error.code;
    this.data = error.data;
  }
}

let edrModule: typeof Edr | null = null;
let context: Edr.EdrContext | null = null;
let registered: Promise<void> | null = null;

async function edrContext(): Promise<{ edr: typeof Edr; context: Edr.EdrContext }> {
  // EDR allows one context per process; every node shares it.
  edrModule ??= createRequire(import.meta.url)("@nomicfoundation/edr") as typeof Edr;
  context ??= new edrModule.EdrContext();
  registered ??= context.registerProviderFactory(edrModule.L1_CHAIN_TYPE, edrModule.l1ProviderFactory());
  await registered;
  return { edr: edrModule, context };
}

/** Starts an in-process node with the given genesis. */
export async function createNode(options: NodeOptions): Promise<EvmNode> {
  const { edr, context } = await edrContext();
  const hardfork = edr.l1HardforkToString(edr.SpecId.Prague);
  const provider = await context.createProvider(
    edr.L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      // A reverting eth_call answers an error (as public nodes do); a reverting transaction is mined with status 0.
      bailOnCallFailure: true,
      bailOnTransactionFailure: false,
      chainId: BigInt(options.chainId),
      coinbase: hexToBytes("0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e"),
      defaultTransactionGasLimit: 16_000_000n,
      genesisState: [
        ...edr.l1GenesisState(edr.SpecId.Prague),
        ...options.balances.map(({ address, balance }) => ({ address: hexToBytes(address), balance })),
      ],
      hardfork,
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: "Priority" as Edr.MineOrdering } },
      network: { genesisBlockGasLimit: options.blockGasLimit ?? 60_000_000n },
      networkId: BigInt(options.chainId),
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new edr.ContractDecoder(),
  );

  let nextId = 1;
  async function call(method: string, params: readonly unknown[] = []): Promise<RpcOutcome> {
    const response = await provider.handleRequest(JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }));
    const data = typeof response.data === "string" ? JSON.parse(response.data) : response.data;
    if (data && typeof data === "object" && "error" in data && data.error) {
      const error = data.error as RpcError;
      return { error: { code: error.code, message: error.message, ...("data" in error ? { data: error.data } : {}) } };
    }
    return { result: data?.result ?? null };
  }
  return {
    chainId: options.chainId,
    call,
    async request<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      const outcome = await call(method, params);
      if ("error" in outcome) throw new RpcCallError(method, outcome.error);
      return outcome.result as T;
    },
  };
}
