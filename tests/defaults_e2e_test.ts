/**
 * Safe defaults, end to end (the real service with its demo chain, Chromium,
 * the signing test wallet already authorizing the site): a new ETH/USDC
 * position opens on the tier of the deepest pool and asks no starting price;
 * a tier without a pool asks a typed price and warns when it is more than 2%
 * from the market; very low slippage warns; increasing a position with a WETH
 * side sends ether as value and leaves the WETH balance untouched; the first
 * click on "Remove" sends nothing.
 *
 * @module
 */
import assert from "node:assert/strict";
import { getAddress, parseAbi } from "viem";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { confirmReview } from "./trade_support.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const NPM = {
  address: C.v3PositionManager,
  abi: parseAbi([
    "function balanceOf(address owner) view returns (uint256)",
    "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
    "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
  ]),
} as const;

Deno.test({
  name: "defaults: deepest tier, no starting price with a pool, price gap and low slippage warned, ETH increase",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, chain, erc20 }) => {
      const { context, page, wallet } = await openWalletPage(server, browser, { accountIndex: 2, viewport: "desktop" });
      const me = wallet.address;
      const form = page.getByTestId("v3-new-panel");

      await t.step("ETH/USDC without a tier in the link: the deepest pool's tier, no starting price", async () => {
        await page.goto(`${server.url}/positions/create/v3?currencyA=ETH&currencyB=${USDC}`);
        await form.getByTestId("current-price").getByText(/Current price: /).waitFor({ timeout: 15_000 });
        const tiers = form.getByRole("radiogroup", { name: "Fee tier" });
        await tiers.getByTestId("most-used").waitFor({ timeout: 15_000 });
        assert.equal(await tiers.getByRole("radio", { checked: true }).getAttribute("data-fee"), "500");
        assert.match((await tiers.getByRole("radio", { checked: true }).textContent())!, /0\.05%\s*Most used/);
        assert.equal(await form.getByLabel(/^Starting price/).count(), 0);
      });

      await t.step("a tier without a pool asks a typed price and warns past 2% from the market", async () => {
        const empty = form.getByTestId("fee-tier").filter({ hasText: "No pool yet" }).first();
        await empty.click();
        assert.equal(await empty.getAttribute("aria-checked"), "true");
        const start = form.getByLabel(/^Starting price/);
        await start.waitFor();
        const quote = /\((.*)\)/.exec((await form.locator("label", { hasText: /^Starting price/ }).textContent())!)![1];
        // The market: about 3180 USDC per ETH (or its inverse).
        const market = quote.startsWith("USDC") ? 3180.42 : 1 / 3180.42;
        await start.fill(String(market * 1.01));
        await page.waitForTimeout(300);
        assert.equal(await form.getByTestId("price-gap").count(), 0, "1% away is not warned");
        await start.fill(String(market * 1.1));
        await form.getByTestId("price-gap").getByText(/1\d\.\d% away from the market/).waitFor();
      });

      await t.step("very low slippage warns on /swap", async () => {
        await page.goto(`${server.url}/swap`);
        const swap = page.getByTestId("swap-panel");
        await swap.getByText(/^Settings:/).click();
        await swap.getByRole("switch", { name: /^Auto slippage/ }).uncheck();
        await swap.getByLabel("Slippage tolerance (%)").fill("0.01");
        await swap.getByTestId("slippage-warning").getByText(/very low: the transaction may fail/).waitFor();
        await swap.getByLabel("Slippage tolerance (%)").fill("0.5");
        assert.equal(await swap.getByTestId("slippage-warning").count(), 0);
      });

      let tokenId = 0n;
      await t.step("mint an ETH/USDC position through its review", async () => {
        await page.goto(`${server.url}/positions/create/v3?currencyA=ETH&currencyB=${USDC}`);
        await form.getByTestId("current-price").getByText(/Current price: /).waitFor({ timeout: 15_000 });
        await form.getByLabel(/^Amount of USDC/).fill("1000");
        await form.getByTestId("amounts").waitFor();
        await form.getByRole("button", { name: "Create position" }).click();
        const steps = await confirmReview(page);
        assert.deepEqual(steps, ["Approve USDC", "Open a USDC/ETH 0.05% position"]);
        tokenId = await chain.readContract({ ...NPM, functionName: "tokenOfOwnerByIndex", args: [me, 0n] });
      });

      await t.step("increasing it pays ether as value; the WETH balance is untouched", async () => {
        await page.goto(`${server.url}/positions/v3/ethereum/${tokenId}`);
        const detail = page.getByTestId("v3-position");
        const add = detail.getByLabel(/^Add USDC/);
        await add.waitFor({ timeout: 15_000 });
        await add.fill("100");
        // The other side follows the range: the ether it takes fills its own field.
        const other = detail.getByLabel(/^Add ETH/);
        for (let i = 0; i < 100 && !/^0\.\d+$/.test(await other.inputValue()); i++) await page.waitForTimeout(100);
        assert.match(await other.inputValue(), /^0\.\d+$/);
        const [weth0, liquidity0] = [
          await erc20(C.wrappedNative, me),
          (await chain.readContract({ ...NPM, functionName: "positions", args: [tokenId] }))[7],
        ];
        const before = wallet.sent.length;
        await detail.getByRole("button", { name: "Increase liquidity" }).click();
        const steps = await confirmReview(page);
        assert.deepEqual(steps.at(-1), `Increase position #${tokenId}`);
        const tx = await chain.getTransaction({ hash: wallet.sent.at(-1)! });
        assert.equal(tx.to?.toLowerCase(), C.v3PositionManager.toLowerCase());
        assert.ok(tx.value > 0n, "ether sent as value");
        assert.equal(await erc20(C.wrappedNative, me), weth0, "WETH balance untouched");
        const liquidity1 = (await chain.readContract({ ...NPM, functionName: "positions", args: [tokenId] }))[7];
        assert.ok(liquidity1 > liquidity0);
        assert.ok(wallet.sent.length > before);
      });

      await t.step("the first click on Remove sends nothing: a share must be chosen, then a review opens", async () => {
        const detail = page.getByTestId("v3-position");
        const remove = detail.getByRole("button", { name: "Choose a share to remove" });
        assert.equal(await remove.isDisabled(), true);
        await remove.click({ force: true });
        const asked = wallet.asked;
        await detail.getByRole("button", { name: "25%" }).click();
        await detail.getByRole("button", { name: "Remove liquidity" }).click();
        const sheet = page.getByTestId("review-sheet");
        await sheet.getByTestId("review-steps").waitFor();
        await page.waitForTimeout(1_000);
        assert.equal(wallet.asked, asked, "the wallet was asked");
        assert.match((await sheet.getByTestId("review-share").textContent())!, /25%/);
        await page.keyboard.press("Escape");
        await sheet.waitFor({ state: "hidden" });
        assert.equal(wallet.asked, asked);
      });
      await context.close();
    });
  },
});
