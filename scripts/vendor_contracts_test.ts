import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  CONTRACTS_DIR,
  NODE_MODULES,
  prefixed,
  readVendored,
  UNISWAP_CONTRACTS,
  UNISWAP_V4_CONTRACTS,
  vendoredArtifact,
  vendoredJson,
} from "./vendor_contracts.ts";

Deno.test("the committed contracts are the installed packages' ABI and creation code", async () => {
  for (const contract of [...UNISWAP_CONTRACTS, ...UNISWAP_V4_CONTRACTS]) {
    const committed = JSON.parse(await readFile(join(CONTRACTS_DIR, contract.file), "utf8")) as {
      abi: { name?: string }[];
      bytecode: string;
      runtimeBytecode?: string;
    };
    assert.deepEqual(committed, await readVendored(contract), `${contract.file}: run deno task gen:contracts`);
    const text = await readFile(join(NODE_MODULES, contract.packageName, contract.artifact), "utf8");
    if (contract.runtimeWithAbiFrom) {
      // Permit2: the runtime code byte for byte, as DeployPermit2.sol etches it.
      const runtime = committed.runtimeBytecode ?? "";
      assert.ok(text.includes(`hex"${runtime.slice(2)}"`), contract.file);
      assert.ok(runtime.length > 10_000, contract.file);
      assert.ok(committed.abi.some((entry) => entry.name === "permitTransferFrom"));
      assert.ok(committed.abi.some((entry) => entry.name === "approve"));
      continue;
    }
    // The creation code byte for byte, read straight from the package's artifact (Foundry's nests it in `object`).
    const original = JSON.parse(text);
    const bytecode = typeof original.bytecode === "string" ? original.bytecode : original.bytecode.object;
    assert.equal(committed.bytecode.toLowerCase(), prefixed(bytecode).toLowerCase(), contract.file);
    assert.ok(committed.bytecode.length > 2_000, contract.file);
  }
});

Deno.test("an artifact is copied with its ABI and creation code only; one that links libraries is refused", () => {
  const contract = { file: "x.json", packageName: "@scope/pkg", artifact: "build/Thing.json" };
  const abi = [{ type: "constructor", inputs: [] }];
  const vendored = vendoredArtifact(contract, { version: "1.0.0", license: "MIT" }, {
    abi,
    bytecode: "6080",
    linkReferences: {},
  });
  assert.equal(vendored.contractName, "Thing");
  assert.equal(vendored.bytecode, "0x6080");
  assert.deepEqual(JSON.parse(vendoredJson(vendored)), vendored);
  assert.match(vendored._comment, /@scope\/pkg 1\.0\.0 \(MIT\)/);
  assert.throws(
    () =>
      vendoredArtifact(contract, { version: "1.0.0", license: "MIT" }, {
        abi,
        bytecode: "0x6080",
        linkReferences: { "x.sol": { Lib: [] } },
      }),
    /links libraries/,
  );
  assert.throws(
    () => vendoredArtifact(contract, { version: "1.0.0", license: "MIT" }, { abi, bytecode: "" }),
    /no creation code/,
  );
});
