import assert from "node:assert/strict";
import { join } from "node:path";
import { createWalletClient, defineChain, type Hex, http, parseEther } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { residentBytesOf, startSupervisedDemoChain } from "./supervisor.ts";
import type { LogFields, LogLevel } from "../server/log.ts";
import { ETHEREUM_CONTRACTS } from "../lib/chains.ts";
import { DEV_MNEMONIC } from "./accounts.ts";

/** The endless-loop contract creation of issue 25: JUMPDEST PUSH1 0 JUMP. */
const ENDLESS_LOOP = "0x5b600056";
const MIB = 2 ** 20;

async function rpc(url: string, method: string, params: unknown[] = [], timeoutMs = 15_000) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return await response.json() as { result?: unknown; error?: { code: number; message: string } };
}

function withLog() {
  const lines: { level: LogLevel; msg: string; fields?: LogFields }[] = [];
  return { lines, log: (level: LogLevel, msg: string, fields?: LogFields) => void lines.push({ level, msg, fields }) };
}

/** Sends 1 ETH from development account 5 to `to`, signed locally: the transaction hash once mined. */
async function sendOneEth(url: string, to: Hex): Promise<Hex> {
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 });
  const chain = defineChain({
    id: 31337,
    name: "demo",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(url) });
  const hash = await wallet.sendTransaction({ to, value: parseEther("1") });
  for (let i = 0; i < 200; i++) {
    const receipt = await rpc(url, "eth_getTransactionReceipt", [hash]);
    if (receipt.result) return hash;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${hash} was not mined`);
}

Deno.test("the endless loop and 50 eth_getLogs over all blocks: answered at once, same process, small", async () => {
  const { lines, log } = withLog();
  const chain = await startSupervisedDemoChain({ port: 0, log });
  try {
    const pid = chain.pid()!;
    const idle = residentBytesOf(pid)!;
    for (
      const [method, params] of [["eth_call", [{ data: ENDLESS_LOOP }, "latest"]], ["eth_estimateGas", [{
        data: ENDLESS_LOOP,
      }]]] as const
    ) {
      const started = performance.now();
      const answer = await rpc(chain.url, method, [...params]);
      const ms = performance.now() - started;
      assert.ok(answer.error, `${method} answered ${JSON.stringify(answer)}`);
      assert.match(answer.error.message, /OutOfGas|out of gas|gas/i);
      assert.ok(ms < 2_000, `${method} took ${Math.round(ms)} ms`);
    }
    const batch = Array.from({ length: 50 }, (_, id) => ({
      jsonrpc: "2.0",
      id,
      method: "eth_getLogs",
      params: [{ fromBlock: "0x0", toBlock: "latest" }],
    }));
    const response = await fetch(chain.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(batch),
    });
    const answers = await response.json() as { result?: unknown[] }[];
    assert.equal(answers.length, 50);
    assert.ok(answers.every((answer) => Array.isArray(answer.result)));
    const after = residentBytesOf(pid)!;
    console.log(
      `chain RSS idle ${Math.round(idle / MIB)} MiB, after the loops and 50 eth_getLogs ${Math.round(after / MIB)} MiB`,
    );
    assert.ok(after < 200 * MIB, `RSS ${Math.round(after / MIB)} MiB`);
    assert.equal(chain.pid(), pid, "the same process serves");
    assert.equal(chain.restarts(), 0);
    assert.deepEqual(lines.map((line) => line.msg), ["Demo chain ready"]);
  } finally {
    await chain.close();
  }
});

Deno.test("a chain killed from outside restarts on the same URL with its state: a mined transfer stays", async () => {
  const dir = await Deno.makeTempDir({ prefix: "demo_chain_state_" });
  const { lines, log } = withLog();
  const chain = await startSupervisedDemoChain({ port: 0, log, stateFile: join(dir, "state.json") });
  try {
    assert.equal(chain.health(), "ready");
    const to: Hex = "0x00000000000000000000000000000000000d3a70";
    const hash = await sendOneEth(chain.url, to);
    // The state is written within a second of a new block.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const firstPid = chain.pid()!;
    Deno.kill(firstPid, "SIGKILL");
    await chain.whenHealth("restarting");
    await chain.whenHealth("ready");
    assert.notEqual(chain.pid(), firstPid);
    assert.equal(chain.restarts(), 1);
    assert.equal((await rpc(chain.url, "eth_getBalance", [to, "latest"])).result, "0xde0b6b3a7640000");
    const receipt = (await rpc(chain.url, "eth_getTransactionReceipt", [hash])).result as { status: string };
    assert.equal(receipt?.status, "0x1");
    const code = await rpc(chain.url, "eth_getCode", [ETHEREUM_CONTRACTS.v3Factory, "latest"]);
    assert.ok(String(code.result).length > 1000, "the deployment is there too");
    assert.deepEqual(lines.map((line) => line.msg), ["Demo chain ready", "Demo chain restarting", "Demo chain ready"]);
    assert.equal(lines[2].fields?.state, "loaded");
  } finally {
    await chain.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a clean stop writes the state: the next start goes on from it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "demo_chain_state_" });
  const stateFile = join(dir, "state.json");
  try {
    const first = await startSupervisedDemoChain({ port: 0, log: () => {}, stateFile });
    const to: Hex = "0x00000000000000000000000000000000000d3a71";
    const hash = await sendOneEth(first.url, to);
    await first.close(); // at once: Anvil writes its state on SIGTERM
    const second = await startSupervisedDemoChain({ port: 0, log: () => {}, stateFile });
    try {
      assert.equal(second.current()?.report.source, "loaded");
      assert.equal((await rpc(second.url, "eth_getBalance", [to, "latest"])).result, "0xde0b6b3a7640000");
      assert.ok((await rpc(second.url, "eth_getTransactionReceipt", [hash])).result);
    } finally {
      await second.close();
    }
    // A state file that is not a state: deployed again (from the template), never a failed start.
    await Deno.writeTextFile(stateFile, '{"not": "a state"');
    const third = await startSupervisedDemoChain({ port: 0, log: () => {}, stateFile });
    try {
      assert.notEqual(third.current()?.report.source, "loaded");
      assert.equal((await rpc(third.url, "eth_getBalance", [to, "latest"])).result, "0x0");
    } finally {
      await third.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
