/**
 * WalletConnect end to end: the real service with its demo chain, Chromium,
 * a loopback relay (`tests/fakes/walletconnect_relay.ts`) and a test wallet
 * in this process (`@walletconnect/sign-client`, storage in memory) signing
 * with a development account. Without `WALLETCONNECT_PROJECT_ID` there is no
 * WalletConnect at all: no entry, no project id in `GET /rpc`, no relay in the
 * CSP, no request to any relay.
 */
import assert from "node:assert/strict";
import { confirmReview, demoChainClient, demoChainUrl } from "./trade_support.ts";
import { AxeBuilder } from "@axe-core/playwright";
import { formatEther, parseEther } from "viem";
import type { Browser, Page } from "playwright-core";
import { renderSVG } from "uqr";
import { BROWSER_USER_AGENT, launchBrowser, startServer } from "./server_harness.ts";
import { startWalletConnectWallet, type WalletConnectTestWallet } from "./wallet_test_wallet.ts";
import { startFakeRelay } from "./fakes/walletconnect_relay.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";
import { DEV_ACCOUNTS } from "../demo_chain/accounts.ts";

const PROJECT_ID = "e2e0123456789abcdef0123456789abc";
/** Chunks of WalletConnect: the connector, the dialog and the provider library. */
const WALLETCONNECT_CHUNK = /\/assets\/(walletconnect_|index\.es|universal|sign-client)[^/]*\.js/i;

/** Every URL the page asks for (HTTP and WebSocket). */
function networkLog(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => void urls.push(r.url()));
  page.on("websocket", (ws) => void urls.push(ws.url()));
  return urls;
}

/** Picks a token in a panel's searchable picker: `NATIVE` is searched as ETH. */
async function pickNative(page: Page, label: string): Promise<void> {
  const panel = page.getByTestId("send-panel");
  await panel.getByRole("button", { name: new RegExp(`^${label}: `) }).click();
  const dialog = panel.getByRole("dialog", { name: label });
  await dialog.getByRole("combobox").fill("ETH");
  await dialog.getByRole("option").filter({ has: page.locator(".token-name", { hasText: /^ETH$/ }) }).first().click();
  await dialog.waitFor({ state: "hidden" });
}

/** Opens the header's wallet list and picks WalletConnect; resolves with the dialog. */
async function pickWalletConnect(page: Page) {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page.getByRole("dialog", { name: "Choose a wallet" }).getByRole("button", { name: "WalletConnect" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect with WalletConnect" });
  await dialog.waitFor();
  return dialog;
}

/** The pairing URI the dialog shows, once it shows one. */
async function pairingUri(page: Page): Promise<string> {
  const link = page.getByRole("textbox", { name: "WalletConnect link" });
  await link.waitFor({ timeout: 30_000 });
  const uri = await link.inputValue();
  assert.match(uri, /^wc:[0-9a-f]{64}@2\?/);
  return uri;
}

Deno.test({
  name: "walletconnect: absent without a project id; with one, pair through the relay, restore, send ether",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const browser: Browser = await launchBrowser();
    const relay = startFakeRelay();
    const wallets: WalletConnectTestWallet[] = [];
    try {
      await t.step(
        "without WALLETCONNECT_PROJECT_ID: no entry, no project id, no relay in the CSP or the network log",
        async () => {
          const server = await startServer();
          try {
            const directory = await (await fetch(`${server.url}/rpc`)).json();
            assert.equal(directory.walletConnectProjectId, null);
            assert.equal(directory.walletConnectRelayUrl, null);
            const context = await browser.newContext({ userAgent: BROWSER_USER_AGENT });
            const page = await context.newPage();
            const urls = networkLog(page);
            const response = await page.goto(`${server.url}/send`, { waitUntil: "networkidle" });
            const csp = response!.headers()["content-security-policy"];
            assert.match(csp, /(^|;)\s*connect-src 'self'\s*(;|$)/);
            await page.getByRole("button", { name: "Connect wallet" }).click();
            const menu = page.getByRole("dialog", { name: "Choose a wallet" });
            // Ready (the list and the WalletConnect entry come from the same GET /rpc): no wallet at all, and no
            // "Browser wallet" either, since this browser has no window.ethereum.
            await menu.getByText(/^No wallet found in this browser/).waitFor();
            assert.deepEqual(await menu.locator(".wallet-option").allTextContents(), []);
            assert.equal(await page.getByText("WalletConnect").count(), 0);
            await page.waitForLoadState("networkidle");
            const origin = new URL(server.url).origin;
            const elsewhere = urls.filter((u) => new URL(u).origin !== origin && !u.startsWith("data:"));
            assert.deepEqual(elsewhere, [], "every request stays on the service's origin");
            assert.equal(urls.filter((u) => /walletconnect|relay/i.test(u) || WALLETCONNECT_CHUNK.test(u)).length, 0);
            assert.equal(relay.connections(), 0);
            await context.close();
          } finally {
            await server.stop();
          }
        },
      );

      const server = await startServer({ WALLETCONNECT_PROJECT_ID: PROJECT_ID, WALLETCONNECT_RELAY_URL: relay.url });
      try {
        const chainUrl = await demoChainUrl(server.output);
        const { chain } = demoChainClient(chainUrl);
        const walletOptions = {
          relayUrl: relay.url,
          projectId: PROJECT_ID,
          accountIndex: 5,
          rpcUrl: `${server.url}/rpc/ethereum`,
          chainId: DEMO_CHAIN_ID,
        };
        const wallet = await startWalletConnectWallet(walletOptions);
        wallets.push(wallet);
        assert.equal(wallet.address, DEV_ACCOUNTS[5]);
        const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`;

        // A phone-sized page.
        const context = await browser.newContext({
          userAgent: BROWSER_USER_AGENT,
          viewport: { width: 390, height: 844 },
        });
        const page = await context.newPage();
        const urls = networkLog(page);
        const problems: string[] = [];
        page.on("pageerror", (error) => problems.push(error.message));

        await t.step("GET /rpc publishes the project id and relay; the CSP allows the relay's origin", async () => {
          const directory = await (await fetch(`${server.url}/rpc`)).json();
          assert.equal(directory.walletConnectProjectId, PROJECT_ID);
          assert.equal(directory.walletConnectRelayUrl, relay.url);
          const response = await page.goto(`${server.url}/send`, { waitUntil: "networkidle" });
          const csp = response!.headers()["content-security-policy"];
          assert.match(csp, new RegExp(`(^|;)\\s*connect-src 'self' ${relay.url}\\s*(;|$)`));
          assert.equal(urls.filter((u) => WALLETCONNECT_CHUNK.test(u)).length, 0, "nothing of WalletConnect yet");
        });

        await t.step(
          "pick WalletConnect: the dialog shows the URI as a QR code; the wallet pairs and approves",
          async () => {
            const dialog = await pickWalletConnect(page);
            const uri = await pairingUri(page);
            assert.ok(urls.some((u) => WALLETCONNECT_CHUNK.test(u)), "its code loaded on the pick");
            // The QR code is the URI's: uqr draws the same SVG from it.
            const qr = dialog.getByRole("img", { name: "QR code of the WalletConnect link" });
            const drawn = /<path[^>]* d="([^"]+)"/.exec(renderSVG(uri, { ecc: "M", border: 2, pixelSize: 4 }))![1];
            assert.equal(await qr.locator("svg path").getAttribute("d"), drawn);
            assert.equal(
              await dialog.getByTestId("walletconnect-status").getAttribute("data-status"),
              "waiting",
            );
            // Inside a phone's width, and accessible.
            const box = (await dialog.boundingBox())!;
            assert.ok(box.x >= 0 && box.x + box.width <= 390, `dialog at ${box.x}..${box.x + box.width}`);
            const axe = await new AxeBuilder({ page }).include('[data-testid="walletconnect-dialog"]').analyze();
            assert.deepEqual(
              axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
              [],
            );
            assert.equal(await page.evaluate(() => !!document.activeElement?.closest("dialog")), true, "focus inside");

            await wallet.pair(uri);
            await wallet.approved();
            await page.getByTestId("wallet-account").getByText(short).waitFor({ timeout: 30_000 });
            await dialog.waitFor({ state: "hidden" });
            await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
          },
        );

        await t.step("a reload restores the session", async () => {
          await page.reload({ waitUntil: "networkidle" });
          await page.getByTestId("wallet-account").getByText(short).waitFor({ timeout: 30_000 });
          await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        });

        await t.step("send 0.5 ether: eth_sendTransaction reaches the wallet, which signs and broadcasts", async () => {
          const send = page.getByTestId("send-panel");
          await pickNative(page, "Token to send");
          await send.getByLabel("You're sending").fill("0.5");
          const to = DEV_ACCOUNTS[8];
          await send.getByLabel("To", { exact: true }).fill(to);
          const [mine0, theirs0] = [
            await chain.getBalance({ address: wallet.address }),
            await chain.getBalance({ address: to }),
          ];
          await send.getByRole("button", { name: "Send", exact: true }).click();
          await confirmReview(page);
          await wallet.sentCount(1);
          assert.deepEqual(wallet.requests, ["eth_sendTransaction"]);
          await page.locator('[data-testid="tx-status"][data-step="confirmed"]', {
            has: page.getByTestId("tx-hash").getByText(wallet.sent[0], { exact: true }),
          }).waitFor({ timeout: 30_000 });
          const [mine1, theirs1] = [
            await chain.getBalance({ address: wallet.address }),
            await chain.getBalance({ address: to }),
          ];
          assert.equal(theirs1 - theirs0, parseEther("0.5"));
          const spent = mine0 - mine1;
          assert.ok(spent > parseEther("0.5") && spent < parseEther("0.501"), `spent ${formatEther(spent)}`);
        });

        await t.step("disconnect, then a wallet that rejects: the dialog says so; Escape closes it", async () => {
          await page.getByTestId("wallet-account").getByRole("button", { name: new RegExp(short) }).click();
          await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click();
          await page.getByRole("button", { name: "Connect wallet" }).waitFor();
          const refusing = await startWalletConnectWallet({ ...walletOptions, accountIndex: 6 }, { reject: true });
          wallets.push(refusing);
          const dialog = await pickWalletConnect(page);
          await refusing.pair(await pairingUri(page));
          const status = dialog.getByTestId("walletconnect-status");
          await dialog.locator('[data-status="rejected"]').waitFor({ timeout: 30_000 });
          assert.equal(await status.textContent(), "The wallet rejected the connection.");
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
          // Focus is back on the control that opened it.
          await page.locator(":focus", { hasText: "Connect wallet" }).waitFor();
        });

        await t.step("a relay that cannot be reached is said in plain words", async () => {
          relay.setReachable(false);
          const dialog = await pickWalletConnect(page);
          const status = dialog.locator('[data-testid="walletconnect-status"][data-status="unreachable"]');
          await status.waitFor({ timeout: 30_000 });
          assert.match((await status.textContent())!, /^The WalletConnect relay cannot be reached\./);
          await dialog.getByRole("button", { name: "Close" }).click();
          await dialog.waitFor({ state: "hidden" });
          relay.setReachable(true);
        });

        await t.step("nothing but the service and the relay was contacted; the relay knew every method", () => {
          const origin = new URL(server.url).origin;
          const elsewhere = urls.filter((u) => {
            const url = new URL(u);
            return url.protocol !== "data:" && url.origin !== origin && url.origin !== relay.url;
          });
          assert.deepEqual(elsewhere, []);
          assert.deepEqual(relay.unknownMethods, []);
          assert.ok(relay.methods.includes("wc_proposeSession") && relay.methods.includes("wc_approveSession"));
          assert.deepEqual(problems, []);
        });
        await context.close();
      } finally {
        await server.stop();
      }
    } finally {
      for (const wallet of wallets) await wallet.close();
      await relay.close();
      await browser.close();
    }
  },
});
