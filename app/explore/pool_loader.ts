/**
 * The loader of the pool pages (`/explore/pools/:chainName/:poolAddress`
 * and `/pools/:chainName/:poolAddress`).
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import type { Client } from "@urql/core";
import { InvalidAddressError, parsePoolAddress } from "../../lib/address.ts";
import { type Chain, chainLabel, chainUrlName, parseChain } from "../../lib/chains.ts";
import { type EdgePool, fetchEdgePool } from "../../queries/edge.ts";
import type { LoadContext } from "../../lib/load_context.ts";
import { gatewayMessage, load, type Loaded, type PageFrame, type PageProblem, unknownChain } from "../lib/load.ts";
import { fetchLiquidity, fetchPoolChart, fetchPoolTransactions, type LiquidityBar, type PoolRef } from "./pool_data.ts";
import type { TokenChart } from "./token_data.ts";
import type { TransactionRow } from "../lib/rows.ts";

/** The parts of the pool page that stream in after its frame. */
export interface PoolPageParts {
  readonly chart: Loaded<TokenChart | null>;
  readonly liquidity: Loaded<LiquidityBar[]>;
  readonly transactions: Loaded<
    { rows: TransactionRow[]; cursors: { next: number | null } }
  >;
}

/** The pool and its page's frame. */
export interface PoolPageFrame extends PageFrame<PoolRef> {
  readonly pool: EdgePool;
}

/** What the pool page renders: the frame and every part. */
export type PoolPageData = PageProblem | (PoolPageFrame & PoolPageParts);

/** What the pool loader returns: the frame, and the parts still on their way (streamed). */
export type PoolPageStream = PageProblem | (PoolPageFrame & { readonly parts: Promise<PoolPageParts> });

/** Starts the chart, liquidity and transactions calls of a pool (`load` never rejects). */
function startParts(gateway: { context: LoadContext; client: Client }, ref: PoolRef): Promise<PoolPageParts> {
  const { context, client } = gateway;
  return Promise.all([
    load(context, () => fetchPoolChart(client, ref, "price", "DAY")),
    load(context, () => fetchLiquidity(client, ref)),
    load(context, () => fetchPoolTransactions(client, ref)),
  ]).then(([chart, liquidity, transactions]) => ({ chart, liquidity, transactions }));
}

/** The pool the URL most likely names: a 64-hex id is a V4 pool, a 40-hex address most often a V3 pool. */
function likelyPool(chain: Chain, address: string): PoolRef | null {
  try {
    const parsed = parsePoolAddress(address);
    return parsed.kind === "poolId"
      ? { chain, version: "V4", address: parsed.poolId }
      : { chain, version: "V3", address: parsed.address };
  } catch (error) {
    if (error instanceof InvalidAddressError) return null;
    throw error;
  }
}

/**
 * Loads the pool page; unknown chains, addresses and pools give `not-found`.
 * The chart, liquidity and transactions of the likely pool (V4 for an id,
 * V3 for an address) start with the lookup, so a V4 or V3 pool costs one
 * round trip; a V2 pair starts its own once the lookup says so. The frame
 * waits for the lookup only, the parts stream in after it.
 */
export async function loadPoolPage(
  { params, context }: LoaderFunctionArgs,
): Promise<PoolPageStream> {
  const chainName = params.chainName ?? "";
  const address = params.poolAddress ?? "";
  const chain = parseChain(chainName);
  if (!chain) {
    return unknownChain(chainName);
  }
  const client = context.gatewayClient();
  const likely = likelyPool(chain, address);
  const early = likely ? startParts({ context, client }, likely) : null;
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
  return {
    status: "ok",
    ref,
    chainName: chainUrlName(chain),
    chainLabel: chainLabel(chain),
    pool,
    parts: early && likely?.version === ref.version ? early : startParts({ context, client }, ref),
    now: Date.now(),
  };
}
