import assert from "node:assert/strict";
import { compileDemoContract, DEMO_CONTRACTS } from "./build.ts";

Deno.test("the committed demo contracts are what their Solidity sources compile to", async () => {
  for (const contract of DEMO_CONTRACTS) {
    const committed = JSON.parse(await Deno.readTextFile(new URL(contract.file, import.meta.url)));
    const compiled = await compileDemoContract(contract);
    assert.equal(committed.bytecode, compiled.bytecode, `${contract.file}: run demo_chain/contracts/build.ts`);
    assert.deepEqual(committed.abi, compiled.abi, contract.file);
  }
});
