/**
 * One connection state, end to end: the real service with its demo chain,
 * Chromium and the injected EIP-6963 test wallet. Once connected, a reload
 * and a page opened by its URL show the account in the header within 10 s
 * (wagmi's reconnect at load), and the header and the forms always name the
 * same account, or none does: a wallet that no longer authorizes the site
 * leaves both disconnected.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { hydrated } from "./screens_support.ts";

/** Milliseconds from navigation start until the header names `short`, or a failure naming the header's text. */
async function headerShows(page: Page, short: string, startedAt: number): Promise<number> {
  const account = page.getByTestId("wallet-account").getByText(short);
  try {
    await account.waitFor({ timeout: 10_000 - (Date.now() - startedAt) });
  } catch {
    const header = await page.locator("header").textContent();
    throw new Error(`The header does not name ${short} 10 s after loading: ${header}`);
  }
  return Date.now() - startedAt;
}

Deno.test({
  name: "connection: reload and open by URL keep the account in the header; header and forms agree",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser }) => {
      for (const device of ["desktop", "phone"] as const) {
        const { context, page, wallet } = await openWalletPage(server, browser, {
          accountIndex: 6,
          viewport: device,
          mobile: device === "phone",
          authorized: false,
        });
        const me = wallet.address;
        const short = `${me.slice(0, 6)}…${me.slice(-4)}`;
        const swap = page.getByTestId("swap-panel");

        await t.step(`${device}: connect on /swap and switch to the demo chain`, async () => {
          await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
          await hydrated(page);
          await page.getByRole("button", { name: "Connect wallet" }).click();
          await page.getByRole("dialog", { name: "Choose a wallet" }).getByRole("button", { name: /Test Wallet/ })
            .click();
          await page.getByTestId("wallet-account").getByText(short).waitFor();
          await swap.getByRole("button", { name: "Switch wallet to Uniswap demo chain" }).click();
          await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        });

        await t.step(`${device}: the network selector names the chain the wallet is on`, async () => {
          await page.getByRole("button", { name: /^Network: Uniswap demo chain/ }).waitFor();
          await page.reload();
          await page.getByRole("button", { name: /^Network: Uniswap demo chain/ }).waitFor({ timeout: 10_000 });
        });

        for (const path of ["/swap", "/positions", "/send", "/explore", "/add/v2", "/portfolio"]) {
          await t.step(`${device}: ${path} opened by URL names the account in the header within 10 s`, async () => {
            const started = Date.now();
            await page.goto(`${server.url}${path}`);
            const ms = await headerShows(page, short, started);
            console.log(`${device} ${path}: header shows the account ${ms} ms after navigation`);
          });
        }

        await t.step(`${device}: a reload names the account in the header within 10 s, as the form does`, async () => {
          await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
          const started = Date.now();
          await page.reload();
          const ms = await headerShows(page, short, started);
          console.log(`${device} reload /swap: header shows the account ${ms} ms after navigation`);
          // The form acts for the account the header names: its button asks for an amount, not a connection.
          await swap.getByTestId("balance-in").waitFor({ timeout: 10_000 });
          assert.equal(await swap.getByText("Connect a wallet (top right) to swap.").count(), 0);
        });

        await t.step(
          `${device}: a wallet that stops authorizing the site leaves header and forms disconnected`,
          async () => {
            // The wallet revokes the site (as a wallet's "disconnect this site" does), then the page reloads.
            await page.evaluate(() =>
              (globalThis as unknown as { ethereum?: unknown; __testWallet(s: string): Promise<string> }).__testWallet(
                JSON.stringify({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }),
              )
            );
            await page.reload({ waitUntil: "networkidle" });
            await hydrated(page);
            await swap.getByText("Connect a wallet (top right) to swap.").waitFor({ timeout: 10_000 });
            await page.waitForTimeout(1_000);
            assert.equal(await page.getByTestId("wallet-account").count(), 0, "the header names an account");
            assert.doesNotMatch(await swap.getByTestId("balance-in").textContent() ?? "", /\d/);
          },
        );
        await context.close();
      }

      await t.step(
        "a new browser profile whose wallet still authorizes the site: the header names it on any page",
        async () => {
          for (const path of ["/explore", "/swap", "/pool"]) {
            const { context, page, wallet } = await openWalletPage(server, browser, {
              accountIndex: 6,
              viewport: "desktop",
            });
            const me = wallet.address;
            const started = Date.now();
            await page.goto(`${server.url}${path}`);
            const ms = await headerShows(page, `${me.slice(0, 6)}…${me.slice(-4)}`, started);
            console.log(`new profile ${path}: header shows the account ${ms} ms after navigation`);
            await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
            assert.equal(wallet.sent.length, 0);
            await context.close();
          }
        },
      );
    });
  },
});
