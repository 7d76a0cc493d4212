/**
 * The typed `graphql()` document function of the project: gql.tada, set up
 * with the schema types generated from `demo_gateway/schema.graphql` (which
 * mirrors the reference data API schema, type for type and field for field).
 *
 * @example
 * ```ts
 * import { graphql, type ResultOf } from "./graphql.ts";
 * const Doc = graphql(`query IsStale($chain: Chain!) { isV3SubgraphStale(chain: $chain) }`);
 * type Data = ResultOf<typeof Doc>; // { isV3SubgraphStale: boolean | null }
 * ```
 *
 * @module
 */
import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./introspection.ts";

/** Parses a GraphQL document; its result and variable types come from the schema. */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  // Fragments are spread into the result types (no `readFragment` needed).
  disableMasking: true;
}>();

export type { FragmentOf, ResultOf, TadaDocumentNode, VariablesOf } from "gql.tada";
export { readFragment } from "gql.tada";

/** Value of the schema's `HistoryDuration` enum. */
export type HistoryDuration = ReturnType<typeof graphql.scalar<"HistoryDuration">>;
/** Value of the schema's `ProtocolVersion` enum. */
export type ProtocolVersion = ReturnType<typeof graphql.scalar<"ProtocolVersion">>;
/** Value of the schema's `Currency` enum. */
export type Currency = ReturnType<typeof graphql.scalar<"Currency">>;
