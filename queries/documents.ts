/**
 * Every document the product sends to the gateway, by operation name: the
 * pages, the previews and share images, the wallet and the live activity
 * use each of them, and nothing else. The `/graphql` relay's allow-list
 * (`allow_list.ts`) is built from this list, so a document the product
 * stops sending must leave it.
 *
 * @module
 */
import { ACTIVITY_DOCUMENTS } from "./activity.ts";
import { EDGE_DOCUMENTS, EDGE_NFT_DOCUMENTS } from "./edge.ts";
import { NFT_DOCUMENTS } from "./nft.ts";
import { POOL_DOCUMENTS } from "./pools.ts";
import { PORTFOLIO_DOCUMENTS } from "./portfolio.ts";
import { TOKEN_DOCUMENTS } from "./token.ts";

/** Every document by operation name (queries and the one subscription). */
export const ALL_DOCUMENTS = {
  ...EDGE_DOCUMENTS,
  ...EDGE_NFT_DOCUMENTS,
  ...TOKEN_DOCUMENTS,
  ...PORTFOLIO_DOCUMENTS,
  ...NFT_DOCUMENTS,
  ...ACTIVITY_DOCUMENTS,
  ...POOL_DOCUMENTS,
} as const;

/** Operation name of a document of {@link ALL_DOCUMENTS}. */
export type OperationName = keyof typeof ALL_DOCUMENTS;
