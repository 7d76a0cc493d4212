/**
 * The liquidity forms a trader expects (issue 32), end to end: the real
 * service with its demo chain, Chromium, the signing test wallet. V2 add shows
 * both sides' balances (as on chain) and USD; the V3 fee tier chooser shows
 * each tier's TVL and "Most used" on the deepest, preselected; a new V3
 * position draws its range with the current price, typing the second side
 * computes the first, and the mint's amounts on chain match what the form
 * showed; the review lists the balance changes its simulation predicts (and
 * they match the chain); the position page shows liquidity as token amounts,
 * a range chart with the current price, and uses a desktop's width. Desktop
 * (1440 px) and phone (390 px).
 *
 * @module
 */
import assert from "node:assert/strict";
import { formatUnits, getAddress, parseAbi, parseEther } from "viem";
import type { Locator, Page } from "playwright-core";
import { BROWSER_USER_AGENT, launchBrowser, startServer } from "./server_harness.ts";
import { installTestWallet } from "./wallet_test_wallet.ts";
import { confirmReview, demoChainClient, demoChainUrl } from "./trade_support.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const NPM_EVENTS = parseAbi([
  "event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
]);
const NPM_READS = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
]);

/** A shown amount ("1,234.5", "$20M") as a number. */
function num(text: string): number {
  const scale = /\d\s*([KMB])\b/.exec(text)?.[1];
  return Number(text.replace(/[^0-9.]/g, "")) * (scale ? { K: 1e3, M: 1e6, B: 1e9 }[scale]! : 1);
}

/** A USD figure as the one formatter prints it: cents under $1M, compact from there. */
const USD = /\$(\d{1,3}(,\d{3})*\.\d\d|\d+(\.\d+)?[MB])/;

/** Waits until `field`'s value matches `pattern` (a computed amount follows the other side). */
async function valueMatching(page: Page, field: Locator, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const value = await field.inputValue();
    if (pattern.test(value)) return value;
    await page.waitForTimeout(100);
  }
  throw new Error(`field value ${await field.inputValue()} never matched ${pattern}`);
}

/** The predicted changes of the open review: "−1,000 USDC" → { USDC: -1000 }. */
async function predicted(page: Page): Promise<Map<string, number>> {
  const list = page.getByTestId("review-sheet").getByTestId("review-predicted");
  await list.waitFor({ timeout: 30_000 });
  const lines = await list.locator("li").allTextContents();
  return new Map(lines.map((line) => {
    const [amount, symbol] = line.trim().split(/\s+/);
    return [symbol, (amount.startsWith("−") ? -1 : 1) * num(amount)];
  }));
}

Deno.test({
  name: "liquidity forms: balances and USD per side, fee tiers with TVL, range chart, both V3 sides, simulated review",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const rpc = await demoChainUrl(server.output);
      const { chain, erc20 } = demoChainClient(rpc);
      const context = await browser.newContext({
        userAgent: BROWSER_USER_AGENT,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const wallet = await installTestWallet(page, {
        accountIndex: 7,
        rpcUrl: `${server.url}/rpc/ethereum`,
        demoChainId: DEMO_CHAIN_ID,
        authorized: true,
      });
      const me = wallet.address;

      await t.step("V2 add: both sides' balances as on chain with USD; the review predicts the changes", async () => {
        await page.goto(`${server.url}/add/v2?inputCurrency=ETH&outputCurrency=${USDC}`);
        const add = page.getByTestId("v2-add-panel");
        const balanceA = add.getByTestId("side-a-balance");
        const balanceB = add.getByTestId("side-b-balance");
        await balanceA.getByText(new RegExp(`\\(${USD.source}\\)`)).waitFor({ timeout: 20_000 });
        await balanceB.getByText(new RegExp(`\\(${USD.source}\\)`)).waitFor({ timeout: 20_000 });
        const ether = Number(formatUnits(await chain.getBalance({ address: me }), 18));
        const usdc = Number(formatUnits(await erc20(USDC, me), 6));
        const shownA = num(/Balance: ([\d,.]+)/.exec((await balanceA.textContent())!)![1]);
        const shownB = num(/Balance: ([\d,.]+)/.exec((await balanceB.textContent())!)![1]);
        assert.ok(Math.abs(shownA - ether) < 1e-4, `ETH ${shownA} shown, ${ether} on chain`);
        assert.ok(Math.abs(shownB - usdc) < 1e-4, `USDC ${shownB} shown, ${usdc} on chain`);
        assert.match((await balanceB.textContent())!, /Balance: \d{1,3}(,\d{3})+/, "balances are grouped");

        await add.getByLabel("Token A").fill("1");
        const b = await valueMatching(page, add.getByLabel(/^Token B/), /^\d+(\.\d+)?$/);
        assert.ok(Math.abs(Number(b) - 3180.42) < 5, `1 ETH matches ${b} USDC`);
        await add.getByTestId("side-a-usd").getByText(/^\$3,1\d\d\.\d\d$/).waitFor();
        await add.getByTestId("side-b-usd").getByText(/^\$3,1\d\d\.\d\d$/).waitFor();
        // The details are the styled rows of every panel, not an indented bare <dl>.
        const details = add.getByTestId("v2-add-details");
        assert.match((await details.getAttribute("class"))!, /control-details/);
        await details.getByTestId("contract").getByText(/addLiquidityETH/).waitFor();

        const [eth0, usdc0] = [await chain.getBalance({ address: me }), await erc20(USDC, me)];
        await add.getByRole("button", { name: "Add liquidity" }).click();
        const changes = await predicted(page);
        assert.ok(Math.abs(changes.get("ETH")! + 1) < 1e-5, `predicted ${changes.get("ETH")} ETH`);
        assert.ok(Math.abs(changes.get("USDC")! + Number(b)) < 0.01, `predicted ${changes.get("USDC")} USDC`);
        assert.ok(changes.get("UNI-V2")! > 0, [...changes].join(" "));
        await confirmReview(page);
        const spentUsdc = Number(formatUnits(usdc0 - (await erc20(USDC, me)), 6));
        assert.ok(
          Math.abs(spentUsdc + changes.get("USDC")!) < 0.01,
          `spent ${spentUsdc} USDC, predicted ${changes.get("USDC")}`,
        );
        assert.ok(eth0 - (await chain.getBalance({ address: me })) >= parseEther("1"));
      });

      let tokenId = 0n;
      await t.step(
        "V3 new position: fee tiers with TVL, Most used preselected, a range chart with the price",
        async () => {
          await page.goto(`${server.url}/positions/create/v3?currencyA=ETH&currencyB=${USDC}`);
          const form = page.getByTestId("v3-new-panel");
          const tiers = form.getByRole("radiogroup", { name: "Fee tier" });
          await tiers.getByTestId("most-used").waitFor({ timeout: 20_000 });
          const checked = tiers.getByRole("radio", { checked: true });
          assert.equal(await checked.getAttribute("data-fee"), "500");
          assert.equal(await tiers.getByTestId("most-used").count(), 1);
          await checked.getByTestId("most-used").waitFor();
          // Each tier with a pool shows its TVL; the most used is the deepest of them.
          const tvls: number[] = [];
          for (const tier of await tiers.getByRole("radio").all()) {
            const text = (await tier.getByTestId("fee-tier-tvl").textContent())!;
            assert.match(text, new RegExp(`^(${USD.source} TVL|No pool yet)$`), text);
            if (text.endsWith("TVL")) tvls.push(num(text));
          }
          assert.ok(tvls.length >= 1);
          assert.equal(num((await checked.getByTestId("fee-tier-tvl").textContent())!), Math.max(...tvls));
          const chart = form.getByTestId("range-chart");
          await chart.waitFor();
          const current = num((await form.getByTestId("range-chart-current").textContent())!.split(":")[1]);
          assert.ok(Math.abs(current - 3180.42) < 20, `current price ${current}`);
          assert.equal(await chart.getAttribute("data-in-range"), "true");
          assert.match((await chart.locator("svg").getAttribute("aria-label"))!, /current price 31\d\d/);
        },
      );

      await t.step(
        "typing the second side computes the first; the mint's amounts on chain match the form",
        async () => {
          const form = page.getByTestId("v3-new-panel");
          const eth = form.getByLabel(/^Amount of ETH/);
          const usdcField = form.getByLabel(/^Amount of USDC/);
          // Pool order is USDC, WETH: ether is the second side.
          await eth.fill("0.5");
          const usdcText = await valueMatching(page, usdcField, /^\d+(\.\d+)?$/);
          const usdcShown = Number(usdcText);
          assert.ok(usdcShown > 100 && usdcShown < 3000, `0.5 ETH takes ${usdcShown} USDC`);
          await form.getByTestId("deposit-1-usd").getByText(/^\$1,5\d\d\.\d\d$/).waitFor();
          await form.getByTestId("deposit-0-balance").getByText(new RegExp(`\\(${USD.source}\\)`)).waitFor();
          // Typing the first side again computes the second.
          await usdcField.fill(usdcText);
          const back = Number(await valueMatching(page, eth, /^0\.\d+$/));
          assert.ok(Math.abs(back - 0.5) < 1e-4, `back to ${back} ETH`);
          await eth.fill("0.5");
          await valueMatching(page, usdcField, new RegExp(`^${usdcText.replace(".", "\\.")}$`));

          const held = await chain.readContract({
            address: C.v3PositionManager,
            abi: NPM_READS,
            functionName: "balanceOf",
            args: [me],
          });
          const usdc0 = await erc20(USDC, me);
          await form.getByRole("button", { name: "Create position" }).click();
          const changes = await predicted(page);
          assert.ok(Math.abs(changes.get("ETH")! + 0.5) < 1e-5, `predicted ${changes.get("ETH")} ETH`);
          assert.equal(changes.get("UNI-V3-POS"), 1, "the position NFT");
          assert.ok(Math.abs(changes.get("USDC")! + usdcShown) < 0.01, `predicted ${changes.get("USDC")} USDC`);
          await confirmReview(page);
          tokenId = await chain.readContract({
            address: C.v3PositionManager,
            abi: NPM_READS,
            functionName: "tokenOfOwnerByIndex",
            args: [me, held],
          });
          const [minted] = await chain.getContractEvents({
            address: C.v3PositionManager,
            abi: NPM_EVENTS,
            eventName: "IncreaseLiquidity",
            args: { tokenId },
            fromBlock: 0n,
          });
          const { amount0, amount1 } = minted.args as { amount0: bigint; amount1: bigint };
          const used0 = Number(formatUnits(amount0, 6));
          const used1 = Number(formatUnits(amount1, 18));
          assert.ok(Math.abs(used1 - 0.5) / 0.5 < 1e-4, `${used1} WETH in the position, 0.5 typed`);
          assert.ok(
            Math.abs(used0 - usdcShown) / usdcShown < 1e-4,
            `${used0} USDC in the position, ${usdcShown} shown`,
          );
          assert.equal(usdc0 - (await erc20(USDC, me)), amount0, "the USDC that left the wallet is what the pool took");
          await form.getByTestId("minted-position").waitFor({ timeout: 15_000 });
        },
      );

      await t.step(
        "the position page: liquidity as token amounts, range chart with the price, desktop width",
        async () => {
          await page.goto(`${server.url}/positions/v3/ethereum/${tokenId}`);
          const detail = page.getByTestId("v3-position");
          const liquidity = detail.getByTestId("liquidity");
          await liquidity.getByText(/[\d,.]+ USDC, 0\.\d+ WETH/).waitFor({ timeout: 20_000 });
          const raw = await liquidity.locator("[data-liquidity]").getAttribute("data-liquidity");
          assert.ok(raw && BigInt(raw) > 0n);
          assert.doesNotMatch((await liquidity.textContent())!, new RegExp(raw!));
          const chart = detail.getByTestId("range-chart");
          await chart.waitFor();
          const current = num((await detail.getByTestId("range-chart-current").textContent())!.split(":")[1]);
          assert.ok(Math.abs(current - 3180.42) < 20 || Math.abs(1 / current - 3180.42) < 20, `price ${current}`);
          assert.equal(await chart.getAttribute("data-in-range"), "true");
          const box = (await detail.boundingBox())!;
          assert.ok(box.width >= 1000, `the page is ${box.width} px wide at 1440 px`);
          // The increase offers both sides with balances.
          await detail.getByTestId("increase-0-balance").getByText(/Balance: [\d,]+/).waitFor();
          await detail.getByTestId("increase-1-balance").getByText(/Balance: [\d,]+/).waitFor();
        },
      );

      await t.step("on a phone: the new position form with its tiers and chart, no sideways scroll", async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${server.url}/positions/create/v3?currencyA=ETH&currencyB=${USDC}`);
        const form = page.getByTestId("v3-new-panel");
        await form.getByRole("radiogroup", { name: "Fee tier" }).getByTestId("most-used").waitFor({ timeout: 20_000 });
        await form.getByTestId("range-chart").waitFor();
        await form.getByTestId("deposit-0-balance").getByText(/\(\$/).waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
        await page.goto(`${server.url}/add/v2?inputCurrency=ETH&outputCurrency=${USDC}`);
        await page.getByTestId("v2-add-panel").getByTestId("side-b-balance").getByText(/\(\$/).waitFor({
          timeout: 20_000,
        });
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
        await page.goto(`${server.url}/positions/v3/ethereum/${tokenId}`);
        await page.getByTestId("v3-position").getByTestId("range-chart").waitFor({ timeout: 20_000 });
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
      });

      await t.step("no page error", () => {
        assert.deepEqual(errors, []);
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
