/**
 * Gives the screens' urql hooks their client: in the browser the one shared
 * client that posts to the same-origin `/graphql` proxy. On the server the
 * hooks stay paused (loaders fetch the first data), so each render gets a
 * throwaway client and nothing is shared between requests.
 */
import type { ReactNode } from "react";
import { useState } from "react";
import { Provider } from "urql";
import { createGatewayClient, getBrowserClient } from "../../queries/client.ts";
import { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";

/** The urql client of this render. */
function pickClient() {
  if (typeof document === "undefined") {
    return createGatewayClient({ url: "http://localhost/graphql" });
  }
  return getBrowserClient(BROWSER_GRAPHQL_PATH);
}

/** Provides the urql client to the screen below it. */
export function GatewayProvider({ children }: { children: ReactNode }) {
  const [client] = useState(pickClient);
  return <Provider value={client}>{children}</Provider>;
}
