import assert from "node:assert/strict";
import { createConfig, http } from "@wagmi/core";
import { defineChain } from "viem";
import { DEMO_EVM_CHAIN } from "../../demo_chain/identity.ts";
import type { RpcDirectory } from "../../lib/rpc_directory.ts";
import type { WalletConnectHost, WalletConnectState } from "./walletconnect_types.ts";
import { addWalletConnect, pairWalletConnect, walletConnectProblem } from "./walletconnect_session.ts";

Deno.test("walletConnectProblem: plain words for each failure, never the error's own text", () => {
  const cases: [unknown, WalletConnectState["status"], string][] = [
    [{ code: 5000, message: "User rejected." }, "rejected", "The wallet rejected the connection."],
    [new Error("Pairing cancelled"), "failed", "The connection did not complete."],
    [
      new Error("Failed to publish custom payload, please try again. id:1 tag:undefined"),
      "unreachable",
      "The WalletConnect relay cannot be reached.",
    ],
    [new Error("Proposal expired"), "failed", "The QR code expired before a wallet answered."],
    [new Error("at Object.<anonymous> (/srv/app/x.js:1:1)\nsecret"), "failed", "The connection did not complete."],
    [null, "failed", "The connection did not complete."],
  ];
  for (const [error, status, message] of cases) {
    assert.deepEqual(walletConnectProblem(error), { status, message });
  }
});

/** A host over a real wagmi config (no network: the provider library is never loaded here). */
function host() {
  const chain = defineChain({
    id: DEMO_EVM_CHAIN.chainId,
    name: "demo",
    nativeCurrency: DEMO_EVM_CHAIN.nativeCurrency,
    rpcUrls: { default: { http: ["http://127.0.0.1:9/rpc/ethereum"] } },
  });
  const config = createConfig({
    chains: [chain],
    connectors: [],
    multiInjectedProviderDiscovery: false,
    storage: null,
    transports: { [chain.id]: http() },
  });
  const directory: RpcDirectory = {
    chains: [{ ...DEMO_EVM_CHAIN, rpcPath: "/rpc/ethereum", local: true }],
    walletConnectProjectId: "p1",
    walletConnectRelayUrl: "ws://127.0.0.1:9",
  };
  let state: WalletConnectState = { status: "starting", uri: null, message: null };
  const calls: string[] = [];
  const h: WalletConnectHost = {
    config: () => config,
    origin: () => "http://127.0.0.1:9",
    directory: () => directory,
    state: () => state,
    update: (patch) => void (state = { ...state, ...patch }),
    idle: () => void (state = { status: "idle", uri: null, message: null }),
    sync: () => void calls.push("sync"),
    clearError: () => void calls.push("clearError"),
  };
  return { h, config, calls, state: () => state };
}

Deno.test("addWalletConnect adds one WalletConnect connector; its messages become the dialog's state during a pairing", async () => {
  const { h, config, state } = host();
  const connector = addWalletConnect(h);
  assert.equal(addWalletConnect(h), connector, "added once");
  assert.deepEqual((config.connectors as readonly { type: string }[]).map((c) => c.type), ["walletConnect"]);
  // Outside a pairing, messages change nothing.
  connector.emitter.emit("message", { type: "display_uri", data: "wc:stale@2" });
  assert.equal(state().status, "starting");

  // A pairing the wallet never answers (no library, no relay here): the connector's messages drive the state meanwhile.
  const { promise: never } = Promise.withResolvers<never>();
  (connector as unknown as { connect(): Promise<never> }).connect = () => never;
  void pairWalletConnect(h);
  await Promise.resolve();
  connector.emitter.emit("message", { type: "relay", data: "disconnected" });
  assert.deepEqual(state(), {
    status: "unreachable",
    uri: null,
    message: "The WalletConnect relay cannot be reached. Retrying…",
  });
  connector.emitter.emit("message", { type: "relay", data: "connected" });
  assert.deepEqual(state(), { status: "starting", uri: null, message: null });
  connector.emitter.emit("message", { type: "display_uri", data: "wc:abc@2?relay-protocol=irn" });
  assert.deepEqual(state(), { status: "waiting", uri: "wc:abc@2?relay-protocol=irn", message: null });
});
