/**
 * Protocol versions and the cursors of paged lists (pools, transactions):
 * what the screens need to page without loading the query documents
 * (`explore_data.ts` fetches the pages).
 *
 * @module
 */

/** Protocol versions, lower case as in URLs. */
export const VERSIONS = ["v4", "v3", "v2"] as const;
/** A protocol version as in URLs. */
export type Version = (typeof VERSIONS)[number];

/**
 * Where each version's list continues: the TVL (pools) or timestamp
 * (transactions) of its last row; `null` once that version has no more.
 */
export type Cursors = Readonly<Partial<Record<Version, number | null>>>;

/** A page of a list and where the next page of each version starts. */
export interface Page<Row> {
  readonly rows: Row[];
  readonly cursors: Cursors;
}

/** Whether any version has more rows. */
export function hasMore(cursors: Cursors): boolean {
  return Object.values(cursors).some((c) => c !== null && c !== undefined);
}

/** Pools the token page lists (its loader sends no more). */
export const TOKEN_POOL_ROWS = 10;
