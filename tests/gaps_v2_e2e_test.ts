/**
 * V2 pairs without stubs, end to end (the real service with its demo chain,
 * Chromium, the signing test wallet): after adding ETH/USDC V2 liquidity,
 * `/pool/v2/find` finds the pair by its two tokens (picked in the pickers)
 * and shows its reserves and the holder's share as on chain (balance /
 * totalSupply); `/migrate/v2` moves the whole position into V3 through the
 * V3Migrator after a review (reached from the pair's `/migrate/v2/{chain}/{pair}` page) (opening it sends nothing): the holder's pair
 * tokens are then 0 on chain and a new V3 position NFT is theirs.
 *
 * @module
 */
import assert from "node:assert/strict";
import { erc20Abi, getAddress, parseAbi } from "viem";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { confirmReview, pickToken } from "./trade_support.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { USDC_WETH_V2_PAIR } from "../demo_gateway/fixtures.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const NPM = {
  address: C.v3PositionManager,
  abi: parseAbi([
    "function balanceOf(address owner) view returns (uint256)",
    "function ownerOf(uint256 tokenId) view returns (address)",
  ]),
} as const;

Deno.test({
  name: "gaps: /pool/v2/find shows the pair and the holder's share; /migrate/v2 moves it into V3",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, chain, erc20 }) => {
      const { context, page, wallet } = await openWalletPage(server, browser, { accountIndex: 5, viewport: "desktop" });
      const me = wallet.address;
      const pair = getAddress(USDC_WETH_V2_PAIR.address);

      await t.step("add ETH/USDC V2 liquidity through its review", async () => {
        await page.goto(`${server.url}/add/v2?inputCurrency=ETH&outputCurrency=${USDC}`, { waitUntil: "networkidle" });
        const add = page.getByTestId("v2-add-panel");
        await add.getByLabel("Token A").fill("1");
        await add.getByTestId("contract").getByText(/addLiquidityETH/).waitFor({ timeout: 15_000 });
        await add.getByRole("button", { name: "Add liquidity" }).click();
        await confirmReview(page);
        assert.ok(await erc20(pair, me) > 0n, "pair tokens minted");
      });

      await t.step("/pool/v2/find: pick both tokens; the pair, its reserves and the share as on chain", async () => {
        await page.goto(`${server.url}/pool/v2/find`, { waitUntil: "networkidle" });
        const find = page.getByTestId("v2-find-panel");
        await pickToken(find, "First token", "NATIVE");
        await pickToken(find, "Second token", USDC);
        const result = find.locator('[data-testid="v2-find-result"][data-found="true"]');
        await result.waitFor({ timeout: 15_000 });
        const [lp, supply] = [
          await erc20(pair, me),
          await chain.readContract({ address: pair, abi: erc20Abi, functionName: "totalSupply" }),
        ];
        const expected = Number(lp * 100_000_000n / supply) / 1_000_000;
        await result.getByTestId("v2-find-share").getByText(/%$/).waitFor({ timeout: 15_000 });
        const shown = Number((await result.getByTestId("v2-find-share").textContent())!.replace("%", ""));
        assert.ok(expected > 0 && Math.abs(shown - expected) < 1e-6, `share ${shown}% vs ${expected}% on chain`);
        const reserves = (await result.getByTestId("v2-find-reserves").textContent())!;
        assert.match(reserves, /ETH .* USDC|USDC .* ETH/);
        assert.equal(
          await result.getByTestId("v2-find-position").getAttribute("href"),
          `/positions/v2/ethereum/${pair}`,
        );
      });

      await t.step(
        "/migrate/v2: the review sends nothing; confirming empties the pair tokens into a V3 NFT",
        async () => {
          const nfts = await chain.readContract({ ...NPM, functionName: "balanceOf", args: [me] });
          // The pair's own migrate page links to the form with its two tokens picked.
          await page.goto(`${server.url}/migrate/v2/ethereum/${pair}`, { waitUntil: "networkidle" });
          const from = page.getByTestId("migrate-pair");
          await from.getByText(/^Your pair tokens: [\d.,]+/).waitFor({ timeout: 15_000 });
          await from.getByRole("link", { name: "Migrate this pair to V3" }).click();
          await page.waitForURL(/\/migrate\/v2\?inputCurrency=/);
          const panel = page.getByTestId("v2-migrate-panel");
          await panel.getByTestId("contract").getByText(/V3Migrator\.migrate/).waitFor({ timeout: 20_000 });
          assert.match((await panel.getByTestId("migrate-pool").textContent())!, /0\.05% \(the deepest pool\)/);
          const asked = wallet.asked;
          await panel.getByRole("button", { name: "Migrate to V3" }).click();
          const sheet = page.getByTestId("review-sheet");
          await sheet.getByTestId("review-steps").waitFor({ timeout: 30_000 });
          await page.waitForTimeout(500);
          assert.equal(wallet.asked, asked, "opening the review asked the wallet");
          const steps = await confirmReview(page);
          assert.deepEqual(steps, ["Approve UNI-V2", "Migrate to the USDC/WETH 0.05% pool"]);
          const tx = await chain.getTransaction({ hash: wallet.sent.at(-1)! });
          assert.equal(tx.to?.toLowerCase(), C.v3Migrator.toLowerCase());
          assert.equal(await erc20(pair, me), 0n, "no pair tokens left");
          assert.equal(await chain.readContract({ ...NPM, functionName: "balanceOf", args: [me] }), nfts + 1n);
          const link = panel.getByTestId("minted-position");
          await link.waitFor({ timeout: 15_000 });
          const tokenId = BigInt(/\/(\d+)$/.exec((await link.getAttribute("href"))!)![1]);
          assert.equal(await chain.readContract({ ...NPM, functionName: "ownerOf", args: [tokenId] }), me);
        },
      );
      await context.close();

      await t.step("on a phone, /pool/v2/find says the holder has no share left after migrating", async () => {
        const { context: phone, page: small } = await openWalletPage(server, browser, {
          accountIndex: 5,
          viewport: "phone",
        });
        await small.goto(`${server.url}/pool/v2/find?inputCurrency=ETH&outputCurrency=${USDC}`);
        const result = small.getByTestId("v2-find-panel").locator('[data-testid="v2-find-result"][data-found="true"]');
        await result.getByTestId("lp-balance").getByText(/^0$/).waitFor({ timeout: 20_000 });
        assert.equal((await result.getByTestId("v2-find-share").textContent())!.trim(), "0%");
        assert.equal(await erc20(pair, me), 0n);
        const width = await small.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `the page is ${width} px wide at 390 px`);
        await phone.close();
      });
    });
  },
});
