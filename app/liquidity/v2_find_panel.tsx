/**
 * `/pool/v2/find`: import a V2 pair by its two tokens. The holder picks both
 * (the screen's token pickers); the pair is read from the factory: whether it
 * exists, its reserves, the holder's pair tokens and their share of the
 * supply (balance / totalSupply), with links to the pair's position page and
 * to migrating it to V3.
 *
 * @module
 */
import { useState } from "react";
import { Link } from "react-router";
import type { TradeData } from "../lib/trade_loader.ts";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import { PairPickers } from "../components/pair_pickers.tsx";
import { buttonClass } from "../components/controls/button.tsx";
import { usePair } from "./v2_pair_reads.ts";
import { useWallet } from "../wallet/wallet_store.ts";
import { shareText } from "./v2_share.ts";

/** The import screen: two pickers, then the pair's reads. */
export function FindV2Panel({ data }: { data: TradeData }) {
  const wallet = useWallet();
  const listed = data.tokens.ok ? data.tokens.data : [];
  const [a, setA] = useState(() => data.input ?? listed[0]?.key ?? "");
  const [b, setB] = useState(() =>
    data.output ?? listed.find((t) => t.key !== (data.input ?? listed[0]?.key))?.key ?? ""
  );
  const reads = usePair(data, wallet, { a, b });
  const { chain, tokens, list, tokenA, tokenB, pair, lpBalance } = reads;
  if (!data.tokens.ok) return <p role="alert">{data.tokens.error}</p>;
  if (wallet.ready && !chain) return <p className="muted">V2 pairs on {data.chainLabel} are not available here.</p>;
  const picked = a !== "" && b !== "";
  const name = tokenA && tokenB ? `${tokenA.symbol}/${tokenB.symbol}` : "";
  return (
    <div className="trade-panel wallet-v2-find" data-testid="v2-find-panel">
      <PairPickers tokens={tokens} list={list} first={{ value: a, set: setA }} second={{ value: b, set: setB }} />
      {!picked ? <p className="muted">Pick both tokens of the pair.</p> : null}
      {picked && pair === undefined ? <p className="muted" role="status">Looking for the pair…</p> : null}
      {picked && pair === null
        ? (
          <div className="state" data-testid="v2-find-result" data-found="false">
            <p>No V2 pair exists for {name || "these tokens"}.</p>
            <Link className={buttonClass("secondary")} to={`/add/v2?inputCurrency=${a}&outputCurrency=${b}`}>
              Create it by adding liquidity
            </Link>
          </div>
        )
        : null}
      {pair && tokenA && tokenB && chain
        ? (
          <div data-testid="v2-find-result" data-found="true">
            <dl className="trade-details">
              <dt>Pair</dt>
              <dd>
                <code>{pair.address}</code>
              </dd>
              <dt>Reserves</dt>
              <dd data-testid="v2-find-reserves">
                {formatUnitsGrouped(pair.reserveA, tokenA.decimals)} {tokenA.symbol} ·{" "}
                {formatUnitsGrouped(pair.reserveB, tokenB.decimals)} {tokenB.symbol}
              </dd>
              <dt>Your pair tokens</dt>
              <dd data-testid="lp-balance">
                {wallet.address ? lpBalance === null ? "…" : formatUnitsGrouped(lpBalance, 18) : "Connect a wallet"}
              </dd>
              <dt>Your share of the pair</dt>
              <dd data-testid="v2-find-share">
                {lpBalance === null ? "–" : shareText(lpBalance, pair.totalSupply)}
              </dd>
            </dl>
            <p>
              <Link data-testid="v2-find-position" to={`/positions/v2/${chain.urlName}/${pair.address}`}>
                Open the {name} position
              </Link>
              {lpBalance
                ? (
                  <>
                    {" · "}
                    <Link to={`/migrate/v2/${chain.urlName}/${pair.address}`}>Migrate it to V3</Link>
                  </>
                )
                : null}
            </p>
          </div>
        )
        : null}
    </div>
  );
}
