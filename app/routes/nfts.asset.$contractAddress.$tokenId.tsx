/** `/nfts/asset/:contractAddress/:tokenId`: one NFT with traits, rarity, listing and activity. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { AssetScreen } from "../components/nft_screens.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadContext } from "../lib/context.ts";
import { load } from "../lib/load.ts";
import { fetchItem } from "../lib/nft_data.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const address = params.contractAddress ?? "";
  const tokenId = params.tokenId ?? "";
  const client = loadContext(context).gatewayClient();
  return { address, tokenId, item: await load(() => fetchItem(client, address, tokenId)) };
}

/** Renders the screen. */
export default function AssetRoute() {
  const data = useLoaderData<typeof loader>();
  return <AssetScreen data={data.item} address={data.address} tokenId={data.tokenId} />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
