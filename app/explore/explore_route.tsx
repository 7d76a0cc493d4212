/**
 * The route modules' screen of the explore pages (`app/README.md`, route modules).
 *
 * Kept apart from the screens so that the screen modules export components
 * only, and React Fast Refresh swaps an edited screen in place (`deno task dev`).
 * The screen is an island (`island.tsx`): its code loads after the first screen.
 *
 * @module
 */
import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import type { ExploreData } from "./explore_loader.ts";
import { island } from "../components/island.tsx";

const ExploreScreen = island(() => import("./explore_screen.tsx").then((m) => m.ExploreScreen));
// On a client navigation, the route renders once the screen's code is in (`Island.loaded`). Never on the
// server: its bundle is one module, and a pause there would run the islands' imports before their modules exist.
if (typeof document !== "undefined") await ExploreScreen.loaded();

/**
 * The route module's screen of an explore page on `loadExplore`'s data
 * (`app/README.md`, route modules): its title from the data, and an intro.
 */
export function exploreRoute(screen: { title: (data: ExploreData) => string; intro?: ReactNode }) {
  return function ExploreRoute() {
    const data = useLoaderData<ExploreData>();
    return <ExploreScreen data={data} title={screen.title(data)} intro={screen.intro} />;
  };
}
