/**
 * The pool page as its loader streams it: the frame (the pool, known after
 * one gateway round trip) renders at once with a loading note; the chart,
 * liquidity and transactions arrive in one Suspense boundary, and then the
 * whole screen renders. The token page streams the same way
 * (`streamed_token_screen.tsx`, apart so that neither page loads the other's
 * screen).
 */
import { Suspense } from "react";
import { Await } from "react-router";
import type { PoolPageFrame, PoolPageStream } from "./pool_loader.ts";
import { PoolScreen } from "./pool_screen.tsx";
import { ErrorState, Loading } from "../components/status.tsx";

const LATE = "Part of this page did not arrive in time. Please try again.";

function PoolFrame({ frame }: { frame: PoolPageFrame }) {
  const t0 = frame.pool.token0?.symbol ?? "UNK";
  const t1 = frame.pool.token1?.symbol ?? "UNK";
  return (
    <article className="screen pool-page" aria-busy="true">
      <div className="title-row">
        <h1>{t0}/{t1}</h1>
        <span className="badge">{frame.pool.protocolVersion.toLowerCase()}</span>
        <span className="badge">{frame.chainLabel}</span>
      </div>
      <Loading label="Loading the chart, liquidity and transactions…" />
    </article>
  );
}

/** The pool page: its frame first, the whole screen once the streamed parts are in. */
export function StreamedPoolScreen({ page }: { page: PoolPageStream }) {
  if (page.status !== "ok") return <PoolScreen data={page} />;
  const { parts, ...frame } = page;
  return (
    <Suspense fallback={<PoolFrame frame={frame} />}>
      <Await resolve={parts} errorElement={<ErrorState page title="Could not load this pool" message={LATE} />}>
        {(resolved) => <PoolScreen data={{ ...frame, ...resolved }} />}
      </Await>
    </Suspense>
  );
}
