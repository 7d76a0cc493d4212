/** `/nfts`: popular NFT collections and collection search (`?q=`). */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { CollectionsScreen } from "../components/nft_screens.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadContext } from "../lib/context.ts";
import { load } from "../lib/load.ts";
import { fetchCollections } from "../lib/nft_data.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const client = loadContext(context).gatewayClient();
  return { query, collections: await load(() => fetchCollections(client, query)) };
}

/** Renders the screen. */
export default function NftsRoute() {
  const data = useLoaderData<typeof loader>();
  return <CollectionsScreen collections={data.collections} query={data.query} />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
