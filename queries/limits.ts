/**
 * Bounds on the variables of the product's operations, for the `/graphql`
 * proxy and the subscription relay (`allow_list.ts`): a caller may send only
 * the variables an operation declares, each of its declared type, and no
 * larger than the product itself sends.
 *
 * The limits come from each document's variable definitions (the types) and
 * a small table of named caps ({@linkcode NAMED_CAPS}, {@linkcode OPERATION_CAPS}):
 *
 * - `Int`: a whole number from 0 to the variable's cap: page sizes and
 *   `first`-style counts at most what the product sends (100; the tick reads
 *   1000), cursors the 32-bit range of GraphQL. An `Int` the table does not
 *   name is capped at {@linkcode DEFAULT_INT_CAP}, so a new operation that
 *   declares a large count is refused until its cap is written down.
 * - `Float`: a finite number (`1e999` parses as infinity). `Boolean`: `true` or `false`.
 * - `String` and `ID`: at most {@linkcode DEFAULT_STRING_CAP} characters
 *   (addresses, chains, search text), unless named otherwise.
 * - enums: a GraphQL name of at most 64 characters (the gateway knows the
 *   values). Input objects: the fields of {@linkcode INPUT_TYPES} only.
 * - lists: at most {@linkcode DEFAULT_LIST_CAP} items, unless named otherwise.
 * - a non-null variable must be given; an undeclared one is refused.
 *
 * @module
 */
import { type DocumentNode, parseType, type TypeNode } from "graphql";
import { ALL_DOCUMENTS } from "./documents.ts";

/** Largest `Int` variable the table does not name: the product's largest page. */
export const DEFAULT_INT_CAP = 100;

/** Longest `String` or `ID` variable the table does not name. */
export const DEFAULT_STRING_CAP = 200;

/** Most items of a list variable the table does not name. */
export const DEFAULT_LIST_CAP = 100;

/** Longest enum value accepted (a GraphQL name). */
export const ENUM_CAP = 64;

/** Largest GraphQL `Int` (32-bit signed). */
export const GRAPHQL_INT_MAX = 2_147_483_647;

/** A cap: `max` for numbers, characters for strings, `items` for lists. */
export interface VariableCap {
  readonly max?: number;
  readonly items?: number;
}

/**
 * Caps by variable name, for every operation. Counts are at most the
 * product's own (`app/lib/*_data.ts`: 25 transactions, 24 NFTs, 100 tokens
 * or activities a page); cursors are timestamps (`Int`) or TVLs (`Float`).
 */
export const NAMED_CAPS: Readonly<Record<string, VariableCap>> = {
  first: { max: 100 },
  last: { max: 100 },
  pageSize: { max: 100 },
  page: { max: 1_000 },
  skip: { max: 1_000 },
  cursor: { max: GRAPHQL_INT_MAX },
  cursor2: { max: GRAPHQL_INT_MAX },
  cursor3: { max: GRAPHQL_INT_MAX },
  cursor4: { max: GRAPHQL_INT_MAX },
  tokenBalancesLimit: { max: 100 },
  // NFT cursors are opaque strings of the gateway.
  after: { max: 500 },
  chains: { items: 32 },
  // The wallet screens the swap's two tokens, or the one it sends (app/wallet/wallet_tx.ts flaggedTokens).
  contracts: { items: 20 },
};

/** Caps of one operation's variables, over {@linkcode NAMED_CAPS}: `Operation.variable`. */
export const OPERATION_CAPS: Readonly<Record<string, VariableCap>> = {
  // app/explore/pool_data.ts reads the ticks 1000 at a time.
  "AllV3Ticks.first": { max: 1_000 },
  "AllV4Ticks.first": { max: 1_000 },
};

/**
 * The input object types the documents' variables use, by field, as in the
 * reference schema (`queries/limits_test.ts` checks them against it). A
 * type missing here is treated as an enum, so an object for it is refused.
 */
export const INPUT_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ContractInput: { chain: "Chain!", address: "String" },
  PortfolioValueModifier: {
    ownerAddress: "String!",
    tokenIncludeOverrides: "[ContractInput!]",
    tokenExcludeOverrides: "[ContractInput!]",
    includeSmallBalances: "Boolean",
    includeSpamTokens: "Boolean",
    tokenBalancesLimit: "Int",
  },
  NftBalancesFilterInput: {
    addresses: "[String!]",
    assets: "[NftBalanceAssetInput!]",
    filterSpam: "Boolean",
  },
  NftBalanceAssetInput: { address: "String!", tokenId: "String!" },
};

const SCALARS = new Set(["Int", "Float", "String", "ID", "Boolean"]);

const inputFields = new Map<string, Map<string, TypeNode>>(
  Object.entries(INPUT_TYPES).map((
    [type, fields],
  ) => [type, new Map(Object.entries(fields).map(([field, text]) => [field, parseType(text)]))]),
);

/** The variables a document's operation declares, with their types. */
export function variableTypesOf(document: DocumentNode): Map<string, TypeNode> {
  const variables = new Map<string, TypeNode>();
  for (const definition of document.definitions) {
    if (definition.kind !== "OperationDefinition") continue;
    for (const variable of definition.variableDefinitions ?? []) {
      variables.set(variable.variable.name.value, variable.type);
    }
  }
  return variables;
}

let declared: Map<string, Map<string, TypeNode>> | null = null;

/** The variables of each operation of {@linkcode ALL_DOCUMENTS}, built once. */
function declaredVariables(): Map<string, Map<string, TypeNode>> {
  declared ??= new Map(
    Object.entries(ALL_DOCUMENTS).map((
      [name, document],
    ) => [name, variableTypesOf(document as unknown as DocumentNode)]),
  );
  return declared;
}

/** The cap of a variable (or input field) named `name` of `operation`, or `undefined` for the defaults. */
export function capOf(operation: string, name: string): VariableCap | undefined {
  return OPERATION_CAPS[`${operation}.${name}`] ?? NAMED_CAPS[name];
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return "a string";
  if (typeof value === "object") return "an object";
  return String(value);
}

/** Judges `value` against `type`; the reason in plain words, or null. `name` is the path shown, `key` the cap's name. */
function checkValue(
  operation: string,
  name: string,
  key: string,
  value: unknown,
  type: TypeNode,
): string | null {
  if (type.kind === "NonNullType") {
    if (value === null || value === undefined) return `Variable "${name}" is required`;
    return checkValue(operation, name, key, value, type.type);
  }
  if (value === null || value === undefined) return null;
  const cap = capOf(operation, key);
  if (type.kind === "ListType") {
    // GraphQL coerces one value to a list of one.
    if (!Array.isArray(value)) return checkValue(operation, name, key, value, type.type);
    const most = cap?.items ?? DEFAULT_LIST_CAP;
    if (value.length > most) return `Variable "${name}" has ${value.length} items: at most ${most}`;
    for (let i = 0; i < value.length; i++) {
      const refused = checkValue(operation, `${name}[${i}]`, key, value[i], type.type);
      if (refused) return refused;
    }
    return null;
  }
  const typeName = type.name.value;
  switch (typeName) {
    case "Int": {
      if (typeof value !== "number" || !Number.isInteger(value)) {
        return `Variable "${name}" is ${describe(value)}: expected a whole number`;
      }
      const most = cap?.max ?? DEFAULT_INT_CAP;
      if (value < 0) return `Variable "${name}" is ${value}: at least 0`;
      if (value > most) return `Variable "${name}" is ${value}: at most ${most}`;
      return null;
    }
    case "Float":
      if (typeof value !== "number" || !Number.isFinite(value)) {
        return `Variable "${name}" is ${describe(value)}: expected a finite number`;
      }
      return null;
    case "Boolean":
      return typeof value === "boolean" ? null : `Variable "${name}" is ${describe(value)}: expected true or false`;
    case "String":
    case "ID": {
      if (typeof value !== "string") return `Variable "${name}" is ${describe(value)}: expected a string`;
      const most = cap?.max ?? DEFAULT_STRING_CAP;
      if (value.length > most) return `Variable "${name}" is ${value.length} characters long: at most ${most}`;
      return null;
    }
  }
  const fields = inputFields.get(typeName);
  if (fields) {
    if (typeof value !== "object" || Array.isArray(value)) {
      return `Variable "${name}" is ${describe(value)}: expected a ${typeName} object`;
    }
    for (const field of Object.keys(value)) {
      if (!fields.has(field)) return `Variable "${name}" has field "${field}" that ${typeName} does not have`;
    }
    for (const [field, fieldType] of fields) {
      const refused = checkValue(
        operation,
        `${name}.${field}`,
        field,
        (value as Record<string, unknown>)[field],
        fieldType,
      );
      if (refused) return refused;
    }
    return null;
  }
  // Any other named type is an enum: a GraphQL name.
  if (typeof value !== "string" || value.length > ENUM_CAP || !/^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) {
    return `Variable "${name}" is ${describe(value)}: expected a ${typeName} value`;
  }
  return null;
}

/**
 * Judges the variables of the product's operation `operation` (an allowed
 * operation name): `null` when every variable is declared, of its type and
 * within its cap, else the reason, naming the variable (safe to send to the
 * client), e.g. `Variable "pageSize" is 1000000: at most 100`.
 */
export function checkVariables(operation: string, variables: Readonly<Record<string, unknown>>): string | null {
  const definitions = declaredVariables().get(operation);
  if (!definitions) return `Operation ${operation} is not one of the product's own`;
  return checkDeclared(operation, definitions, variables);
}

/**
 * Judges `variables` against the variable types `definitions` of an
 * operation named `operation` (its caps are looked up by that name), as
 * {@linkcode checkVariables} does for the product's documents.
 */
export function checkDeclared(
  operation: string,
  definitions: ReadonlyMap<string, TypeNode>,
  variables: Readonly<Record<string, unknown>>,
): string | null {
  for (const name of Object.keys(variables)) {
    if (!definitions.has(name)) return `Variable "${name}" is not a variable of ${operation}`;
  }
  for (const [name, type] of definitions) {
    const refused = checkValue(operation, name, name, variables[name], type);
    if (refused) return refused;
  }
  return null;
}

/** How the checks read the named type `name`: a scalar, an input object of {@linkcode INPUT_TYPES}, or an enum. */
export function namedTypeKind(name: string): "scalar" | "input" | "enum" {
  if (SCALARS.has(name)) return "scalar";
  return inputFields.has(name) ? "input" : "enum";
}
