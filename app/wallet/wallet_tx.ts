/**
 * Sends one transaction the safe way, for every wallet screen: simulate it as
 * the connected account on the wallet's chain, send it through the wallet
 * only through `guardedSend` (same call, same chain, bounds, confirmations),
 * then follow it to its receipt. Also the token reads the screens share
 * (decimals, balances, allowances) and the gateway's spam flags.
 *
 * @module
 */
import { sendTransaction } from "@wagmi/core";
import { encodeFunctionData, erc20Abi, type Hex, maxUint256, type PublicClient, type TransactionReceipt } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import type { Address } from "../../lib/address.ts";
import { explorerTxUrl } from "../../lib/chains.ts";
import { TokenProjectsQuery } from "../../queries/token.ts";
import { getBrowserClient } from "../../queries/client.ts";
import type { Chain } from "../../lib/chains.ts";
import { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";
import { flaggedAddresses } from "../lib/safety.ts";
import { type FlaggedToken, guardedSend, simulate, type Simulation } from "./wallet_safety.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import { walletConfig } from "./wallet_store.ts";
import { queryClient, refreshChainReads } from "../lib/query/query_client.ts";
import { allowanceQuery } from "../lib/query/chain_reads.ts";

/** Where a transaction stands, for the screen. */
export type TxStatus =
  | { readonly step: "idle" }
  | { readonly step: "simulating"; readonly label: string }
  | { readonly step: "failed"; readonly label: string; readonly reason: string }
  | { readonly step: "wallet"; readonly label: string; readonly to: Address }
  | { readonly step: "pending"; readonly label: string; readonly hash: string; readonly explorer: string | null }
  | {
    readonly step: "confirmed" | "reverted";
    readonly label: string;
    readonly hash: string;
    readonly explorer: string | null;
  };

/** Everything one send needs. */
export interface TxJob {
  readonly chain: PublicChain;
  readonly client: PublicClient;
  readonly from: Address;
  readonly walletChainId: number;
  readonly tx: TxRequest;
  readonly minimumOut?: bigint;
  readonly flagged?: readonly FlaggedToken[];
  /** Given the receipt once the transaction is mined (confirmed or reverted). */
  readonly onReceipt?: (receipt: TransactionReceipt) => void;
}

/**
 * Simulates, sends through the wallet and waits for the receipt, reporting
 * each step. Resolves `true` when the transaction confirmed.
 */
export async function runTx(job: TxJob, report: (status: TxStatus) => void): Promise<boolean> {
  const { client, tx, from, chain } = job;
  const label = tx.label;
  report({ step: "simulating", label });
  const simulation: Simulation = await simulate(
    {
      chainId: await client.getChainId(),
      call: (c) => client.call({ account: c.from, to: c.to, data: c.data, value: c.value }),
      estimateGas: (c) => client.estimateGas({ account: c.from, to: c.to, data: c.data, value: c.value }),
    },
    tx,
    from,
  );
  if (!simulation.ok) {
    report({ step: "failed", label, reason: simulation.reason });
    return false;
  }
  const config = walletConfig();
  if (!config) {
    report({ step: "failed", label, reason: "No wallet is connected" });
    return false;
  }
  let hash: `0x${string}`;
  try {
    report({ step: "wallet", label, to: tx.to });
    hash = await guardedSend(
      {
        tx,
        from,
        walletChainId: job.walletChainId,
        screenChainId: chain.chainId,
        simulation,
        minimumOut: job.minimumOut,
        flagged: job.flagged,
      },
      (request) =>
        sendTransaction(config, {
          account: from,
          chainId: chain.chainId,
          to: request.to,
          data: request.data,
          value: request.value,
          gas: request.gas,
        }),
    );
  } catch (error) {
    const e = error as { shortMessage?: string; message?: string };
    report({ step: "failed", label, reason: (e.shortMessage ?? e.message ?? "The wallet refused").split("\n")[0] });
    return false;
  }
  const explorer = explorerTxUrl(chain, hash);
  report({ step: "pending", label, hash, explorer });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 1_000 });
  const ok = receipt.status === "success";
  job.onReceipt?.(receipt);
  // Balances, allowances, pools and positions changed: every chain read on screen is refetched.
  void refreshChainReads();
  report({ step: ok ? "confirmed" : "reverted", label, hash, explorer });
  return ok;
}

/**
 * Approves `spender` for `amount` of `token` (or an unlimited amount, only
 * when the user chose it) unless the allowance already covers it. Resolves
 * `true` when the allowance is enough afterwards.
 */
export async function ensureApproval(
  job: Omit<TxJob, "tx" | "minimumOut">,
  token: { readonly address: Address; readonly symbol: string; readonly decimals: number },
  spender: Address,
  options: { readonly amount: bigint; readonly unlimited: boolean },
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const allowance = await tokenAllowance(job.client, token.address, job.from, spender);
  if (allowance >= options.amount) return true;
  const value = options.unlimited ? maxUint256 : options.amount;
  const tx: TxRequest = {
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, value] }) as Hex,
    value: 0n,
    label: `${token.symbol}.approve(${spender}, ${
      options.unlimited ? "unlimited" : formatUnitsShort(options.amount, token.decimals)
    })`,
  };
  return await runTx({ ...job, tx }, report);
}

/** Decimals of an ERC-20 (18 for the native token). */
export async function tokenDecimals(client: PublicClient, token: Address | "native"): Promise<number> {
  if (token === "native") return 18;
  return await client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" });
}

/** Balance of an account in a token or the native currency. */
export async function tokenBalance(client: PublicClient, token: Address | "native", owner: Address): Promise<bigint> {
  if (token === "native") return await client.getBalance({ address: owner });
  return await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

/**
 * Allowance of `spender` over `owner`'s tokens, read now through the app's
 * query client (`allowanceQuery`: reads at once share one request; the one
 * retry rule; refreshed with every chain read after a transaction).
 */
export async function tokenAllowance(
  client: PublicClient,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return await queryClient().fetchQuery(allowanceQuery(client, token, owner, spender));
}

/**
 * Which of the tokens the gateway flags (`isFlagged` of `app/lib/safety.ts`:
 * spam, a strong warning or block, a malicious or spam screening), by
 * lower-case address, read with `TokenProjects` through the app's urql
 * client. A gateway failure flags nothing but says so.
 */
export async function flaggedTokens(
  chain: string,
  addresses: readonly Address[],
): Promise<{ flagged: Set<string>; error: string | null }> {
  if (addresses.length === 0) return { flagged: new Set(), error: null };
  const result = await getBrowserClient(BROWSER_GRAPHQL_PATH)
    .query(TokenProjectsQuery, { contracts: addresses.map((address) => ({ chain: chain as Chain, address })) })
    .toPromise()
    .catch(() => null);
  if (!result || result.error || !result.data) {
    return { flagged: new Set(), error: "Token safety data is unavailable" };
  }
  return { flagged: flaggedAddresses(result.data, addresses), error: null };
}
