/**
 * The token page as its loader streams it: the frame (the token, known after
 * one gateway round trip) renders at once with a loading note; the chart,
 * pools, transactions and description arrive in one Suspense boundary, and
 * then the whole screen renders (`streamed_screens.tsx` does the same for the
 * pool page).
 */
import { Suspense } from "react";
import { Await } from "react-router";
import type { TokenPageFrame, TokenPageStream } from "./token_loader.ts";
import { ErrorState, Loading } from "../components/status.tsx";
import { TokenHeader, TokenScreen } from "./token_screen.tsx";

const LATE = "Part of this page did not arrive in time. Please try again.";

function TokenFrame({ frame }: { frame: TokenPageFrame }) {
  return (
    <article className="screen token-page" aria-busy="true">
      <TokenHeader frame={frame} />
      <Loading label="Loading the chart, pools and transactions…" />
    </article>
  );
}

/** The token page: its frame first, the whole screen once the streamed parts are in. */
export function StreamedTokenScreen({ page }: { page: TokenPageStream }) {
  if (page.status !== "ok") return <TokenScreen data={page} />;
  const { parts, ...frame } = page;
  return (
    <Suspense fallback={<TokenFrame frame={frame} />}>
      <Await resolve={parts} errorElement={<ErrorState page title="Could not load this token" message={LATE} />}>
        {(resolved) => <TokenScreen data={{ ...frame, ...resolved }} />}
      </Await>
    </Suspense>
  );
}
