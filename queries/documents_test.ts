import assert from "node:assert/strict";
import { type DocumentNode, type OperationDefinitionNode, print, type ValueNode, visit } from "graphql";
import { ALL_DOCUMENTS } from "./documents.ts";
import { hasReferenceSchema, loadDemoSchema, loadReferenceSchema, validationErrors } from "./testing.ts";

function operationOf(document: unknown): OperationDefinitionNode {
  const operations = (document as DocumentNode).definitions.filter((d) => d.kind === "OperationDefinition");
  assert.equal(operations.length, 1, "one operation per document");
  return operations[0] as OperationDefinitionNode;
}

function literal(value: ValueNode | undefined): unknown {
  if (!value) return undefined;
  switch (value.kind) {
    case "IntValue":
      return Number(value.value);
    case "FloatValue":
      return Number(value.value);
    case "BooleanValue":
      return value.value;
    case "EnumValue":
    case "StringValue":
      return value.value;
    case "NullValue":
      return null;
    default:
      return print(value);
  }
}

/** `{name: "Type = default"}` of the variables of a document. */
function variables(document: unknown): Record<string, string> {
  return Object.fromEntries(
    (operationOf(document).variableDefinitions ?? []).map((v) => {
      const type = print(v.type);
      const fallback = literal(v.defaultValue);
      return [
        v.variable.name.value,
        fallback === undefined ? type : `${type} = ${fallback}`,
      ];
    }),
  );
}

const documents = Object.entries(ALL_DOCUMENTS);

Deno.test("ALL_DOCUMENTS holds named operations under their own names", () => {
  for (const [name, document] of documents) {
    assert.equal(operationOf(document).name?.value, name);
  }
  assert.equal(operationOf(ALL_DOCUMENTS.OnAssetActivity).operation, "subscription");
});

/** The product's source files (not tests): where a document must be used to be sent. */
async function productSources(): Promise<string[]> {
  const root = new URL("../", import.meta.url);
  const texts: string[] = [];
  async function walk(dir: URL): Promise<void> {
    for await (const entry of Deno.readDir(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) await walk(url);
      else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) texts.push(await Deno.readTextFile(url));
    }
  }
  for (const dir of ["app/", "lib/", "og/", "queries/"]) await walk(new URL(dir, root));
  return texts;
}

Deno.test("every document of ALL_DOCUMENTS is one the product sends (used beside its definition and its listing)", async () => {
  const sources = (await productSources()).join("\n");
  for (const [name, document] of documents) {
    const constant = `${name}${operationOf(document).operation === "subscription" ? "Subscription" : "Query"}`;
    const uses = sources.match(new RegExp(`\\b${constant}\\b`, "g"))?.length ?? 0;
    assert.ok(uses > 2, `${constant} is defined and listed but never run: remove it from ALL_DOCUMENTS`);
  }
});

Deno.test("every document validates against the demo SDL", () => {
  const schema = loadDemoSchema();
  for (const [name, document] of documents) {
    assert.deepEqual(validationErrors(schema, document), [], name);
  }
});

Deno.test({
  name: "every document validates against the reference schema",
  ignore: !hasReferenceSchema(),
  fn() {
    const schema = loadReferenceSchema();
    for (const [name, document] of documents) {
      assert.deepEqual(validationErrors(schema, document), [], name);
    }
  },
});

Deno.test("variables and defaults are exactly as listed", () => {
  const expected: Record<string, Record<string, string>> = {
    Token: { chain: "Chain!", address: "String" },
    V4Pool: { chain: "Chain!", poolId: "String!" },
    AddressPool: { chain: "Chain!", address: "String!" },
    PortfolioBalances: {
      ownerAddress: "String!",
      chains: "[Chain!]!",
      valueModifiers: "[PortfolioValueModifier!]",
    },
    TokenProjectDescription: {
      chain: "Chain!",
      address: "String",
      includeSpanish: "Boolean = false",
      includeFrench: "Boolean = false",
      includeJapanese: "Boolean = false",
      includePortuguese: "Boolean = false",
      includeVietnamese: "Boolean = false",
      includeChineseSimplified: "Boolean = false",
      includeChineseTraditional: "Boolean = false",
    },
    TopTokens: {
      chain: "Chain",
      page: "Int = 1",
      pageSize: "Int = 100",
      orderBy: "TokenSortableField = POPULARITY",
    },
    OnAssetActivity: { subscriptionId: "ID!", account: "String!" },
    TopV3Pools: {
      chain: "Chain!",
      first: "Int!",
      cursor: "Float",
      tokenAddress: "String",
    },
    V3Transactions: { chain: "Chain!", first: "Int!", cursor: "Int" },
    V4PoolTransactions: {
      chain: "Chain!",
      poolId: "String!",
      first: "Int!",
      cursor: "Int",
    },
    DailyProtocolVolume: { chain: "Chain!", version: "ProtocolVersion!" },
    TokenPrice: {
      chain: "Chain!",
      address: "String",
      duration: "HistoryDuration!",
      fallback: "Boolean = false",
    },
  };
  for (const [name, vars] of Object.entries(expected)) {
    assert.deepEqual(
      variables(ALL_DOCUMENTS[name as keyof typeof ALL_DOCUMENTS]),
      vars,
      name,
    );
  }
});

/** Printed arguments of every `field` selection (by field name) in a document. */
function argumentsOf(
  name: keyof typeof ALL_DOCUMENTS,
  field: string,
): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  visit(ALL_DOCUMENTS[name] as DocumentNode, {
    Field(node) {
      if (node.name.value !== field) return;
      found.push(
        Object.fromEntries(
          (node.arguments ?? []).map((a) => [a.name.value, print(a.value)]),
        ),
      );
    },
  });
  return found;
}

Deno.test("fixed arguments are as listed", () => {
  assert.deepEqual(
    argumentsOf("DailyProtocolVolume", "historicalProtocolVolume"),
    [{ chain: "$chain", version: "$version", duration: "MONTH" }],
  );
  assert.deepEqual(argumentsOf("PopularNftCollections", "topCollections"), [
    { chains: "[ETHEREUM]", orderBy: "VOLUME", duration: "DAY", first: "2" },
  ]);
  assert.deepEqual(argumentsOf("CollectionSearch", "nftCollections"), [
    { filter: "{nameQuery: $query}" },
  ]);
  assert.deepEqual(argumentsOf("TopV4Pools", "topV4Pools"), [{
    chain: "$chain",
    first: "$first",
    tvlCursor: "$cursor",
    tokenFilter: "$tokenAddress",
  }]);
  const pagedByTimestamp = {
    V4PoolTransactions: "transactions",
    V3PoolTransactions: "transactions",
    V2PairTransactions: "transactions",
    V4Transactions: "v4Transactions",
    V3Transactions: "v3Transactions",
    V2Transactions: "v2Transactions",
  } as const;
  for (const [name, field] of Object.entries(pagedByTimestamp)) {
    const [args] = argumentsOf(name as keyof typeof ALL_DOCUMENTS, field);
    assert.equal(args.first, "$first", name);
    assert.equal(args.timestampCursor, "$cursor", name);
  }
  assert.deepEqual(
    argumentsOf("TokenTransactions", "v3Transactions"),
    [{ first: "$first", timestampCursor: "$cursor3" }],
  );
  // the candle fallback is a conditional price history
  const fallback = print(ALL_DOCUMENTS.TokenPrice as DocumentNode);
  assert.match(fallback, /priceHistory\(duration: \$duration\) @include\(if: \$fallback\)/);
});
