/**
 * The loader of the pool pages (`/explore/pools/:chainName/:poolAddress`
 * and `/pools/:networkName/:poolAddress`).
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { parseChain } from "../../queries/chains.ts";
import { type EdgePool, fetchEdgePool } from "../../queries/edge.ts";
import type { TransactionRow } from "../components/transactions_table.tsx";
import { chainLabel, chainUrlName } from "./chains.ts";
import { loadContext } from "./context.ts";
import { gatewayMessage, load, type Loaded } from "./load.ts";
import { fetchLiquidity, fetchPoolChart, fetchPoolTransactions, type LiquidityBar, type PoolRef } from "./pool_data.ts";
import type { TokenChart } from "./token_data.ts";

/** What the pool page renders. */
export type PoolPageData =
  | { readonly status: "not-found"; readonly message: string }
  | { readonly status: "error"; readonly message: string }
  | {
    readonly status: "ok";
    readonly ref: PoolRef;
    readonly chainName: string;
    readonly chainLabel: string;
    readonly pool: EdgePool;
    readonly chart: Loaded<TokenChart | null>;
    readonly liquidity: Loaded<LiquidityBar[]>;
    readonly transactions: Loaded<
      { rows: TransactionRow[]; cursors: { next: number | null } }
    >;
    readonly now: number;
  };

/** Loads the pool page; unknown chains, addresses and pools give `not-found`. */
export async function loadPoolPage(
  { params, context }: LoaderFunctionArgs,
): Promise<PoolPageData> {
  const chainName = params.chainName ?? params.networkName ?? "";
  const address = params.poolAddress ?? "";
  const chain = parseChain(chainName);
  if (!chain) {
    return {
      status: "not-found",
      message: `"${chainName}" is not a network this app knows.`,
    };
  }
  const client = loadContext(context).gatewayClient();
  let pool: EdgePool | null;
  try {
    pool = await fetchEdgePool(client, chain, address);
  } catch (error) {
    if (error instanceof Error && error.name === "InvalidAddressError") {
      return { status: "not-found", message: error.message };
    }
    return { status: "error", message: gatewayMessage(error) };
  }
  if (!pool) {
    return {
      status: "not-found",
      message: `No pool at ${address} on ${chainLabel(chain)}.`,
    };
  }
  const ref: PoolRef = {
    chain,
    version: pool.protocolVersion,
    address: pool.address,
  };
  const [chart, liquidity, transactions] = await Promise.all([
    load(() => fetchPoolChart(client, ref, "price", "DAY")),
    load(() => fetchLiquidity(client, ref)),
    load(() => fetchPoolTransactions(client, ref)),
  ]);
  return {
    status: "ok",
    ref,
    chainName: chainUrlName(chain),
    chainLabel: chainLabel(chain),
    pool,
    chart,
    liquidity,
    transactions,
    now: Date.now(),
  };
}
