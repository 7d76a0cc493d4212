/**
 * After a V3 mint the form links to the new position, read from the mint's
 * receipt (Chromium, the signing test wallet, the demo chain): the link's
 * token id is the NFT the holder now owns on chain, and it opens that
 * position's page. `/increase` without an id then lets the holder pick that
 * position, linking to its increase screen.
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
    "function ownerOf(uint256 tokenId) view returns (address)",
    "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
  ]),
} as const;

Deno.test({
  name: "gaps: a mint links to the new position; /increase picks a position",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, chain }) => {
      const { context, page, wallet } = await openWalletPage(server, browser, { accountIndex: 3, viewport: "desktop" });
      const me = wallet.address;
      const form = page.getByTestId("v3-new-panel");
      let tokenId = 0n;

      await t.step("mint through the review: the link names the NFT the holder now owns", async () => {
        const held = await chain.readContract({ ...NPM, functionName: "balanceOf", args: [me] });
        await page.goto(`${server.url}/positions/create/v3?currencyA=ETH&currencyB=${USDC}`);
        await form.getByTestId("current-price").getByText(/Current price: /).waitFor({ timeout: 15_000 });
        await form.getByLabel(/^Amount of USDC/).fill("500");
        await form.getByTestId("amounts").waitFor();
        const asked = wallet.asked;
        await form.getByRole("button", { name: "Create position" }).click();
        await page.getByTestId("review-sheet").getByTestId("review-steps").waitFor({ timeout: 30_000 });
        assert.equal(wallet.asked, asked, "opening the review sends nothing");
        await confirmReview(page);
        assert.equal(await chain.readContract({ ...NPM, functionName: "balanceOf", args: [me] }), held + 1n);
        tokenId = await chain.readContract({ ...NPM, functionName: "tokenOfOwnerByIndex", args: [me, held] });
        const link = form.getByTestId("minted-position");
        await link.waitFor({ timeout: 15_000 });
        assert.equal(await link.getAttribute("href"), `/positions/v3/ethereum/${tokenId}`);
        assert.equal(await chain.readContract({ ...NPM, functionName: "ownerOf", args: [tokenId] }), me);
        await link.click();
        await page.waitForURL(`**/positions/v3/ethereum/${tokenId}`);
        await page.getByTestId("v3-position").waitFor({ timeout: 15_000 });
      });

      await t.step("/increase without an id: pick one of the holder's positions", async () => {
        await page.goto(`${server.url}/increase`);
        const picker = page.getByTestId("increase-pick");
        const choice = picker.getByRole("link", { name: new RegExp(`#${tokenId}\\b`) });
        await choice.waitFor({ timeout: 20_000 });
        assert.equal(await choice.getAttribute("href"), `/positions/v3/ethereum/${tokenId}`);
        await choice.click();
        await page.waitForURL(`**/positions/v3/ethereum/${tokenId}`);
        await page.getByTestId("v3-position").getByLabel(/^Add /).first().waitFor({ timeout: 15_000 });
      });
      await context.close();

      await t.step("on a phone, /increase lists the position to pick", async () => {
        const { context: phone, page: small } = await openWalletPage(server, browser, {
          accountIndex: 3,
          viewport: "phone",
        });
        await small.goto(`${server.url}/increase`);
        const choice = small.getByTestId("increase-pick").getByRole("link", { name: new RegExp(`#${tokenId}\\b`) });
        await choice.waitFor({ timeout: 20_000 });
        assert.ok(await choice.isVisible());
        const width = await small.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `the page is ${width} px wide at 390 px`);
        await phone.close();
      });
    });
  },
});
