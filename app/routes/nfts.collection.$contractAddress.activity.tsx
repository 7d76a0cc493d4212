/** `/nfts/collection/:contractAddress/activity`: a collection and its current listings. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { CollectionScreen } from "../components/nft_screens.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadContext } from "../lib/context.ts";
import { load } from "../lib/load.ts";
import { fetchCollection } from "../lib/nft_data.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const address = params.contractAddress ?? "";
  const client = loadContext(context).gatewayClient();
  return { address, collection: await load(() => fetchCollection(client, address)) };
}

/** Renders the screen. */
export default function CollectionRoute() {
  const data = useLoaderData<typeof loader>();
  return <CollectionScreen key={data.address} data={data.collection} address={data.address} tab="activity" />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
