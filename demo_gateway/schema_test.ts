import assert from "node:assert/strict";
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  type GraphQLNamedType,
  GraphQLObjectType,
  GraphQLUnionType,
} from "graphql";
import { hasReferenceSchema, loadDemoSchema, loadReferenceSchema } from "../queries/testing.ts";

/** Differences of a demo type from the reference type of the same name. */
function differences(
  mine: GraphQLNamedType,
  ref: GraphQLNamedType | undefined,
): string[] {
  const name = mine.name;
  if (!ref) return [`type ${name} is not in the reference schema`];
  if (mine.constructor !== ref.constructor) return [`${name}: other kind`];
  if (mine instanceof GraphQLEnumType) {
    const a = mine.getValues().map((v) => v.name);
    const b = (ref as GraphQLEnumType).getValues().map((v) => v.name);
    return a.join() === b.join() ? [] : [`enum ${name} values differ`];
  }
  if (mine instanceof GraphQLUnionType) {
    const a = mine.getTypes().map((t) => t.name).sort();
    const b = (ref as GraphQLUnionType).getTypes().map((t) => t.name).sort();
    return a.join() === b.join() ? [] : [`union ${name} members differ`];
  }
  if (
    mine instanceof GraphQLObjectType ||
    mine instanceof GraphQLInterfaceType ||
    mine instanceof GraphQLInputObjectType
  ) {
    const out: string[] = [];
    const refFields = (ref as GraphQLObjectType).getFields();
    for (const field of Object.values(mine.getFields())) {
      const other = refFields[field.name];
      if (!other) {
        out.push(`${name}.${field.name} is not in the reference`);
        continue;
      }
      if (String(field.type) !== String(other.type)) {
        out.push(`${name}.${field.name}: ${field.type} != ${other.type}`);
      }
      for (const arg of "args" in field ? field.args : []) {
        const refArg = other.args.find((a) => a.name === arg.name);
        if (!refArg || String(refArg.type) !== String(arg.type)) {
          out.push(`${name}.${field.name}(${arg.name}) differs`);
        }
      }
      // a required reference argument the demo lacks would reject documents
      for (const refArg of "args" in other ? other.args : []) {
        const args: readonly { name: string }[] = "args" in field ? field.args : [];
        const kept = args.some((a) => a.name === refArg.name);
        if (!kept && String(refArg.type).endsWith("!")) {
          out.push(`${name}.${field.name} lacks required ${refArg.name}`);
        }
      }
    }
    return out;
  }
  return [];
}

Deno.test("the demo SDL builds and has query and subscription roots", () => {
  const schema = loadDemoSchema();
  assert.equal(schema.getQueryType()?.name, "Query");
  assert.equal(schema.getSubscriptionType()?.name, "Subscription");
  assert.ok(schema.getType("V4Pool"));
});

Deno.test({
  name: "the demo SDL is a subset of the reference schema, name for name",
  ignore: !hasReferenceSchema(),
  fn() {
    const mine = loadDemoSchema();
    const ref = loadReferenceSchema();
    const problems = Object.values(mine.getTypeMap())
      .filter((t) => !t.name.startsWith("__"))
      .flatMap((t) => differences(t, ref.getType(t.name)));
    assert.deepEqual(problems, []);
  },
});
