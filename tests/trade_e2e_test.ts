/**
 * Trading a wallet holder can trust, end to end: the real service with its
 * demo chain, Chromium, and the injected EIP-6963 test wallet signing with a
 * development account. A 15 %+ price impact is never sent by one click; a
 * finished swap or send is not repeated by a second click; a split route is chosen,
 * shown and really returns more than any single route; USD values; the phone
 * header; axe on /swap and /send, light and dark. Screenshots at 390 and
 * 1280 px go to `test-results/trade/` (git-ignored).
 */
import assert from "node:assert/strict";
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, parseEther, parseUnits } from "viem";
import { BROWSER_USER_AGENT } from "./server_harness.ts";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { confirmReview, pickToken } from "./trade_support.ts";
import { hydrated, seriousViolations, VIEWPORTS } from "./screens_support.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";
import { DEV_ACCOUNTS } from "../demo_chain/accounts.ts";
import { QUOTER_V2_ABI, quoteRoute, V2_ROUTER_ABI } from "../app/swap/swap_routes.ts";
import { V4_NATIVE_CURRENCY } from "../lib/pool_address.ts";

const AAVE = getAddress("0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9");
const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");
const SHOTS = new URL("../test-results/trade/", import.meta.url);

Deno.test({
  name: "trade: impact acknowledgement, one trade per intent, a split route on chain, USD, phone header, axe",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SHOTS, { recursive: true });
    // Each step builds on the one before: after a failure the rest fail at once, naming it.
    let failed: string | null = null;
    const step = async (name: string, fn: () => Promise<void>) => {
      const ok = await t.step(name, async () => {
        if (failed) throw new Error(`Not run: the step "${failed}" failed`);
        await fn();
      });
      if (!ok && !failed) failed = name;
    };
    await withWalletStack(async ({ server, browser, chain, erc20 }) => {
      const { context, page, wallet } = await openWalletPage(server, browser, {
        accountIndex: 4,
        viewport: "desktop",
        scheme: "light",
        authorized: false,
      });
      const me = wallet.address;
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      const swap = page.getByTestId("swap-panel");
      const button = swap.getByTestId("swap-button");
      const confirmedAfter = async (count: number) => {
        await wallet.sentCount(count);
        await swap.getByTestId("swap-summary").waitFor({ timeout: 30_000 });
        assert.equal(wallet.sent.length, count);
        const receipt = await chain.getTransactionReceipt({ hash: wallet.sent[count - 1] });
        assert.equal(receipt.status, "success");
      };
      /** A click on the primary button that must not reach the wallet (a disabled button takes it and does nothing). */
      const clickSendsNothing = async () => {
        const before = wallet.sent.length;
        assert.equal(await button.isDisabled(), true, `the button is enabled: ${await button.textContent()}`);
        await button.click({ force: true });
        await page.waitForTimeout(1_500);
        assert.equal(wallet.sent.length, before, "the wallet was asked");
      };

      await step('a page with window.ethereum offers "Browser wallet" in the wallet sheet', async () => {
        const bare = await browser.newContext({ userAgent: BROWSER_USER_AGENT });
        const visitor = await bare.newPage();
        await visitor.addInitScript(() => {
          Object.assign(globalThis, {
            ethereum: { request: () => Promise.resolve([]), on() {}, removeListener() {} },
          });
        });
        await visitor.goto(`${server.url}/send`, { waitUntil: "networkidle" });
        await visitor.getByRole("button", { name: "Connect wallet" }).click();
        await visitor.getByRole("dialog", { name: "Choose a wallet" }).getByRole("button", { name: "Browser wallet" })
          .waitFor();
        await bare.close();
      });

      await step("default pair: the native token to a top token; connect and switch to the demo chain", async () => {
        await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
        await hydrated(page);
        const pay = swap.getByRole("button", { name: /^Token to pay: / });
        const receive = swap.getByRole("button", { name: /^Token to receive: / });
        await pay.waitFor();
        assert.match((await pay.getAttribute("aria-label"))!, /^Token to pay: ETH, /);
        assert.doesNotMatch((await receive.getAttribute("aria-label"))!, /: (ETH|WETH), /);
        await page.getByRole("button", { name: "Connect wallet" }).click();
        const menu = page.getByRole("dialog", { name: "Choose a wallet" });
        await menu.getByRole("button", { name: /Test Wallet/ }).waitFor();
        // No window.ethereum in this page: no "Browser wallet" that could only say "Provider not found".
        assert.deepEqual((await menu.locator(".wallet-option").allTextContents()).map((t) => t.trim()), [
          "Test Wallet",
        ]);
        await menu.getByRole("button", { name: /Test Wallet/ }).click();
        await swap.getByRole("button", { name: "Switch wallet to Uniswap demo chain" }).click();
        await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        assert.equal(wallet.chainId(), DEMO_CHAIN_ID);
      });

      await step(
        "3000 ETH for AAVE: a 15%+ impact is not sent by one click, only after the acknowledgement",
        async () => {
          await pickToken(swap, "Token to receive", AAVE.toLowerCase());
          await swap.getByLabel(/^You pay/).fill("3000");
          const impact = swap.getByTestId("price-impact");
          await impact.filter({ hasText: /%$/ }).waitFor({ timeout: 30_000 });
          const impactPct = Number((await impact.textContent())!.replace("%", ""));
          assert.ok(impactPct >= 15, `impact ${impactPct}%`);
          assert.equal(await impact.getAttribute("data-tone"), "danger");
          const warning = swap.getByTestId("impact-warning");
          assert.match((await warning.textContent())!, new RegExp(`Price impact ${impactPct.toFixed(2)}%`));
          assert.match(await button.textContent() ?? "", /Accept the price impact/);
          await clickSendsNothing();
          const accept = warning.getByRole("checkbox", { name: `I accept losing about ${impactPct.toFixed(1)}%` });
          // Ticked for another amount, the acknowledgement does not carry over.
          await accept.check();
          await swap.getByLabel(/^You pay/).fill("2999");
          await impact.filter({ hasText: /%$/ }).waitFor();
          await swap.getByTestId("minimum-received").waitFor();
          assert.equal(await accept.isChecked(), false);
          await clickSendsNothing();
          await swap.getByLabel(/^You pay/).fill("3000");
          await swap.getByTestId("minimum-received").waitFor();
          await accept.check();
          const minimum = parseUnits(
            (await swap.getByTestId("minimum-received").textContent())!.split(" ")[0].replace(/,/g, ""),
            18,
          );
          const aave0 = await erc20(AAVE, me);
          assert.equal(await button.textContent(), "Review swap anyway");
          await button.click();
          await confirmReview(page);
          await confirmedAfter(1);
          assert.ok((await erc20(AAVE, me)) - aave0 >= minimum);
        },
      );

      await step(
        "after the swap: a summary naming both amounts, a toast, and a second click sends nothing",
        async () => {
          const summary = (await swap.getByTestId("swap-summary").textContent())!;
          const match = /^Swapped 3,000 ETH for ([\d,.]+) AAVE/.exec(summary);
          assert.ok(match, summary);
          assert.match(summary, new RegExp(wallet.sent[0]), "the local chain has no explorer: the hash is shown");
          const receipt = await chain.getTransactionReceipt({ hash: wallet.sent[0] });
          const received = receipt.logs.filter((l) =>
            l.address.toLowerCase() === AAVE.toLowerCase() &&
            l.topics[2]?.toLowerCase().endsWith(me.slice(2).toLowerCase())
          ).reduce((sum, l) => sum + BigInt(l.data), 0n);
          const bought = match[1].replace(/,/g, "");
          assert.equal(parseUnits(bought, 18) <= received, true);
          assert.ok(Number(bought) > 0);
          await page.getByTestId("toast").filter({ hasText: /^Swapped 3,000 ETH for/ }).waitFor();
          assert.equal(await swap.getByLabel(/^You pay/).inputValue(), "");
          await clickSendsNothing();
          await page.screenshot({ path: new URL("swap_1280.png", SHOTS).pathname, fullPage: true });
        },
      );

      await step(
        "500 ETH for UNI: a split route is chosen, shown, sent through the Universal Router and beats every single route",
        async () => {
          // A new action (another token picked): the last swap's "Confirmed" line and summary give way.
          assert.equal(await swap.getByTestId("tx-status").getAttribute("data-step"), "confirmed");
          await pickToken(swap, "Token to receive", UNI.toLowerCase());
          assert.equal(await swap.getByTestId("tx-status").count(), 0);
          assert.equal(await swap.getByTestId("swap-summary").count(), 0);
          await swap.getByLabel(/^You pay/).fill("500");
          const route = swap.getByTestId("route");
          await swap.getByText("Route (split)").waitFor({ timeout: 30_000 });
          const legs = await route.locator(".route-legs > span").allTextContents();
          assert.equal(legs.length, 2, legs.join(" | "));
          const shares = legs.map((leg) => Number(/^(\d+)% /.exec(leg)?.[1]));
          assert.equal(shares[0] + shares[1], 100, legs.join(" | "));
          for (const leg of legs) assert.match(leg, /ETH|WETH/);
          assert.match((await swap.getByTestId("contract").textContent())!, new RegExp(C.universalRouter));
          // The best single route on chain for the same amount: V3 at each fee tier, V2 and the V4 ETH/UNI pool, direct.
          const amount = parseEther("500");
          const singles: bigint[] = [];
          for (const fee of [100, 500, 3000, 10000]) {
            try {
              const data = (await chain.call({
                to: C.v3QuoterV2,
                data: encodeFunctionData({
                  abi: QUOTER_V2_ABI,
                  functionName: "quoteExactInputSingle",
                  args: [{ tokenIn: C.wrappedNative, tokenOut: UNI, amountIn: amount, fee, sqrtPriceLimitX96: 0n }],
                }),
              })).data!;
              singles.push(
                decodeFunctionResult({ abi: QUOTER_V2_ABI, functionName: "quoteExactInputSingle", data })[0],
              );
            } catch { /* no pool at this tier */ }
          }
          const v2 = await chain.readContract({
            address: C.v2Router,
            abi: V2_ROUTER_ABI,
            functionName: "getAmountsOut",
            args: [amount, [C.wrappedNative, UNI]],
          });
          singles.push(v2[1]);
          const v4 = await quoteRoute(
            async ({ to, data }) => (await chain.call({ to, data })).data ?? "0x",
            C,
            { protocol: "V4", hops: [{ tokenIn: V4_NATIVE_CURRENCY, tokenOut: UNI, fee: 3000, tickSpacing: 60 }] },
            "exactIn",
            amount,
          );
          assert.ok(v4, "the V4 ETH/UNI pool quotes");
          singles.push(v4.amountOut);
          const bestSingle = singles.reduce((a, b) => (a > b ? a : b));
          const minimum = parseUnits(
            (await swap.getByTestId("minimum-received").textContent())!.split(" ")[0].replace(/,/g, ""),
            18,
          );
          const [eth0, uni0] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
          await button.click();
          await confirmReview(page);
          await confirmedAfter(2);
          const [eth1, uni1] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
          const received = uni1 - uni0;
          assert.ok(received >= minimum, `received ${received} < minimum ${minimum}`);
          assert.ok(received > bestSingle, `split ${received} <= best single route ${bestSingle}`);
          assert.ok(eth0 - eth1 >= amount && eth0 - eth1 < amount + parseEther("0.1"));
          const sent = await chain.getTransaction({ hash: wallet.sent[1] });
          assert.equal(sent.to?.toLowerCase(), C.universalRouter.toLowerCase());
          console.log(
            `split ${legs.join(" + ")}: ${Number(received) / 1e18} UNI vs best single route ${
              Number(bestSingle) / 1e18
            } UNI (+${(Number((received - bestSingle) * 10000n / bestSingle) / 100).toFixed(2)}%)`,
          );
        },
      );

      await step(
        "60000 UNI for ETH: a split with Permit2 and an exact permit, ether out in the same call",
        async () => {
          await pickToken(swap, "Token to pay", UNI.toLowerCase());
          await pickToken(swap, "Token to receive", "NATIVE");
          await swap.getByLabel(/^You pay/).fill("60000");
          await swap.getByText("Route (split)").waitFor({ timeout: 30_000 });
          assert.match((await swap.getByTestId("contract").textContent())!, /UniversalRouter\.execute\(.*SWAP/);
          const minimum = parseEther(
            (await swap.getByTestId("minimum-received").textContent())!.split(" ")[0].replace(/,/g, ""),
          );
          const [eth0, uni0] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
          const before = wallet.sent.length;
          await button.click();
          assert.deepEqual(await confirmReview(page, "Approve UNI, sign and swap"), [
            "Approve UNI for Permit2",
            "Sign permit",
            "Swap UNI for ETH",
          ]);
          // The approval of Permit2, the permit signed, then the swap.
          await confirmedAfter(before + 2);
          const approval = await chain.getTransaction({ hash: wallet.sent[before] });
          assert.equal(approval.to?.toLowerCase(), UNI.toLowerCase());
          const [eth1, uni1] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
          assert.equal(uni0 - uni1, parseEther("60000"));
          let gas = 0n;
          for (const hash of wallet.sent.slice(before)) {
            const receipt = await chain.getTransactionReceipt({ hash });
            gas += receipt.gasUsed * receipt.effectiveGasPrice;
          }
          assert.ok(eth1 - eth0 + gas >= minimum, `received ${eth1 - eth0 + gas} < minimum ${minimum}`);
          const [permitted] = await chain.readContract({
            address: C.permit2,
            abi: parseAbi([
              "function allowance(address, address, address) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
            ]),
            functionName: "allowance",
            args: [me, UNI, C.universalRouter],
          });
          assert.equal(permitted, 0n, "the exact permit is used up");
          await pickToken(swap, "Token to pay", "NATIVE");
        },
      );

      await step("USD values beside the amounts, balances, minimum received and the network fee", async () => {
        await swap.getByLabel(/^You pay/).fill("1");
        await swap.getByTestId("minimum-received").waitFor();
        const usd = /\$[\d,]+(\.\d+)?/;
        assert.match((await swap.getByTestId("usd-in").textContent())!, usd);
        assert.match((await swap.getByTestId("usd-out").textContent())!, usd);
        assert.match((await swap.getByTestId("balance-in").textContent())!, usd);
        assert.match((await swap.getByTestId("balance-out").textContent())!, usd);
        assert.match((await swap.getByTestId("minimum-received").textContent())!, usd);
        assert.match((await swap.getByTestId("network-fee").textContent())!, /ETH\$[\d,.]+/);
      });

      await step("1280 px, connected: the header is one row; the account menu is a dialog over it", async () => {
        const header = page.locator(".site-header");
        const height = (await header.boundingBox())!.height;
        assert.ok(height <= 72, `header ${height} px`);
        await page.getByTestId("wallet-account").getByRole("button", { name: new RegExp(me.slice(0, 6)) }).click();
        const sheet = page.getByRole("dialog", { name: "Account" });
        await sheet.getByRole("button", { name: "Disconnect" }).waitFor();
        assert.equal((await header.boundingBox())!.height, height, "the menu does not push the header");
        await page.screenshot({ path: new URL("account_1280.png", SHOTS).pathname });
        await page.keyboard.press("Escape");
        await sheet.waitFor({ state: "hidden" });
      });

      await step("send 1 ETH: USD values and the fee, then a summary; a second click sends nothing", async () => {
        await page.goto(`${server.url}/send`, { waitUntil: "networkidle" });
        const send = page.getByTestId("send-panel");
        const sendButton = send.getByTestId("send-button");
        await page.getByTestId("wallet-account").waitFor();
        assert.match(
          (await send.getByRole("button", { name: /^Token to send: / }).getAttribute("aria-label"))!,
          /: ETH, /,
        );
        const to = DEV_ACCOUNTS[9];
        await send.getByLabel("You're sending").fill("1");
        await send.getByLabel("To", { exact: true }).fill(to);
        await send.getByTestId("network-fee").waitFor();
        const usd = /\$[\d,]+(\.\d+)?/;
        assert.match((await send.getByTestId("usd-send").textContent())!, usd);
        assert.match((await send.getByTestId("send-balance").textContent())!, usd);
        assert.match((await send.getByTestId("network-fee").textContent())!, /ETH\$[\d,.]+/);
        const theirs0 = await chain.getBalance({ address: to });
        const before = wallet.sent.length;
        await sendButton.click();
        // The review values the network fee in USD, as the swap's does.
        const reviewFee = page.getByTestId("review-sheet").getByTestId("review-fee");
        assert.match((await reviewFee.textContent())!, /ETH\$[\d,.]+/);
        await confirmReview(page);
        await wallet.sentCount(before + 1);
        const summary = send.getByTestId("send-summary");
        await summary.waitFor({ timeout: 30_000 });
        assert.match((await summary.textContent())!, new RegExp(`^Sent 1 ETH to ${to.slice(0, 6)}…${to.slice(-4)}`));
        assert.equal((await chain.getBalance({ address: to })) - theirs0, parseEther("1"));
        assert.equal(await send.getByLabel("You're sending").inputValue(), "");
        assert.equal(await sendButton.isDisabled(), true);
        await sendButton.click({ force: true });
        await page.waitForTimeout(1_500);
        assert.equal(wallet.sent.length, before + 1, "the wallet was asked again");
        // A new action (another recipient): the last send's "Confirmed" line and summary give way.
        assert.equal(await send.getByTestId("tx-status").getAttribute("data-step"), "confirmed");
        await send.getByLabel("To", { exact: true }).fill(DEV_ACCOUNTS[8]);
        assert.equal(await send.getByTestId("tx-status").count(), 0);
        assert.equal(await summary.count(), 0);
      });

      await step("390 px, connected: header at most 64 px high, no sideways scroll on /swap", async () => {
        await page.setViewportSize(VIEWPORTS.phone);
        await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
        await page.getByTestId("wallet-account").waitFor();
        const header = await page.locator(".site-header").boundingBox();
        assert.ok(header && header.height <= 64, `header ${header?.height} px`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - globalThis.innerWidth);
        assert.ok(overflow <= 0, `scrolls sideways by ${overflow} px`);
        await page.screenshot({ path: new URL("swap_390.png", SHOTS).pathname, fullPage: true });
        await page.getByTestId("wallet-account").getByRole("button").click();
        await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).waitFor();
        const height = (await page.locator(".site-header").boundingBox())!.height;
        assert.ok(height <= 64, `header ${height} px with the account sheet open`);
        await page.screenshot({ path: new URL("account_390.png", SHOTS).pathname });
        await page.keyboard.press("Escape");
        await page.setViewportSize(VIEWPORTS.desktop);
      });

      await step("axe: no serious or critical violation on /swap and /send, connected, light and dark", async () => {
        const found: string[] = [];
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const path of ["/swap", "/send"]) {
            await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
            await page.getByTestId("wallet-account").waitFor();
            if (path === "/swap") {
              await swap.getByLabel(/^You pay/).fill("1");
              await swap.getByTestId("minimum-received").waitFor();
            }
            for (const v of await seriousViolations(page)) found.push(`${scheme} ${path}: ${v}`);
          }
        }
        assert.deepEqual(found, []);
        assert.deepEqual(problems, []);
      });
      await context.close();
    });
  },
});
