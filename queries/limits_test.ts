import assert from "node:assert/strict";
import { type GraphQLNamedType, isEnumType, isInputObjectType, parse, print } from "graphql";
import type { DocumentNode, TypeNode } from "graphql";
import { CHAINS } from "../lib/chains.ts";
import { ALL_DOCUMENTS } from "./documents.ts";
import {
  checkDeclared,
  checkVariables,
  DEFAULT_INT_CAP,
  DEFAULT_LIST_CAP,
  DEFAULT_STRING_CAP,
  INPUT_TYPES,
  namedTypeKind,
  variableTypesOf,
} from "./limits.ts";
import { hasReferenceSchema, loadDemoSchema, loadReferenceSchema } from "./testing.ts";

const ADDRESS = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";
const OWNER = "0x036b30d42028532091fbe91db601b4c2710bf14c";

Deno.test("the variables the product really sends pass", () => {
  // As app/lib/*_data.ts, app/wallet/wallet_tx.ts and app/components/live_activity.tsx send them.
  const sent: [string, Record<string, unknown>][] = [
    ["Token", { chain: "ETHEREUM", address: ADDRESS }],
    ["Token", { chain: "ETHEREUM", address: null }],
    ["TopTokens", { chain: "ETHEREUM", page: 1, pageSize: 100, orderBy: "VOLUME" }],
    ["TopTokens", { chain: "BASE", page: 1, pageSize: 1 }],
    ["AllV3Ticks", { chain: "ETHEREUM", address: ADDRESS, skip: 0, first: 1000 }],
    ["AllV4Ticks", { chain: "ETHEREUM", poolId: `0x${"ab".repeat(32)}`, skip: 0, first: 1000 }],
    ["V3PoolTransactions", { chain: "ETHEREUM", address: ADDRESS, first: 25, cursor: 1_732_000_000 }],
    ["TokenTransactions", { chain: "ETHEREUM", address: ADDRESS, first: 10, cursor4: 1, cursor3: 2, cursor2: null }],
    // A TVL cursor beyond the 32-bit range: Floats are only finite.
    ["TopV3Pools", { chain: "ETHEREUM", first: 25, cursor: 12_345_678_901.25, tokenAddress: ADDRESS }],
    ["PortfolioBalances", {
      ownerAddress: OWNER,
      chains: CHAINS.map((c) => c.chain),
      valueModifiers: [{ ownerAddress: OWNER, includeSmallBalances: true, includeSpamTokens: true }],
    }],
    ["NftBalances", { ownerAddress: OWNER, chains: ["ETHEREUM"], first: 24, after: "YXJyYXljb25uZWN0aW9uOjIz" }],
    ["NftCollection", { contractAddress: ADDRESS, first: 24, after: null }],
    ["ActivityWeb", { account: OWNER, chains: ["ETHEREUM"], page: 3, pageSize: 25, includeOffChain: true }],
    ["TokenProjects", {
      contracts: [{ chain: "ETHEREUM", address: ADDRESS }, { chain: "ETHEREUM", address: OWNER }],
    }],
    ["CollectionSearch", { query: "bored ape" }],
    ["PopularNftCollections", {}],
    ["OnAssetActivity", { subscriptionId: crypto.randomUUID(), account: OWNER }],
  ];
  for (const [operation, variables] of sent) {
    assert.equal(checkVariables(operation, variables), null, `${operation} ${JSON.stringify(variables)}`);
  }
});

Deno.test("oversized counts, long strings, unknown variables and non-finite numbers are refused by name", () => {
  const token = { chain: "ETHEREUM", address: ADDRESS };
  const refusals: [string, Record<string, unknown>, string][] = [
    ["TopTokens", { chain: "ETHEREUM", pageSize: 1_000_000 }, 'Variable "pageSize" is 1000000: at most 100'],
    ["V3Transactions", { chain: "ETHEREUM", first: 1_000_000_000 }, 'Variable "first" is 1000000000: at most 100'],
    ["AllV3Ticks", { chain: "ETHEREUM", address: ADDRESS, first: 1001 }, 'Variable "first" is 1001: at most 1000'],
    ["Token", { ...token, junk: "x".repeat(60_000) }, 'Variable "junk" is not a variable of Token'],
    ["Token", { chain: "ETHEREUM", address: "0x".padEnd(60_000, "1") }, 'Variable "address" is 60000 characters long'],
    ["CollectionSearch", { query: "a".repeat(201) }, 'Variable "query" is 201 characters long: at most 200'],
    ["TopV3Pools", { chain: "ETHEREUM", first: 25, cursor: JSON.parse("1e999") }, 'Variable "cursor" is Infinity'],
    ["V3Transactions", { chain: "ETHEREUM", first: -1 }, 'Variable "first" is -1: at least 0'],
    ["V3Transactions", { chain: "ETHEREUM", first: 2.5 }, 'Variable "first" is 2.5: expected a whole number'],
    ["V3Transactions", { chain: "ETHEREUM", first: "25" }, 'Variable "first" is a string: expected a whole number'],
    ["V3Transactions", { chain: "ETHEREUM" }, 'Variable "first" is required'],
    ["Token", { chain: "ETHEREUM { __schema { types { name } } }" }, 'Variable "chain" is a string: expected a Chain'],
    ["Token", { chain: { a: 1 } }, 'Variable "chain" is an object: expected a Chain value'],
    ["TokenPrice", { chain: "ETHEREUM", duration: "DAY", fallback: "yes" }, 'Variable "fallback" is a string'],
    ["PortfolioBalances", { ownerAddress: OWNER, chains: Array(33).fill("ETHEREUM") }, '"chains" has 33 items'],
    [
      "TokenProjects",
      { contracts: [{ chain: "ETHEREUM", address: "x".repeat(300) }] },
      '"contracts[0].address" is 300',
    ],
    ["TokenProjects", { contracts: [{ chain: "ETHEREUM", extra: 1 }] }, 'field "extra" that ContractInput'],
    [
      "TokenProjects",
      { contracts: Array(21).fill({ chain: "BASE" }) },
      'Variable "contracts" has 21 items: at most 20',
    ],
    ["PortfolioBalances", {
      ownerAddress: OWNER,
      chains: ["ETHEREUM"],
      valueModifiers: [{ ownerAddress: OWNER, tokenBalancesLimit: 100_000 }],
    }, 'Variable "valueModifiers[0].tokenBalancesLimit" is 100000: at most 100'],
    ["ActivityWeb", {
      account: OWNER,
      chains: ["ETHEREUM"],
      onRampTransactionIDs: Array(101).fill("id"),
    }, 'Variable "onRampTransactionIDs" has 101 items: at most 100'],
    ["Nope", {}, "Operation Nope is not one of the product's own"],
  ];
  for (const [operation, variables, reason] of refusals) {
    const verdict = checkVariables(operation, variables);
    assert.ok(verdict?.includes(reason), `${operation}: ${verdict} (expected ${reason})`);
  }
});

Deno.test("a new operation is bounded by default: unnamed counts, strings and lists get the defaults", () => {
  const document = parse("query New($count: Int, $note: String, $ids: [ID!], $tvl: Float, $first: Int) { a }");
  const types = variableTypesOf(document);
  assert.equal(checkDeclared("New", types, { count: DEFAULT_INT_CAP, note: "a".repeat(DEFAULT_STRING_CAP) }), null);
  assert.equal(
    checkDeclared("New", types, { count: 5_000 }),
    `Variable "count" is 5000: at most ${DEFAULT_INT_CAP}`,
  );
  assert.match(checkDeclared("New", types, { note: "a".repeat(DEFAULT_STRING_CAP + 1) })!, /at most 200/);
  assert.match(checkDeclared("New", types, { ids: Array(DEFAULT_LIST_CAP + 1).fill("1") })!, /at most 100/);
  assert.match(checkDeclared("New", types, { first: 101 })!, /at most 100/);
  assert.equal(checkDeclared("New", types, { tvl: 1e300, ids: "one" }), null, "one value coerces to a list");
});

/** The named type under list and non-null wrappers. */
function namedOf(type: TypeNode): string {
  return type.kind === "NamedType" ? type.name.value : namedOf(type.type);
}

function checkTypesAgainst(schema: ReturnType<typeof loadDemoSchema>) {
  const seen = new Set<string>();
  const visit = (name: string, where: string) => {
    const kind = namedTypeKind(name);
    const type: GraphQLNamedType | undefined = schema.getType(name) ?? undefined;
    assert.ok(type, `${where}: type ${name} is not in the schema`);
    if (kind === "enum") assert.ok(isEnumType(type), `${where}: ${name} is read as an enum but is not one`);
    if (kind !== "input" || seen.has(name)) return;
    seen.add(name);
    assert.ok(isInputObjectType(type), `${where}: ${name} is not an input type`);
    const fields = type.getFields();
    const written = INPUT_TYPES[name];
    assert.deepEqual(
      Object.fromEntries(Object.entries(fields).map(([field, f]) => [field, String(f.type)])),
      written,
      `INPUT_TYPES.${name} differs from the schema`,
    );
    for (const [field, text] of Object.entries(written)) {
      visit(text.replace(/[\[\]!]/g, ""), `${name}.${field}`);
    }
  };
  for (const [operation, document] of Object.entries(ALL_DOCUMENTS)) {
    for (const [variable, type] of variableTypesOf(document as unknown as DocumentNode)) {
      visit(namedOf(type), `${operation}.$${variable}`);
    }
  }
  assert.deepEqual([...seen].sort(), Object.keys(INPUT_TYPES).sort(), "every input type of the table is used");
}

Deno.test("every variable's type is read as the demo schema defines it (scalars, enums, input fields)", () => {
  checkTypesAgainst(loadDemoSchema());
});

Deno.test({
  name: "every variable's type is read as the reference schema defines it",
  ignore: !hasReferenceSchema(),
  fn() {
    checkTypesAgainst(loadReferenceSchema());
  },
});

Deno.test("the checked variables are the ones the documents declare", () => {
  const tokens = ALL_DOCUMENTS.TopTokens as unknown as DocumentNode;
  assert.deepEqual([...variableTypesOf(tokens).keys()], ["chain", "page", "pageSize", "orderBy"]);
  assert.equal(print(variableTypesOf(tokens).get("pageSize")!), "Int");
});
