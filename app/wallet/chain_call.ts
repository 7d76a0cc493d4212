/**
 * `eth_call` through a read client, as the `app/lib/wallet_*` readers take it
 * (`ChainCall`): the one adapter between viem's client and the pure readers.
 *
 * @module
 */
import type { PublicClient } from "viem";
import type { ChainCall } from "../lib/tx_request.ts";

/** Calls `to` with `data` through `client`; `0x` for an empty answer. */
export function chainCall(client: PublicClient): ChainCall {
  return async ({ to, data }) => (await client.call({ to, data })).data ?? "0x";
}
