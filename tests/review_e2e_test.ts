/**
 * A review before every signature, end to end: the real service with its
 * demo chain, Chromium and the injected EIP-6963 test wallet (already
 * authorizing the site). One click on the primary button of a trade that
 * needs an approval sends nothing (no wallet request, no nonce used) and
 * shows a review naming both tokens, both amounts, the Permit2 approval and
 * the permit signature; closing it sends nothing; confirming walks approval,
 * signature and the Universal Router's execute, both transactions mined, the
 * balances moving as reviewed; a rejected step says which and why, and
 * "Try again" resumes there. Desktop and phone.
 *
 * @module
 */
import assert from "node:assert/strict";
import { getAddress, parseUnits } from "viem";
import type { Page } from "playwright-core";
import { type TestWallet } from "./wallet_test_wallet.ts";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";

const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");
const AAVE = getAddress("0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9");
const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");

async function openSwap(page: Page, server: string, wallet: TestWallet, input: string, amount: string) {
  await page.goto(`${server}/swap?inputCurrency=${input}&outputCurrency=${USDC}`);
  const me = wallet.address;
  await page.getByTestId("wallet-account").getByText(`${me.slice(0, 6)}…${me.slice(-4)}`).waitFor({ timeout: 10_000 });
  const swap = page.getByTestId("swap-panel");
  await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
  await swap.getByLabel(/^You pay/).fill(amount);
  await swap.getByTestId("minimum-received").waitFor({ timeout: 30_000 });
  return swap;
}

Deno.test({
  name: "review: one click sends nothing and names tokens, amounts and approval; confirming mines the trade",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, chain, erc20 }) => {
      for (const [device, accountIndex] of [["desktop", 3], ["phone", 5]] as const) {
        const { context, page, wallet } = await openWalletPage(server, browser, {
          accountIndex,
          viewport: device,
          mobile: device === "phone",
        });
        const problems: string[] = [];
        page.on("pageerror", (e) => problems.push(e.message));
        const me = wallet.address;
        const sheet = page.getByTestId("review-sheet");

        await t.step(
          `${device}: one click on "Review swap" for 10 UNI → USDC sends nothing, shows the review`,
          async () => {
            const swap = await openSwap(page, server.url, wallet, UNI, "10");
            const nonce = await chain.getTransactionCount({ address: me });
            const button = swap.getByTestId("swap-button");
            assert.equal((await button.textContent())!.trim(), "Review swap");
            await button.click();
            await sheet.getByTestId("review-steps").waitFor({ timeout: 15_000 });
            await page.waitForTimeout(1_500);
            assert.equal(wallet.asked, 0, "the wallet was asked to send");
            assert.deepEqual(wallet.signRequests, []);
            assert.equal(await chain.getTransactionCount({ address: me }), nonce);
            // Both tokens, both amounts with USD, the bound, the approval then the swap, each with contract and function.
            assert.match((await sheet.getByTestId("review-pay").textContent())!, /^10 UNI\$[\d,.]+$/);
            assert.match((await sheet.getByTestId("review-receive").textContent())!, /^[\d,.]+ USDC\$[\d,.]+$/);
            await sheet.getByTestId("review-minimum").waitFor();
            const summary = (await sheet.getByTestId("review-summary").textContent())!;
            for (const row of ["Rate", "Price impact", "Network fee", "Route"]) assert.ok(summary.includes(row), row);
            const changes = (await sheet.getByTestId("review-changes").textContent())!;
            assert.match(changes, /−10 UNI/);
            // Simulated ("+59.81 USDC") once the simulation answers, else expected with its bound.
            assert.match(changes, /\+[\d,.]+ (\(at least \+[\d,.]+\) )?USDC/);
            const steps = await sheet.locator(".review-step strong").allTextContents();
            assert.deepEqual(steps, ["Approve UNI for Permit2", "Sign permit", "Swap UNI for USDC"]);
            const approval = sheet.getByTestId(`review-step-approve-${UNI.toLowerCase()}`);
            assert.match(
              (await approval.textContent())!,
              new RegExp(`UNI\\.approve\\(Permit2 ${C.permit2}, unlimited\\)`),
            );
            assert.match((await approval.textContent())!, new RegExp(UNI, "i"));
            const permit = (await sheet.getByTestId("review-step-permit").textContent())!;
            assert.match(permit, /Permit2 PermitSingle\(UNI 10, spender UniversalRouter\)/);
            assert.ok(permit.includes(C.universalRouter) && permit.includes(C.permit2), permit);
            const trade = (await sheet.getByTestId("review-step-swap").textContent())!;
            assert.match(trade, /UniversalRouter\.execute\(PERMIT2_PERMIT, /);
            assert.ok(trade.includes(C.universalRouter), trade);
            assert.equal(
              (await sheet.getByTestId("review-confirm").textContent())!.trim(),
              "Approve UNI, sign and swap",
            );
            await page.screenshot({ path: `test-results/review_${device}.png` }).catch(() => {});
            // Closing the review sends nothing either.
            await page.keyboard.press("Escape");
            await sheet.waitFor({ state: "hidden" });
            await page.waitForTimeout(500);
            assert.equal(wallet.asked, 0);
          },
        );

        await t.step(`${device}: confirming walks approval then swap; both mined, balances as reviewed`, async () => {
          const swap = page.getByTestId("swap-panel");
          const minimum = parseUnits(
            (await swap.getByTestId("minimum-received").textContent())!.split(" ")[0].replace(/,/g, ""),
            6,
          );
          const [uni0, usdc0] = [await erc20(UNI, me), await erc20(USDC, me)];
          await swap.getByTestId("swap-button").click();
          await sheet.getByTestId("review-steps").waitFor({ timeout: 15_000 });
          // The simulated changes land after the steps and move the confirm button: click once they are there.
          await sheet.getByTestId("review-predicted").waitFor({ timeout: 30_000 });
          await sheet.getByTestId("review-confirm").click();
          await sheet.waitFor({ state: "hidden", timeout: 60_000 });
          assert.equal(wallet.sent.length, 2);
          assert.equal(wallet.typedSignatures.length, 1, "one Permit2 signature");
          assert.equal(wallet.typedSignatures[0].primaryType, "PermitSingle");
          const [approve, trade] = await Promise.all(wallet.sent.map((hash) => chain.getTransactionReceipt({ hash })));
          assert.equal(approve.status, "success");
          assert.equal(approve.to?.toLowerCase(), UNI.toLowerCase());
          assert.equal(trade.status, "success");
          assert.equal(trade.to?.toLowerCase(), C.universalRouter.toLowerCase());
          assert.equal(uni0 - (await erc20(UNI, me)), parseUnits("10", 18));
          assert.ok((await erc20(USDC, me)) - usdc0 >= minimum);
          await swap.getByTestId("swap-summary").filter({ hasText: /^Swapped 10 UNI for [\d,.]+ USDC/ }).waitFor();
        });

        await t.step(`${device}: a rejected approval says which step and why; "Try again" resumes`, async () => {
          const swap = await openSwap(page, server.url, wallet, AAVE, "1");
          const before = wallet.sent.length;
          await swap.getByTestId("swap-button").click();
          await sheet.getByTestId("review-steps").waitFor({ timeout: 15_000 });
          wallet.rejectNext();
          await sheet.getByTestId("review-confirm").click();
          const failure = sheet.getByTestId("review-failure");
          await failure.waitFor({ timeout: 30_000 });
          assert.match((await failure.textContent())!, /^Step 1 of 3 \(Approve AAVE for Permit2\) failed: .*rejected/i);
          assert.equal(wallet.sent.length, before);
          assert.equal((await sheet.getByTestId("review-confirm").textContent())!.trim(), "Try again");
          await sheet.getByTestId("review-confirm").click();
          await sheet.waitFor({ state: "hidden", timeout: 60_000 });
          assert.equal(wallet.sent.length, before + 2);
          const receipt = await chain.getTransactionReceipt({ hash: wallet.sent[before + 1] });
          assert.equal(receipt.status, "success");
        });
        if (device === "desktop") {
          await t.step("connected, /portfolio/activity and /portfolio/tokens are different views", async () => {
            await page.goto(`${server.url}/portfolio/activity`);
            const mine = page.getByTestId("connected-portfolio");
            await mine.getByTestId("sent-txs").getByText(/^Swapped 10 UNI for [\d,.]+ USDC/).waitFor({
              timeout: 15_000,
            });
            await mine.getByTestId("sent-txs").getByText(/^Swapped 1 AAVE for [\d,.]+ USDC/).waitFor();
            assert.equal(await mine.locator("table").count(), 0, "the activity tab shows no balance table");
            assert.equal(await mine.getAttribute("data-tab"), "activity");
            await page.goto(`${server.url}/portfolio/tokens`);
            await mine.locator("table tbody tr").first().waitFor({ timeout: 15_000 });
            assert.equal(await mine.getByTestId("sent-txs").count(), 0, "the tokens tab lists no activity");
            const rows = mine.locator("table").first().locator("tbody tr");
            const count = await rows.count();
            assert.ok(count > 5, `${count} tokens`);
            for (let i = 0; i < count; i++) {
              const change = (await rows.nth(i).locator("td").nth(1).textContent())!.trim();
              assert.match(change, /^[▲▼ ]*[-+]?\d+\.\d\d%$/, `row ${i}: 24 h change "${change}"`);
            }
          });
        }
        assert.deepEqual(problems, []);
        await context.close();
      }
    });
  },
});
