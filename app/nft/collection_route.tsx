/**
 * The route modules' screen of an NFT collection's tabs (`app/README.md`, route modules).
 *
 * Kept apart from the screens so that the screen modules export components
 * only, and React Fast Refresh swaps an edited screen in place (`deno task dev`).
 *
 * @module
 */
import { useLoaderData } from "react-router";
import type { Loaded } from "../lib/load.ts";
import type { CollectionPage } from "./nft_data.ts";
import { CollectionScreen } from "./nft_screens.tsx";

/** The route module's screen of a collection tab, on `loadCollection`'s data (`app/README.md`, route modules). */
export function collectionRoute(tab: "items" | "activity") {
  return function CollectionRoute() {
    const data = useLoaderData<{ address: string; collection: Loaded<CollectionPage> }>();
    return <CollectionScreen key={data.address} data={data.collection} address={data.address} tab={tab} />;
  };
}
