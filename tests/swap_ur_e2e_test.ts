/**
 * Swaps through the Universal Router with Permit2, end to end (issue 33): the
 * real service with its demo chain, Chromium and the signing test wallet
 * (already authorizing the site). An ERC-20 → USDC swap from `/swap` reviews
 * the Permit2 approval and the permit signature, then mines one transaction
 * to the Universal Router after exactly one `eth_signTypedData_v4`, balances
 * moving as the screen said; a second swap of that token asks no approval. A
 * swap between the two tokens of a pool only V4 has (listed on
 * `/explore?tab=pools`) goes through the PoolManager (its `Swap` event in the
 * receipt); ether in needs no signature and pays the value; one quote, V4
 * routes included, costs at most 4 HTTP requests to `/rpc`. Desktop, and the
 * ether swap at phone width.
 *
 * @module
 */
import assert from "node:assert/strict";
import { getAddress, parseEther, parseUnits, toEventSelector } from "viem";
import type { Locator, Page, Request } from "playwright-core";
import { type TestWallet } from "./wallet_test_wallet.ts";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { V4_ONLY_POOL } from "../demo_gateway/fixtures.ts";
import { PERMIT2_ABI } from "../app/lib/permit2.ts";
import { packAllowance, permit2AllowanceSlot } from "../app/lib/permit2_storage.ts";
import type { demoChainClient } from "./trade_support.ts";

const LINK = getAddress("0x514910771AF9Ca656af840dff83E8264EcF986CA");
const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");
const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const USDT = getAddress("0xdAC17F958D2ee523a2206206994597C13D831ec7");
const V4_SWAP_EVENT = toEventSelector("Swap(bytes32,address,int128,int128,uint160,uint128,int24,uint24)");

/** Every POST to `/rpc/` the page makes from now on. */
function watchRpc(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/rpc/")) requests.push(r);
  });
  return requests;
}

/** Opens `/swap` for a pair and types the amount sold; resolves once the quote shows its minimum. */
async function quoteSwap(page: Page, server: string, wallet: TestWallet, pair: [string, string], amount: string) {
  await page.goto(`${server}/swap?inputCurrency=${pair[0]}&outputCurrency=${pair[1]}`);
  const me = wallet.address;
  await page.getByTestId("wallet-account").getByText(`${me.slice(0, 6)}…${me.slice(-4)}`).waitFor({ timeout: 10_000 });
  const swap = page.getByTestId("swap-panel");
  await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(1_000);
  await swap.getByLabel(/^You pay/).fill(amount);
  await swap.getByTestId("minimum-received").waitFor({ timeout: 30_000 });
  return swap;
}

/** Opens the review, returns its step titles, confirms and waits for the sheet to close. */
async function reviewAndConfirm(page: Page, swap: Locator, confirmLabel: string): Promise<string[]> {
  await swap.getByTestId("swap-button").click();
  const sheet = page.getByTestId("review-sheet");
  await sheet.getByTestId("review-steps").waitFor({ timeout: 15_000 });
  // The simulation's answer moves the confirm button: click once it has settled.
  await sheet.getByTestId("review-changes").getByRole("status").waitFor({ state: "detached", timeout: 30_000 });
  const titles = await sheet.locator(".review-step strong").allTextContents();
  assert.equal((await sheet.getByTestId("review-confirm").textContent())!.trim(), confirmLabel);
  await sheet.getByTestId("review-confirm").click();
  await sheet.waitFor({ state: "hidden", timeout: 60_000 });
  return titles;
}

const minimumOf = async (swap: Locator, decimals: number) =>
  parseUnits((await swap.getByTestId("minimum-received").textContent())!.split(" ")[0].replace(/,/g, ""), decimals);

Deno.test({
  name: "swaps through the Universal Router: Permit2 approval once, a signed permit, V4 pools, ether in",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, chain, erc20 }) => {
      const { context, page, wallet } = await openWalletPage(server, browser, { accountIndex: 7, viewport: "desktop" });
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      const me = wallet.address;
      const rpcLog = watchRpc(page);

      await t.step("10 LINK → USDC: Permit2 approval, one permit signature, one execute to the router", async () => {
        const swap = await quoteSwap(page, server.url, wallet, [LINK, USDC], "10");
        const minimum = await minimumOf(swap, 6);
        assert.match((await swap.getByTestId("contract").textContent())!, new RegExp(C.universalRouter));
        const [link0, usdc0] = [await erc20(LINK, me), await erc20(USDC, me)];
        const titles = await reviewAndConfirm(page, swap, "Approve LINK, sign and swap");
        assert.deepEqual(titles, ["Approve LINK for Permit2", "Sign permit", "Swap LINK for USDC"]);
        assert.equal(wallet.sent.length, 2, "the approval and the swap");
        assert.equal(wallet.typedSignatures.length, 1, "exactly one eth_signTypedData_v4");
        const permit = wallet.typedSignatures[0];
        assert.equal(permit.primaryType, "PermitSingle");
        assert.equal(getAddress(permit.domain.verifyingContract as string), C.permit2);
        const message = permit.message as { spender: string; details: { token: string; amount: bigint } };
        assert.equal(getAddress(message.spender), C.universalRouter);
        assert.equal(getAddress(message.details.token), LINK);
        assert.equal(message.details.amount, parseEther("10"));
        const [approval, trade] = await Promise.all(wallet.sent.map((hash) => chain.getTransactionReceipt({ hash })));
        assert.equal(approval.to?.toLowerCase(), LINK.toLowerCase());
        assert.equal(trade.status, "success");
        assert.equal(trade.to?.toLowerCase(), C.universalRouter.toLowerCase());
        assert.equal(link0 - (await erc20(LINK, me)), parseEther("10"));
        const got = (await erc20(USDC, me)) - usdc0;
        assert.ok(got >= minimum, `${got} < ${minimum}`);
        // The summary says what the chain moved.
        const summary = (await swap.getByTestId("swap-summary").textContent())!;
        const shown = /^Swapped 10 LINK for ([\d,.]+) USDC/.exec(summary)?.[1];
        assert.ok(shown, summary);
        assert.ok(Math.abs(Number(shown.replace(/,/g, "")) - Number(got) / 1e6) < 0.01, `${shown} vs ${got}`);
      });

      await t.step("a second LINK swap asks no approval: a new permit, then the swap", async () => {
        const swap = await quoteSwap(page, server.url, wallet, [LINK, USDC], "5");
        const titles = await reviewAndConfirm(page, swap, "Sign and swap");
        assert.deepEqual(titles, ["Sign permit", "Swap LINK for USDC"]);
        assert.equal(wallet.sent.length, 3);
        assert.equal(wallet.typedSignatures.length, 2);
        const trade = await chain.getTransactionReceipt({ hash: wallet.sent[2] });
        assert.equal(trade.status, "success");
        assert.equal(trade.to?.toLowerCase(), C.universalRouter.toLowerCase());
      });

      await t.step("an unlimited permit (30 days) covers the next LINK swap: no signature asked", async () => {
        let swap = await quoteSwap(page, server.url, wallet, [LINK, USDC], "2");
        await page.getByText(/^Settings:/).click();
        await swap.getByRole("switch", { name: /^Permit an unlimited amount/ }).check();
        assert.deepEqual(await reviewAndConfirm(page, swap, "Sign and swap"), ["Sign permit", "Swap LINK for USDC"]);
        assert.equal(wallet.typedSignatures.length, 3);
        const details = (wallet.typedSignatures[2].message as { details: { amount: bigint } }).details;
        assert.equal(details.amount, (1n << 160n) - 1n);
        swap = await quoteSwap(page, server.url, wallet, [LINK, USDC], "2");
        assert.deepEqual(await reviewAndConfirm(page, swap, "Confirm swap"), ["Swap LINK for USDC"]);
        assert.equal(wallet.typedSignatures.length, 3, "Permit2's allowance covered it: no signature");
        const trade = await chain.getTransactionReceipt({ hash: wallet.sent.at(-1)! });
        assert.equal(trade.status, "success");
        assert.equal(wallet.sent.length, 5);
      });

      await t.step(
        "USDC → USDT, a pair only V4 has (listed on /explore?tab=pools): the PoolManager swaps",
        async () => {
          await page.goto(`${server.url}/explore?tab=pools`);
          await page.locator(`a[href*="${V4_ONLY_POOL.address}" i]`).first().waitFor({ timeout: 15_000 });
          const swap = await quoteSwap(page, server.url, wallet, [USDC, USDT], "250");
          assert.match((await swap.getByTestId("route").textContent())!, /USDC → USDT \(V4 0\.01%\)/);
          const minimum = await minimumOf(swap, 6);
          const usdt0 = await erc20(USDT, me);
          const titles = await reviewAndConfirm(page, swap, "Approve USDC, sign and swap");
          assert.equal(titles.length, 3);
          const hash = wallet.sent.at(-1)!;
          const receipt = await chain.getTransactionReceipt({ hash });
          assert.equal(receipt.to?.toLowerCase(), C.universalRouter.toLowerCase());
          const swapLog = receipt.logs.find((log) =>
            log.address.toLowerCase() === C.v4PoolManager.toLowerCase() && log.topics[0] === V4_SWAP_EVENT
          );
          assert.ok(swapLog, "the PoolManager's Swap event");
          assert.equal(swapLog.topics[1], V4_ONLY_POOL.address.toLowerCase());
          assert.ok((await erc20(USDT, me)) - usdt0 >= minimum);
        },
      );

      await t.step("buy exactly 120000 UNI with ether: an exact-output split, the rest refunded", async () => {
        await page.goto(`${server.url}/swap?inputCurrency=ETH&outputCurrency=${UNI}`);
        const swap = page.getByTestId("swap-panel");
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        await page.waitForTimeout(1_000);
        await swap.getByLabel(/^You receive/).fill("120000");
        await swap.getByTestId("maximum-sold").waitFor({ timeout: 30_000 });
        await swap.getByText("Route (split)").waitFor({ timeout: 30_000 });
        const legs = await swap.getByTestId("route").locator(".route-legs > span").allTextContents();
        assert.equal(legs.length, 2, legs.join(" | "));
        for (const leg of legs) assert.match(leg, /\((V2|V3|V4) /, leg);
        const maximum = parseEther(
          (await swap.getByTestId("maximum-sold").textContent())!.split(" ")[0].replace(/,/g, ""),
        );
        const [eth0, uni0] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
        const sent = wallet.sent.length;
        assert.deepEqual(await reviewAndConfirm(page, swap, "Confirm swap"), ["Swap ETH for UNI"]);
        const receipt = await chain.getTransactionReceipt({ hash: wallet.sent[sent] });
        assert.equal(receipt.to?.toLowerCase(), C.universalRouter.toLowerCase());
        assert.equal((await erc20(UNI, me)) - uni0, parseEther("120000"));
        const spent = eth0 - (await chain.getBalance({ address: me })) - receipt.gasUsed * receipt.effectiveGasPrice;
        assert.ok(spent > 0n && spent <= maximum, `spent ${spent}, at most ${maximum}`);
        console.log(`120000 UNI bought over ${legs.join(" + ")} for ${Number(spent) / 1e18} ETH`);
      });

      await t.step("one quote with V4 routes included costs at most 4 HTTP requests to /rpc", async () => {
        await page.goto(`${server.url}/swap?inputCurrency=${LINK}&outputCurrency=${USDC}`);
        const swap = page.getByTestId("swap-panel");
        await swap.getByTestId("balance-in").filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
        await page.waitForTimeout(1_500);
        const before = rpcLog.length;
        await swap.getByLabel(/^You pay/).fill("3");
        await swap.getByTestId("minimum-received").waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1_000);
        const requests = rpcLog.slice(before);
        const bodies = requests.map((r) => r.postData() ?? "").join("\n").toLowerCase();
        console.log(`3 LINK → USDC quote: ${requests.length} HTTP requests to /rpc`);
        assert.ok(requests.length <= 4, `${requests.length} requests`);
        assert.ok(bodies.includes(C.v4Quoter.slice(2).toLowerCase()), "the V4Quoter was asked in the batch");
        assert.ok(bodies.includes(C.v3QuoterV2.slice(2).toLowerCase()), "QuoterV2 too");
      });
      assert.deepEqual(problems, []);
      await context.close();

      const { context: phone, page: phonePage, wallet: phoneWallet } = await openWalletPage(server, browser, {
        accountIndex: 8,
        viewport: "phone",
        mobile: true,
      });
      await t.step("phone: 1 ETH → USDC, ether in: no approval, no signature, the value paid", async () => {
        const swap = await quoteSwap(phonePage, server.url, phoneWallet, ["ETH", USDC], "1");
        const minimum = await minimumOf(swap, 6);
        const usdc0 = await erc20(USDC, phoneWallet.address);
        const titles = await reviewAndConfirm(phonePage, swap, "Confirm swap");
        assert.deepEqual(titles, ["Swap ETH for USDC"]);
        assert.equal(phoneWallet.typedSignatures.length, 0);
        const tx = await chain.getTransaction({ hash: phoneWallet.sent[0] });
        assert.equal(tx.to?.toLowerCase(), C.universalRouter.toLowerCase());
        assert.equal(tx.value, parseEther("1"));
        assert.ok((await erc20(USDC, phoneWallet.address)) - usdc0 >= minimum);
      });
      await t.step("the review of 20 UNI → USDC simulates approval and swap; the chain moves as it said", async () => {
        await simulatedReviewMatchesChain(phonePage, server.url, phoneWallet, chain, erc20);
      });
      await phone.close();
    });
  },
});

/** A signed amount of the review's simulated list: "−1,000.5" → -1000.5. */
const signed = (text: string) => (text.startsWith("−") ? -1 : 1) * Number(text.replace(/^[−+]/, "").replace(/,/g, ""));

/**
 * The swap's review lists balance changes simulated (approval, then `execute`
 * as if the permit were signed: Permit2's allowance slot overridden) that the
 * mined swap matches within rounding; after the permit, that slot of Permit2
 * holds what `allowance()` returns.
 */
async function simulatedReviewMatchesChain(
  page: Page,
  server: string,
  wallet: TestWallet,
  chain: ReturnType<typeof demoChainClient>["chain"],
  erc20: ReturnType<typeof demoChainClient>["erc20"],
) {
  const me = wallet.address;
  const swap = await quoteSwap(page, server, wallet, [UNI, USDC], "20");
  const [uni0, usdc0] = [await erc20(UNI, me), await erc20(USDC, me)];
  await swap.getByTestId("swap-button").click();
  const sheet = page.getByTestId("review-sheet");
  const list = sheet.getByTestId("review-predicted");
  await list.waitFor({ timeout: 30_000 });
  assert.equal(await sheet.getByTestId("review-changes").getAttribute("data-source"), "simulation");
  assert.match((await sheet.getByTestId("review-changes").textContent())!, /Balance changes \(simulated\)/);
  const lines = await list.locator("li").allTextContents();
  const predicted = new Map(lines.map((line) => {
    const [amount, symbol] = line.trim().split(/\s+/);
    return [symbol, signed(amount)];
  }));
  assert.deepEqual([...predicted.keys()].sort(), ["UNI", "USDC"], lines.join(" | "));
  assert.deepEqual(
    await sheet.locator(".review-step strong").allTextContents(),
    ["Approve UNI for Permit2", "Sign permit", "Swap UNI for USDC"],
  );
  await sheet.getByTestId("review-confirm").click();
  await sheet.waitFor({ state: "hidden", timeout: 60_000 });
  const sold = Number(uni0 - (await erc20(UNI, me))) / 1e18;
  const got = Number((await erc20(USDC, me)) - usdc0) / 1e6;
  console.log(`20 UNI → USDC: simulated ${lines.join(", ")}; mined −${sold} UNI, +${got} USDC`);
  assert.equal(predicted.get("UNI"), -sold);
  assert.ok(got > 0 && Math.abs(predicted.get("USDC")! - got) <= 0.000_01, `${predicted.get("USDC")} vs ${got}`);
  // The override's slot is Permit2's: after the permit it holds what allowance() says.
  const [amount, expiration, nonce] = await chain.readContract({
    address: C.permit2,
    abi: PERMIT2_ABI,
    functionName: "allowance",
    args: [me, UNI, C.universalRouter],
  });
  const word = await chain.getStorageAt({ address: C.permit2, slot: permit2AllowanceSlot(me, UNI, C.universalRouter) });
  // The exact permit was spent (amount 0), its nonce used and its expiry set: a word with two fields not zero.
  assert.ok(Number(nonce) > 0 && Number(expiration) > 0, `nonce ${nonce}, expiration ${expiration}`);
  assert.equal(word, packAllowance({ amount, expiration: Number(expiration), nonce: Number(nonce) }));
}
