/**
 * What the wallet end-to-end tests share (`wallet_e2e_test.ts`,
 * `trade_e2e_test.ts`, `liquidity_e2e_test.ts`, `walletconnect_e2e_test.ts`):
 * the demo chain's JSON-RPC address from the service's log, a read client of
 * it, and the token pickers of the trade panels.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { DEV_MNEMONIC } from "../demo_chain/accounts.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";
import { ETHEREUM_CONTRACTS } from "../lib/chains.ts";
import { buildUniversalTrade } from "../app/swap/universal_router.ts";
import { singleTrade } from "../app/swap/split.ts";
import { quoteRoute, swapCandidates, type SwapToken } from "../app/swap/swap_routes.ts";
import type { ChainCall } from "../app/lib/tx_request.ts";

/**
 * A read client of the demo chain at `rpc`, the ERC-20 balance of `owner` through it, and a signing client of a
 * development account (`addressIndex` of the `test ... junk` mnemonic) for the other traders of a test.
 */
export function demoChainClient(rpc: string): {
  chain: PublicClient;
  erc20: (token: Address, owner: Address) => Promise<bigint>;
  devAccount: (addressIndex: number) => WalletClient<Transport, Chain, Account>;
} {
  const demo = defineChain({
    id: DEMO_CHAIN_ID,
    name: "demo",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  });
  const chain = createPublicClient({ chain: demo, transport: http(rpc) });
  return {
    chain,
    erc20: (token, owner) =>
      chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    devAccount: (addressIndex) =>
      createWalletClient({
        account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex }),
        chain: demo,
        transport: http(rpc),
      }),
  };
}

/**
 * Another trader sells `amount` of ether for `tokenOut` in every one-hop pool
 * of `protocols` that has it (V2, each V3 tier, each V4 pool key), through the
 * Universal Router: whatever such route a screen quoted, its price moved.
 * Returns how many pools it traded in.
 */
export async function sellEtherInEveryPool(
  rpc: string,
  addressIndex: number,
  tokenOut: SwapToken,
  options: { amount: bigint; protocols: readonly ("V2" | "V3" | "V4")[] },
): Promise<number> {
  const { amount } = options;
  const { chain, devAccount } = demoChainClient(rpc);
  const trader = devAccount(addressIndex);
  const call: ChainCall = async ({ to, data }) => (await chain.call({ to, data })).data ?? "0x";
  const ether: SwapToken = { address: "native", symbol: "ETH", decimals: 18 };
  let moved = 0;
  for (
    const route of swapCandidates(ether, tokenOut, ETHEREUM_CONTRACTS).filter((r) =>
      r.hops.length === 1 && options.protocols.includes(r.protocol)
    )
  ) {
    const quote = await quoteRoute(call, ETHEREUM_CONTRACTS, route, "exactIn", amount);
    if (!quote) continue;
    const plan = buildUniversalTrade(singleTrade(quote), {
      contracts: ETHEREUM_CONTRACTS,
      tokenIn: ether,
      tokenOut,
      recipient: trader.account.address,
      slippageBps: 5000,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
    });
    const hash = await trader.sendTransaction({ to: plan.tx.to, data: plan.tx.data, value: plan.tx.value });
    assert.equal((await chain.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status, "success");
    moved++;
  }
  return moved;
}

/**
 * The first line of a server's output that matches, waiting for it: the
 * harness appends lines to `output` as they arrive, so its `push` is wrapped.
 */
export function outputLine(output: string[], pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const seen = output.find((line) => pattern.test(line));
  if (seen !== undefined) return Promise.resolve(seen);
  const found = Promise.withResolvers<string>();
  const push = output.push.bind(output);
  output.push = (...lines: string[]) => {
    const line = lines.find((l) => pattern.test(l));
    if (line !== undefined) found.resolve(line);
    return push(...lines);
  };
  const timer = setTimeout(() => found.reject(new Error(`No output line matches ${pattern}`)), timeoutMs);
  return found.promise.finally(() => {
    clearTimeout(timer);
    output.push = push;
  });
}

/** The demo chain's JSON-RPC URL, from the service's log line (a JSON line of `server/log.ts`). */
export async function demoChainUrl(output: string[]): Promise<string> {
  const line = JSON.parse(await outputLine(output, /Demo chain JSON-RPC on/));
  assert.equal(line.level, "info");
  assert.equal(typeof line.time, "string");
  const match = /^Demo chain JSON-RPC on (http:\/\/127\.0\.0\.1:\d+\/?) \(chain id (\d+)\)$/.exec(line.msg);
  assert.ok(match, line.msg);
  assert.equal(Number(match[2]), DEMO_CHAIN_ID);
  return match[1];
}

/** The picker button of a panel (its name is "label: SYMBOL, Name"). */
export function pickerButton(scope: Locator, label: string): Locator {
  return scope.getByRole("button", { name: new RegExp(`^${label}: `) });
}

/** The symbol a panel's picker shows. */
export async function pickedSymbol(scope: Locator, label: string): Promise<string> {
  const name = (await pickerButton(scope, label).getAttribute("aria-label"))!;
  return name.slice(label.length + 2).split(", ")[0];
}

/** Picks a token in a panel's searchable picker: by its address, or `NATIVE` (searched as ETH). */
export async function pickToken(scope: Locator, label: string, key: string): Promise<void> {
  await pickerButton(scope, label).click();
  const dialog = scope.getByRole("dialog", { name: label });
  await dialog.getByRole("combobox").fill(key === "NATIVE" ? "ETH" : key);
  const options = dialog.getByRole("option");
  await (key === "NATIVE"
    ? options.filter({ has: scope.page().locator(".token-name", { hasText: /^ETH$/ }) })
    : options).first().click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * Confirms the open review sheet (`app/review/`): waits until it lists its
 * steps, checks the confirm button's words when given, clicks it and waits
 * for the sheet to close (every step confirmed). Returns the steps' titles.
 */
export async function confirmReview(page: Page, confirmLabel?: string | RegExp): Promise<string[]> {
  const sheet = page.getByTestId("review-sheet");
  await sheet.getByTestId("review-steps").waitFor({ timeout: 30_000 });
  // The simulation's answer replaces the expected changes and moves the button: confirm once it has settled.
  await sheet.getByTestId("review-changes").getByRole("status").waitFor({ state: "detached", timeout: 30_000 });
  const titles = await sheet.locator(".review-step strong").allTextContents();
  const confirm = sheet.getByTestId("review-confirm");
  if (confirmLabel !== undefined) {
    const text = (await confirm.textContent())!.trim();
    if (typeof confirmLabel === "string") assert.equal(text, confirmLabel);
    else assert.match(text, confirmLabel);
  }
  await confirm.click();
  await sheet.waitFor({ state: "hidden", timeout: 60_000 });
  return titles;
}
