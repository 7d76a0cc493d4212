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
