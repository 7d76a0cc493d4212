/**
 * An injected EIP-6963 test wallet for Chromium tests: a small EIP-1193
 * provider in the page whose requests are answered here, signing with a
 * development account through viem and broadcasting through the chain's RPC
 * (the service's `/rpc/` proxy, as a wallet that added the demo chain would).
 * It starts on chain 1, so screens must switch it; it knows the demo chain only
 * once `wallet_addEthereumChain` added it (unless `authorized`: then it starts
 * on the demo chain, already authorizing the site).
 *
 * @module
 */
import type { Page } from "playwright-core";
import { createWalletClient, defineChain, type Hex, http, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { DEV_MNEMONIC } from "../demo_chain/accounts.ts";

/** What the wallet saw, for assertions. */
export interface TestWallet {
  readonly address: `0x${string}`;
  /** Hashes of the transactions it signed and sent. */
  readonly sent: Hex[];
  /** Methods the page asked for that would sign anything else than a transaction or an EIP-712 permit. */
  readonly signRequests: string[];
  /** The EIP-712 typed data the page had signed (`eth_signTypedData_v4`, e.g. Permit2 permits), in order. */
  readonly typedSignatures: TypedDataRequest[];
  /** RPC URLs the page gave in `wallet_addEthereumChain`. */
  readonly addedRpcUrls: string[];
  /** The wallet's current chain id. */
  chainId(): number;
  /** Resolves once the wallet has sent `count` transactions in all. */
  sentCount(count: number): Promise<void>;
  /** The next `eth_sendTransaction` is refused as a holder's "Reject" would (code 4001). */
  rejectNext(): void;
  /** Every `eth_sendTransaction` asked, rejected ones included. */
  readonly asked: number;
}

const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' " +
  "height='8' fill='%23f0f'/%3E%3C/svg%3E";

/** The provider script run in every page before its own scripts. */
const PROVIDER_SCRIPT = `(() => {
  const listeners = {};
  const provider = {
    isTestWallet: true,
    async request({ method, params }) {
      const answer = JSON.parse(await window.__testWallet(JSON.stringify({ method, params: params ?? [] })));
      if (answer.error) {
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        error.data = answer.error.data;
        throw error;
      }
      return answer.result;
    },
    on(event, fn) { (listeners[event] ??= new Set()).add(fn); return provider; },
    removeListener(event, fn) { listeners[event]?.delete(fn); return provider; },
  };
  window.__testWalletEmit = (event, value) => { for (const fn of listeners[event] ?? []) fn(value); };
  const info = { uuid: "6f1c3c38-8b1e-4a53-9a39-2b0c0b2a7e11", name: "Test Wallet", icon: ${JSON.stringify(ICON)},
    rdns: "dev.uniswap.testwallet" };
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider",
    { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();`;

/** An `eth_signTypedData_v4` request as the wallet parsed it. */
export interface TypedDataRequest {
  readonly domain: Record<string, unknown>;
  readonly types: Record<string, { name: string; type: string }[]>;
  readonly primaryType: string;
  readonly message: Record<string, unknown>;
}

/** Integers of typed data arrive as strings or numbers in JSON: as bigint for viem, by the types. */
function reviveTypedData(typed: TypedDataRequest): TypedDataRequest {
  const revive = (type: string, value: unknown): unknown => {
    if (/^u?int\d*$/.test(type)) return BigInt(value as string);
    const fields = typed.types[type];
    if (!fields || typeof value !== "object" || value === null) return value;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(fields.map((f) => [f.name, revive(f.type, record[f.name])]));
  };
  const { EIP712Domain: _, ...types } = typed.types;
  return {
    ...typed,
    types,
    domain: { ...typed.domain, chainId: typed.domain.chainId === undefined ? undefined : Number(typed.domain.chainId) },
    message: revive(typed.primaryType, typed.message) as Record<string, unknown>,
  };
}

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** A dapp's `eth_sendTransaction` parameters as both test wallets receive them. */
type TxRequest = { to: Hex; data?: Hex; value?: Hex; gas?: Hex };

/**
 * What both test wallets share: signing and sending a dapp's transaction with
 * a development account through viem, the hashes sent, and `sentCount`.
 */
function createSender(signer: ReturnType<typeof createWalletClient>) {
  const sent: Hex[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  return {
    sent,
    async send(tx: TxRequest): Promise<Hex> {
      const hash = await signer.sendTransaction({
        account: signer.account!,
        chain: signer.chain,
        to: tx.to,
        data: tx.data,
        value: tx.value ? BigInt(tx.value) : 0n,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
      });
      sent.push(hash);
      for (const w of waiting.filter((w) => sent.length >= w.count)) w.resolve();
      return hash;
    },
    sentCount(count: number): Promise<void> {
      if (sent.length >= count) return Promise.resolve();
      const { promise, resolve } = Promise.withResolvers<void>();
      waiting.push({ count, resolve });
      return promise;
    },
  };
}

/**
 * Installs the wallet in a page, signing as the mnemonic's account
 * `accountIndex`; `rpcUrl` is where it reads and broadcasts on the demo chain.
 */
export async function installTestWallet(
  page: Page,
  options: {
    accountIndex: number;
    rpcUrl: string;
    demoChainId: number;
    /** The wallet already authorizes the site (and knows the demo chain and is on it), as one connected earlier. */
    authorized?: boolean;
  },
): Promise<TestWallet> {
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: options.accountIndex });
  const demo = defineChain({
    id: options.demoChainId,
    name: "demo",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const sender = createSender(createWalletClient({ account, chain: demo, transport: http(options.rpcUrl) }));
  let chainId = options.authorized ? options.demoChainId : 1;
  let connected = options.authorized ?? false;
  const known = new Set([1, chainId]);
  const signRequests: string[] = [];
  const typedSignatures: TypedDataRequest[] = [];
  const addedRpcUrls: string[] = [];
  let nextId = 1;
  let rejectNext = false;
  let asked = 0;

  async function emit(event: string, value: unknown) {
    await page.evaluate(
      ([e, v]) => (window as unknown as { __testWalletEmit(e: string, v: unknown): void }).__testWalletEmit(e, v),
      [event, value] as const,
    );
  }

  async function forward(method: string, params: unknown[]): Promise<Answer> {
    if (chainId !== options.demoChainId) {
      return { error: { code: 4901, message: "The test wallet has no RPC for chain 1" } };
    }
    const response = await fetch(options.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    });
    const body = await response.json();
    return "error" in body ? { error: body.error } : { result: body.result };
  }

  async function answer(method: string, params: unknown[]): Promise<Answer> {
    switch (method) {
      case "eth_requestAccounts":
        connected = true;
        return { result: [account.address] };
      case "eth_accounts":
        return { result: connected ? [account.address] : [] };
      case "eth_chainId":
        return { result: toHex(chainId) };
      case "net_version":
        return { result: String(chainId) };
      case "wallet_requestPermissions":
      case "wallet_getPermissions":
        return { result: [{ parentCapability: "eth_accounts" }] };
      case "wallet_revokePermissions":
        connected = false;
        return { result: null };
      case "wallet_switchEthereumChain": {
        const id = Number((params[0] as { chainId: string }).chainId);
        if (!known.has(id)) return { error: { code: 4902, message: `Unrecognized chain ID ${toHex(id)}` } };
        chainId = id;
        await emit("chainChanged", toHex(id));
        return { result: null };
      }
      case "wallet_addEthereumChain": {
        const chain = params[0] as { chainId: string; rpcUrls: string[] };
        addedRpcUrls.push(...chain.rpcUrls);
        known.add(Number(chain.chainId));
        chainId = Number(chain.chainId);
        await emit("chainChanged", chain.chainId);
        return { result: null };
      }
      case "eth_sendTransaction": {
        asked++;
        if (rejectNext) {
          rejectNext = false;
          return { error: { code: 4001, message: "User rejected the request." } };
        }
        if (!connected) return { error: { code: 4100, message: "Not connected" } };
        if (chainId !== options.demoChainId) return { error: { code: 4901, message: "Wrong chain" } };
        return { result: await sender.send(params[0] as TxRequest) };
      }
      case "eth_signTypedData_v4": {
        if (!connected) return { error: { code: 4100, message: "Not connected" } };
        const [signer, json] = params as [string, string];
        if (signer.toLowerCase() !== account.address.toLowerCase()) {
          return { error: { code: 4100, message: `Not the wallet's account: ${signer}` } };
        }
        const typed = reviveTypedData(JSON.parse(json) as TypedDataRequest);
        typedSignatures.push(typed);
        return { result: await account.signTypedData(typed as Parameters<typeof account.signTypedData>[0]) };
      }
      case "personal_sign":
      case "eth_sign":
      case "eth_signTypedData":
      case "eth_signTransaction":
        signRequests.push(method);
        return { error: { code: 4200, message: `${method} is not supported by the test wallet` } };
      default:
        return await forward(method, params);
    }
  }

  await page.exposeFunction("__testWallet", async (text: string) => {
    const { method, params } = JSON.parse(text) as { method: string; params: unknown[] };
    try {
      return JSON.stringify(await answer(method, params));
    } catch (error) {
      return JSON.stringify({ error: { code: -32603, message: (error as Error).message } });
    }
  });
  await page.addInitScript(PROVIDER_SCRIPT);
  return {
    address: account.address,
    sent: sender.sent,
    signRequests,
    typedSignatures,
    addedRpcUrls,
    chainId: () => chainId,
    sentCount: sender.sentCount,
    rejectNext: () => void (rejectNext = true),
    get asked() {
      return asked;
    },
  };
}

/** A WalletConnect wallet in the test process (see {@linkcode startWalletConnectWallet}). */
export interface WalletConnectTestWallet {
  readonly address: `0x${string}`;
  /** Hashes of the transactions it signed and broadcast. */
  readonly sent: Hex[];
  /** Every session request, by method (`eth_sendTransaction`, ...). */
  readonly requests: string[];
  /** Pairs with a `wc:` URI; the session proposal that follows is approved (or rejected). */
  pair(uri: string): Promise<void>;
  /** Resolves once the wallet has sent `count` transactions in all. */
  sentCount(count: number): Promise<void>;
  /** Resolves with the topic of the approved session. */
  approved(): Promise<string>;
  /** Ends the session from the wallet's side (`session_delete` reaches the dapp). */
  disconnect(): Promise<void>;
  /** Closes its relay connection. */
  close(): Promise<void>;
}

/** An `IKeyValueStorage` in memory: nothing of a test wallet is written to disk. */
function memoryStorage() {
  const items = new Map<string, unknown>();
  return {
    getKeys: () => Promise.resolve([...items.keys()]),
    getEntries: <T>() => Promise.resolve([...items.entries()] as [string, T][]),
    getItem: <T>(key: string) => Promise.resolve(items.get(key) as T | undefined),
    setItem: <T>(key: string, value: T) => Promise.resolve(void items.set(key, structuredClone(value))),
    removeItem: (key: string) => Promise.resolve(void items.delete(key)),
  };
}

/**
 * A WalletConnect wallet for tests: `@walletconnect/sign-client` on
 * `relayUrl` (storage in memory, telemetry off), holding the mnemonic's
 * account `accountIndex` on the demo chain only. It approves a proposal with
 * that account (or rejects it when `reject` is set); `eth_sendTransaction`
 * is signed with viem and broadcast to `rpcUrl`; other signing methods are
 * refused and recorded.
 */
export async function startWalletConnectWallet(
  options: { relayUrl: string; projectId: string; accountIndex: number; rpcUrl: string; chainId: number },
  behaviour: { reject?: boolean } = {},
): Promise<WalletConnectTestWallet> {
  const { SignClient } = await import("@walletconnect/sign-client");
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: options.accountIndex });
  const chain = defineChain({
    id: options.chainId,
    name: "demo",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const sender = createSender(createWalletClient({ account, chain, transport: http(options.rpcUrl) }));
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    storage: memoryStorage(),
    customStoragePrefix: `test-wallet-${crypto.randomUUID()}`,
    telemetryEnabled: false,
    logger: "silent",
    metadata: { name: "Test Wallet (WalletConnect)", description: "tests", url: "http://127.0.0.1", icons: [] },
  });
  const caip2 = `eip155:${options.chainId}`;
  const requests: string[] = [];
  const session = Promise.withResolvers<string>();
  session.promise.catch(() => {});

  client.on("session_proposal", async ({ id }) => {
    try {
      if (behaviour.reject) {
        await client.reject({ id, reason: { code: 5000, message: "User rejected." } });
        return;
      }
      const { topic, acknowledged } = await client.approve({
        id,
        namespaces: {
          eip155: {
            chains: [caip2],
            accounts: [`${caip2}:${account.address}`],
            methods: ["eth_sendTransaction", "personal_sign", "eth_signTypedData_v4", "wallet_switchEthereumChain"],
            events: ["chainChanged", "accountsChanged"],
          },
        },
      });
      await acknowledged();
      session.resolve(topic);
    } catch (error) {
      session.reject(error);
    }
  });

  client.on("session_request", async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: unknown[] };
    requests.push(method);
    let response: { id: number; jsonrpc: "2.0"; result: unknown } | {
      id: number;
      jsonrpc: "2.0";
      error: { code: number; message: string };
    };
    try {
      if (method !== "eth_sendTransaction") throw Object.assign(new Error(`${method} is refused`), { code: 4200 });
      if (params.chainId !== caip2) throw Object.assign(new Error(`Unknown chain ${params.chainId}`), { code: 4901 });
      response = { id, jsonrpc: "2.0", result: await sender.send(args[0] as TxRequest) };
    } catch (error) {
      const code = (error as { code?: number }).code ?? -32603;
      response = { id, jsonrpc: "2.0", error: { code, message: (error as Error).message } };
    }
    await client.respond({ topic, response });
  });

  return {
    address: account.address,
    sent: sender.sent,
    requests,
    async pair(uri) {
      await client.pair({ uri });
    },
    sentCount: sender.sentCount,
    approved: () => session.promise,
    async disconnect() {
      const topic = await session.promise;
      await client.disconnect({ topic, reason: { code: 6000, message: "User disconnected." } });
    },
    async close() {
      client.core.heartbeat.stop();
      await client.core.relayer.transportClose().catch(() => {});
    },
  };
}
