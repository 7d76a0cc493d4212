/**
 * What a trader expects of the forms, end to end (the real service with its
 * demo chain, Chromium, the signing test wallet already authorizing the
 * site): "Max" fills the exact token balance and leaves gas for ether; one
 * quote costs at most 4 HTTP requests to `/rpc` (Multicall3 and JSON-RPC
 * batches), a split search included; typing 12 amounts in 1.5 s gets no
 * `429` and no error on screen; a quote that fails on the way says why
 * (rate limited), never "no route", and recovers by itself. The picker
 * opens at its top with a balance on every row; app.uniswap.org's `/add`
 * links open the forms with the pair picked; the network selector's label
 * is whole and the settings' switches keep their labels, at 1440 px light
 * and 390 px dark.
 *
 * @module
 */
import assert from "node:assert/strict";
import { formatUnits, getAddress, parseEther } from "viem";
import type { Page, Request } from "playwright-core";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { pickedSymbol, pickerButton } from "./trade_support.ts";

const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");
const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");

/** Every POST to `/rpc/` the page makes from now on, and the statuses of their answers. */
function watchRpc(page: Page) {
  const requests: Request[] = [];
  const statuses: number[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/rpc/")) requests.push(r);
  });
  page.on("response", (r) => {
    if (r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/rpc/")) statuses.push(r.status());
  });
  return { requests, statuses };
}

Deno.test({
  name: "forms: Max, one quote in at most 4 requests, typing never trips the limit, failures say why",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, chain, erc20 }) => {
      const { context, page, wallet } = await openWalletPage(server, browser, { accountIndex: 9, viewport: "desktop" });
      const me = wallet.address;
      const swap = page.getByTestId("swap-panel");
      const pay = swap.getByLabel(/^You pay/);
      const rpcLog = watchRpc(page);

      await t.step("Max fills the exact token balance; the balance itself is a button too", async () => {
        await page.goto(`${server.url}/swap?inputCurrency=${UNI}&outputCurrency=${USDC}`);
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        await swap.getByTestId("max-button").click();
        assert.equal(await pay.inputValue(), formatUnits(await erc20(UNI, me), 18));
        await pay.fill("");
        await swap.getByRole("button", { name: /^Use balance / }).click();
        assert.equal(await pay.inputValue(), formatUnits(await erc20(UNI, me), 18));
      });

      await t.step("Max of ether leaves 0.01 ETH for gas", async () => {
        await page.goto(`${server.url}/swap?inputCurrency=ETH&outputCurrency=${USDC}`);
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        await swap.getByTestId("max-button").click();
        const balance = await chain.getBalance({ address: me });
        assert.equal(await pay.inputValue(), formatUnits(balance - parseEther("0.01"), 18));
      });

      await t.step("the picker shows the balance of tokens not chosen, read in one batch", async () => {
        const before = rpcLog.requests.length;
        await page.goto(`${server.url}/swap?inputCurrency=ETH&outputCurrency=${USDC}`);
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        await page.waitForTimeout(1_500);
        console.log(
          `/swap opened, every listed token's balance read: ${rpcLog.requests.length - before} HTTP requests`,
        );
        await swap.getByRole("button", { name: /^Token to pay: / }).click();
        const dialog = swap.getByRole("dialog", { name: "Token to pay" });
        await dialog.getByRole("combobox").fill(UNI.toLowerCase());
        const uni = dialog.getByRole("option").first();
        const text = await uni.locator(".token-balance").textContent({ timeout: 10_000 });
        const shown = Number(text!.replace(/,/g, ""));
        const onChain = Number(formatUnits(await erc20(UNI, me), 18));
        assert.ok(Math.abs(shown - onChain) / onChain < 0.001, `picker ${text} UNI, chain ${onChain}`);
        await page.keyboard.press("Escape");
      });

      for (
        const [label, input, amount] of [["10 UNI → USDC", UNI, "10"], ["500 ETH → UNI (split search)", "ETH", "500"]]
      ) {
        await t.step(`one quote of ${label} costs at most 4 HTTP requests to /rpc`, async () => {
          const output = input === UNI ? USDC : UNI;
          await page.goto(`${server.url}/swap?inputCurrency=${input}&outputCurrency=${output}`);
          await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
          await page.waitForTimeout(1_500); // the page's own first reads (balances, decimals) settle
          const before = rpcLog.requests.length;
          await pay.fill(amount);
          await swap.getByTestId("minimum-received").waitFor({ timeout: 30_000 });
          await page.waitForTimeout(1_000);
          const quoteRequests = rpcLog.requests.slice(before);
          const calls = quoteRequests.map((r) => {
            const body = JSON.parse(r.postData() ?? "null");
            return Array.isArray(body) ? body.length : 1;
          });
          console.log(`${label}: ${quoteRequests.length} HTTP requests to /rpc (${calls.join("+")} JSON-RPC calls)`);
          assert.ok(quoteRequests.length <= 4, `${quoteRequests.length} requests`);
          if (input === "ETH") await swap.getByText("Route (split)").waitFor();
        });
      }

      await t.step("typing 12 amounts in 1.5 s: no 429, no error on screen, the last amount quoted", async () => {
        await page.goto(`${server.url}/swap?inputCurrency=${UNI}&outputCurrency=${USDC}`);
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        const statusesBefore = rpcLog.statuses.length;
        // Typed inside the page, 125 ms apart on its own clock: a round trip of the driver per key is not the
        // holder's typing, and on a busy machine it stretched 12 amounts past 1.5 s.
        const typedMs = await pay.evaluate(async (element: HTMLInputElement) => {
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
          const started = performance.now();
          for (let i = 1; i <= 12; i++) {
            setValue.call(element, String(i * 7));
            element.dispatchEvent(new Event("input", { bubbles: true }));
            if (i < 12) {
              await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * 125 - performance.now())));
            }
          }
          return performance.now() - started;
        });
        assert.ok(typedMs <= 1_500, `typed in ${typedMs.toFixed(0)} ms`);
        await swap.getByTestId("minimum-received").waitFor({ timeout: 30_000 });
        await page.waitForTimeout(2_000);
        const statuses = rpcLog.statuses.slice(statusesBefore);
        assert.equal(statuses.filter((s) => s === 429).length, 0, `statuses ${statuses.join(",")}`);
        assert.equal(await swap.getByTestId("quote-error").count(), 0);
        assert.equal(await pay.inputValue(), "84");
      });

      await t.step("a rate-limited quote says so, never 'no route', and recovers by itself", async () => {
        await page.route("**/rpc/ethereum", (route) =>
          route.request().method() === "POST"
            ? route.fulfill({
              status: 429,
              headers: { "retry-after": "1", "content-type": "application/json" },
              body: JSON.stringify({ error: "Too many requests" }),
            })
            : route.continue());
        await pay.fill("3");
        const error = swap.getByTestId("quote-error");
        await error.waitFor({ timeout: 15_000 });
        const text = (await error.textContent())!;
        assert.match(text, /rate limited/i);
        assert.doesNotMatch(text, /no route|no liquidity/i);
        await page.unroute("**/rpc/ethereum");
        await error.waitFor({ state: "hidden", timeout: 15_000 });
        await swap.getByTestId("minimum-received").waitFor({ timeout: 15_000 });
      });

      await t.step("the picker opens at its top: the first row whole, a balance on every row", async () => {
        await page.goto(`${server.url}/swap?inputCurrency=${USDC}&outputCurrency=ETH`);
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        await pickerButton(swap, "Token to pay").click();
        const dialog = swap.getByRole("dialog", { name: "Token to pay" });
        const list = dialog.getByRole("listbox");
        await list.locator(".token-balance").first().waitFor({ timeout: 15_000 });
        await page.waitForTimeout(500);
        assert.equal(await list.evaluate((e) => e.scrollTop), 0);
        const [box, first] = [await list.boundingBox(), await list.getByRole("option").first().boundingBox()];
        assert.ok(box && first && first.y >= box.y - 0.5, `first row at ${first?.y}, list at ${box?.y}`);
        // The search box is a field (1rem), not the amount row's 1.8rem.
        const size = await dialog.getByRole("combobox").evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
        assert.ok(size <= 17, `search box font ${size} px`);
        const rows = await list.getByRole("option").count();
        assert.equal(await list.locator(".token-balance").count(), rows, "a balance on every row");
        await page.keyboard.press("Escape");
      });

      await t.step(
        "app.uniswap.org's /add links open the V2 and V3 forms with the pair (and tier) picked",
        async () => {
          const v2 = await page.goto(`${server.url}/add/v2/ETH/${USDC}`);
          assert.equal(v2?.status(), 200);
          const add = page.getByTestId("v2-add-panel");
          await add.waitFor({ timeout: 15_000 });
          assert.deepEqual([await pickedSymbol(add, "First token"), await pickedSymbol(add, "Second token")], [
            "ETH",
            "USDC",
          ]);
          const v3 = await page.goto(`${server.url}/add/ETH/${USDC}/500`);
          assert.equal(v3?.status(), 200);
          const form = page.getByTestId("v3-new-panel");
          await form.waitFor({ timeout: 15_000 });
          assert.deepEqual([await pickedSymbol(form, "First token"), await pickedSymbol(form, "Second token")], [
            "ETH",
            "USDC",
          ]);
          const tiers = form.getByRole("radiogroup", { name: "Fee tier" });
          assert.equal(await tiers.getByRole("radio", { checked: true }).getAttribute("data-fee"), "500");
        },
      );
      await context.close();

      for (
        const [viewport, scheme, shown] of [
          [{ width: 1440, height: 900 }, "light", "Uniswap demo chain"],
          ["phone", "dark", "Demo chain"],
        ] as const
      ) {
        const width = typeof viewport === "string" ? 390 : viewport.width;
        await t.step(
          `${width} px ${scheme}: the chain reads whole; the settings' switches keep their labels`,
          async () => {
            const { context, page } = await openWalletPage(server, browser, { accountIndex: 9, viewport, scheme });
            await page.goto(`${server.url}/swap?inputCurrency=${UNI}&outputCurrency=${USDC}`);
            const network = page.getByRole("button", { name: /^Network: Uniswap demo chain/ });
            await network.waitFor({ timeout: 15_000 });
            // The label drawn (the phone keeps the full name for screen readers in a 1 px box), and whether it is cut.
            const drawn = await network.locator(".chain-label").evaluateAll((labels) =>
              labels.filter((e) => e.getBoundingClientRect().width > 2).map((e) => ({
                text: e.textContent,
                cut: e.scrollWidth > e.clientWidth,
              }))
            );
            assert.deepEqual(drawn, [{ text: shown, cut: false }]);
            await page.getByTestId("swap-panel").locator(".trade-settings summary").click();
            const toggles = page.locator(".trade-settings .control-toggle");
            assert.equal(await toggles.count(), 2);
            for (const toggle of await toggles.all()) {
              const track = (await toggle.locator(".control-toggle-track").boundingBox())!;
              const text = (await toggle.locator(":scope > span:not(.control-toggle-track)").boundingBox())!;
              assert.ok(track.width >= 36 && track.height >= 20, `track ${track.width}×${track.height}`);
              assert.ok(text.x >= track.x + track.width, `the label starts at ${text.x}, under the track's knob`);
            }
            await context.close();
          },
        );
      }
    });
  },
});
