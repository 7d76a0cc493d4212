/**
 * What the wallet end-to-end tests share (`wallet_e2e_test.ts`,
 * `trade_e2e_test.ts`): the demo chain's JSON-RPC address from the
 * service's log, and the token pickers of the trade panels.
 */
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";

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
