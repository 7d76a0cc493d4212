/**
 * `GET /token-list?chain=ethereum`: the token pickers' whole list as JSON (a
 * resource route: no document). The trade screens serialize only what their
 * first screen shows; the browser fetches this once per chain
 * (`app/lib/token_list.ts`).
 *
 * @module
 */
import { loadTokenList } from "../lib/trade_loader.ts";

export const loader = loadTokenList;
