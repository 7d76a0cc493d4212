/**
 * The route modules' screens of the wallet-only pages: positions, pairs, governance (`app/README.md`, route modules).
 *
 * Kept apart from the screens so that the screen modules export components
 * only, and React Fast Refresh swaps an edited screen in place (`deno task dev`).
 *
 * @module
 */
import type { ComponentType, ReactNode } from "react";
import { useLoaderData, useParams } from "react-router";
import type { Loaded } from "../lib/load.ts";
import type { GovernanceToken, PairInfo, TopPoolsData } from "../lib/wallet_loaders.ts";
import { chainLabel as labelOf } from "../../lib/chains.ts";
import { GovernanceScreen, PairScreen, PositionScreen, PositionsScreen } from "./wallet_screens.tsx";

// The route modules' screens (`app/README.md`, route modules): what differs between routes is a title or a sentence.

/**
 * A wallet's list screen (positions, V2 liquidity, limit orders) on
 * `loadTopPools`'s data; `Wallet` (the route's wallet code: the connected
 * account's positions) replaces the connect-a-wallet state when given.
 */
export function topPoolsRoute(
  screen: {
    title: string;
    action: string;
    Wallet?: ComponentType<
      { chainName: string; v2Pairs: readonly `0x${string}`[]; tokens: TopPoolsData["tokens"] }
    >;
  },
) {
  const { Wallet, ...text } = screen;
  return function TopPoolsRoute() {
    const data = useLoaderData<TopPoolsData>();
    return (
      <PositionsScreen pools={data.pools} chainLabel={data.chainLabel} {...text}>
        {Wallet
          ? <Wallet chainName={data.chain} v2Pairs={data.v2Pairs as `0x${string}`[]} tokens={data.tokens} />
          : null}
      </PositionsScreen>
    );
  };
}

/**
 * A screen about one pair, on `{ pair }` of `loadPair`; `Wallet` (the
 * route's wallet code: the account's share of the pair) replaces the
 * connect-a-wallet state when given.
 */
export function pairRoute(
  screen: {
    title: string;
    action: string;
    Wallet?: ComponentType<{ chainName: string; pairAddress: string }>;
  },
) {
  const { Wallet, ...text } = screen;
  return function PairRoute() {
    const params = useParams();
    return (
      <PairScreen pair={useLoaderData<{ pair: Loaded<PairInfo | null> }>().pair} {...text}>
        {Wallet ? <Wallet chainName={params.chainName ?? ""} pairAddress={params.pairAddress ?? ""} /> : null}
      </PairScreen>
    );
  };
}

/** A position NFT by `:tokenId` (and `:chainName` when the URL has one), of a protocol version if the URL says. */
export function positionRoute(version: "v3" | "v4" | undefined) {
  return function PositionRoute() {
    const params = useParams();
    return (
      <PositionScreen
        tokenId={params.tokenId ?? ""}
        version={version}
        chainLabel={params.chainName ? labelOf(params.chainName.toUpperCase()) : undefined}
      />
    );
  };
}

/** A governance screen on `loadGovernance`'s data; a `/vote/{proposal}` URL titles it with the proposal. */
export function governanceRoute(screen: { title: string; action: string; children: ReactNode }) {
  return function GovernanceRoute() {
    const { token } = useLoaderData<{ token: Loaded<GovernanceToken | null> }>();
    const proposal = useParams()["*"];
    return (
      <GovernanceScreen title={proposal ? `Proposal ${proposal}` : screen.title} token={token} action={screen.action}>
        {screen.children}
      </GovernanceScreen>
    );
  };
}
