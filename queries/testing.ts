/**
 * Test helpers of the data layer: the reference schema (when present), the
 * demo SDL, and document validation with graphql-js.
 *
 * @module
 */
import { buildSchema, type DocumentNode, type GraphQLSchema, parse, print, validate } from "graphql";

/** Where the reference data API schema is kept, beside the repository. */
export const REFERENCE_SCHEMA_URL = new URL(
  "../../shared/reference/data-api-schema.graphql",
  import.meta.url,
);

/** The demo gateway SDL. */
export const DEMO_SDL_URL = new URL(
  "../demo_gateway/schema.graphql",
  import.meta.url,
);

/**
 * Whether a test's prerequisite is here. On CI (`CI` set, as `.ci/run` runs)
 * a missing one throws, so the test file fails instead of skipping; on a
 * developer's machine the test is ignored with a warning that names it.
 */
export function prerequisite(present: boolean, what: string): boolean {
  if (present) return true;
  if (Deno.env.get("CI")) throw new Error(`Missing test prerequisite on CI: ${what}`);
  console.warn(`Ignored here (CI fails without it): ${what}`);
  return false;
}

/** Whether the reference schema file is present (on CI it must be: see {@linkcode prerequisite}). */
export function hasReferenceSchema(): boolean {
  let present = false;
  try {
    present = Deno.statSync(REFERENCE_SCHEMA_URL).isFile;
  } catch { /* missing */ }
  return prerequisite(present, "../shared/reference/data-api-schema.graphql beside the repository");
}

/** The reference data API schema. */
export function loadReferenceSchema(): GraphQLSchema {
  return buildSchema(Deno.readTextFileSync(REFERENCE_SCHEMA_URL));
}

/** The demo gateway schema. */
export function loadDemoSchema(): GraphQLSchema {
  return buildSchema(Deno.readTextFileSync(DEMO_SDL_URL));
}

/**
 * Validation error messages of a document against a schema (empty: valid).
 * The document is printed and re-parsed by graphql-js, so documents built by
 * gql.tada are checked exactly as the gateway would see them.
 */
export function validationErrors(
  schema: GraphQLSchema,
  document: DocumentNode | { readonly kind: "Document" },
): string[] {
  const text = print(document as DocumentNode);
  return validate(schema, parse(text)).map((e) => e.message);
}
