/**
 * `/migrate/v2`: move the holder's whole V2 position of a pair into a V3
 * position through the V3Migrator. The pair is picked by its two tokens; the
 * V3 fee tier is the deepest existing pool's (a pair without a V3 pool is
 * told to create one first: no price is guessed here); the range is full or
 * ±10% around the pool's price. The button opens the review (the pair
 * tokens' approval to the migrator, then `migrate`); once mined, the screen
 * links to the new position read from the receipt.
 *
 * @module
 */
import { useId, useState } from "react";
import { Link } from "react-router";
import type { TradeData } from "../lib/trade_loader.ts";
import { deadlineAfter, DEFAULT_DEADLINE_MINUTES, formatUnitsGrouped, parseSlippage } from "../lib/trade_math.ts";
import { chainAddress, type SwapToken } from "../swap/swap_routes.ts";
import { buildMigrate } from "./v2_migrate.ts";
import { fullRangeTicks, percentRangeTicks } from "./v3_range.ts";
import type { V3Pool } from "./v3_position.ts";
import { Button } from "../components/controls/button.tsx";
import { Segmented } from "../components/controls/segmented.tsx";
import { PairPickers } from "../components/pair_pickers.tsx";
import { type ActionReview, ActionReviewSheet } from "../review/action_review.tsx";
import { ContractCalled, SlippageAlert, SlippageField, WalletGate } from "../components/form_rows.tsx";
import { useMintedTokenId } from "./minted_position.ts";
import { txBusy, TxStatusView } from "../wallet/tx_status.tsx";
import { usePair } from "./v2_pair_reads.ts";
import { deepestFee, usePairPools } from "./v3_pair_pools.ts";
import { migrateReview } from "./v2_migrate_review.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";

type Range = "full" | "10";

/** The migration call of the holder's whole position into `pool` over `range`. */
function migrateCall(
  input: {
    pair: `0x${string}`;
    lpBalance: bigint;
    burned: { a: bigint; b: bigint };
    aIs0: boolean;
    pool: V3Pool;
    poolTokens: readonly [{ address: `0x${string}` }, { address: `0x${string}` }];
    range: Range;
  },
  options: Parameters<typeof buildMigrate>[1],
) {
  const { pool, burned, aIs0 } = input;
  const [tickLower, tickUpper] = input.range === "full"
    ? fullRangeTicks(pool.tickSpacing)
    : percentRangeTicks(pool.tick, pool.tickSpacing, 10);
  return buildMigrate({
    pair: input.pair,
    liquidity: input.lpBalance,
    amount0: aIs0 ? burned.a : burned.b,
    amount1: aIs0 ? burned.b : burned.a,
    token0: input.poolTokens[0].address,
    token1: input.poolTokens[1].address,
    fee: pool.fee,
    tickLower,
    tickUpper,
    sqrtPriceX96: pool.sqrtPriceX96,
  }, options);
}

/** The migration screen. */
export function MigrateV2Panel({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const ids = useId();
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => data.input ?? listed[0]?.key ?? "");
  const [b, setB] = useState(() =>
    data.output ?? listed.find((t) => t.key !== (data.input ?? listed[0]?.key))?.key ?? ""
  );
  const [range, setRange] = useState<Range>("full");
  const [slippageText, setSlippageText] = useState("0.5");
  const [status, setStatus] = useState<TxStatus>({ step: "idle" });
  const [review, setReview] = useState<ActionReview | null>(null);
  const slippage = parseSlippage(slippageText);
  const { chain, client, tokens, list, tokenA, tokenB, pair, lpBalance } = usePair(data, wallet, { a, b });
  const at = (t: SwapToken | null) => (t && chain ? chainAddress(t, chain.contracts) : null);
  const { pair: poolTokens, pools } = usePairPools(client, chain, at(tokenA), at(tokenB));
  const minted = useMintedTokenId(client, status, chain?.contracts.v3PositionManager);

  const fee = pools ? deepestFee(pools) : null;
  const pool = fee !== null ? pools?.get(fee) ?? null : null;
  const aIs0 = poolTokens && tokenA && chain ? at(tokenA)!.toLowerCase() === poolTokens[0].address.toLowerCase() : true;
  const [sideA, sideB] = aIs0 ? [tokenA, tokenB] : [tokenB, tokenA];
  const burned = pair && lpBalance && pair.totalSupply > 0n
    ? { a: lpBalance * pair.reserveA / pair.totalSupply, b: lpBalance * pair.reserveB / pair.totalSupply }
    : null;
  const tx = pool && poolTokens && burned && slippage.ok && wallet.address && chain && lpBalance && pair
    ? migrateCall({ pair: pair.address, lpBalance, burned, aIs0, pool, poolTokens, range }, {
      contracts: chain.contracts,
      recipient: wallet.address,
      slippageBps: slippage.bps,
      deadline: deadlineAfter(DEFAULT_DEADLINE_MINUTES),
    })
    : null;

  function onMigrate() {
    if (!tx || !chain || !client || !wallet.address || wallet.chainId === null || !pair || !lpBalance) return;
    if (!sideA || !sideB || !burned || !pool || !poolTokens || !slippage.ok) return;
    const symbol = (t: SwapToken) => t.address === "native" ? "WETH" : t.symbol;
    setStatus({ step: "idle" });
    setReview(migrateReview({
      context: { chain, client, from: wallet.address, walletChainId: wallet.chainId },
      pair: pair.address,
      liquidity: lpBalance,
      token0: { ...sideA, symbol: symbol(sideA), amount: aIs0 ? burned.a : burned.b },
      token1: { ...sideB, symbol: symbol(sideB), amount: aIs0 ? burned.b : burned.a },
      fee: pool.fee,
      rangeText: range === "full" ? "full range" : "±10% around the current price",
      slippageBps: slippage.bps,
      tx,
      refundAsEth: [poolTokens[0].address, poolTokens[1].address].some((t) =>
        t.toLowerCase() === chain.contracts.wrappedNative.toLowerCase()
      ),
    }));
  }

  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">Migrating on {data.chainLabel} is not available here.</p>;
  const busy = txBusy(status) || review !== null;
  const name = tokenA && tokenB ? `${tokenA.symbol}/${tokenB.symbol}` : "";
  return (
    <div className="trade-panel wallet-v2-migrate" data-testid="v2-migrate-panel">
      <PairPickers tokens={tokens} list={list} first={{ value: a, set: setA }} second={{ value: b, set: setB }} />
      <span className="trade-label">Range in the V3 pool</span>
      <Segmented
        label="Range in the V3 pool"
        value={range}
        options={[{ value: "full", label: "Full range" }, { value: "10", label: "±10%" }]}
        onChange={setRange}
      />
      <SlippageField id={`${ids}-slippage`} value={slippageText} onValue={setSlippageText} />
      <SlippageAlert slippage={slippage} />
      <dl className="trade-details">
        <dt>V2 pair</dt>
        <dd>{pair ? <code>{pair.address}</code> : pair === null ? `No V2 pair for ${name}` : "–"}</dd>
        <dt>Your pair tokens</dt>
        <dd data-testid="lp-balance">{lpBalance === null ? "–" : formatUnitsGrouped(lpBalance, 18)}</dd>
        <dt>V3 pool</dt>
        <dd data-testid="migrate-pool">
          {pools === undefined
            ? "–"
            : pool
            ? `${pool.fee / 10_000}% (the deepest pool)`
            : "No V3 pool for this pair yet"}
        </dd>
        {tx ? <ContractCalled tx={tx} /> : null}
      </dl>
      {pools && !pool
        ? (
          <p className="muted">
            Create the V3 pool first (<Link to="/positions/create/v3">new position</Link>): migrating never sets a
            pool's price.
          </p>
        )
        : null}
      {lpBalance === 0n ? <p className="muted">This wallet holds no {name} V2 pair tokens.</p> : null}
      <WalletGate wallet={wallet} chain={chain} action="migrate">
        <Button variant="primary" wide pending={busy} pendingLabel="Migrating…" disabled={!tx} onClick={onMigrate}>
          Migrate to V3
        </Button>
      </WalletGate>
      {review && chain && client && wallet.address && wallet.chainId !== null
        ? (
          <ActionReviewSheet
            review={review}
            context={{ chain, client, from: wallet.address, walletChainId: wallet.chainId }}
            onStatus={setStatus}
            onClose={() => setReview(null)}
          />
        )
        : null}
      <TxStatusView status={status} />
      {status.step === "confirmed" && minted !== null && chain
        ? (
          <p data-testid="migrate-done">
            Migrated:{" "}
            <Link data-testid="minted-position" to={`/positions/v3/${chain.urlName}/${minted}`}>
              view position #{minted.toString()}
            </Link>
          </p>
        )
        : null}
    </div>
  );
}
