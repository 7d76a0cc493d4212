/**
 * The browser's shared urql client, loaded on first use: "load more" and the
 * chart switches ask for it when clicked, so urql and the query documents
 * stay out of a first visit's scripts.
 *
 * @module
 */
import type { Client } from "@urql/core";
import { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";

/** The one urql client of the browser, posting to the same-origin `/graphql` proxy. */
export async function browserClient(): Promise<Client> {
  const { getBrowserClient } = await import("../../queries/client.ts");
  return getBrowserClient(BROWSER_GRAPHQL_PATH);
}
