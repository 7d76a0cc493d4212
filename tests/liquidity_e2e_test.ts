/**
 * Liquidity and the connected wallet's portfolio, end to end: the real
 * service with its demo chain, one Chromium page, and the injected EIP-6963
 * test wallet signing with a development account. Every action is checked
 * on chain; screenshots at 390 and 1280 px go to `test-results/liquidity/`.
 */
import assert from "node:assert/strict";
import { confirmReview, demoChainClient, demoChainUrl } from "./trade_support.ts";
import { COLOUR_RULES, seriousViolations } from "./screens_support.ts";
import { getAddress, maxUint128, parseAbi, parseEther } from "viem";
import { BROWSER_USER_AGENT, launchBrowser, startServer } from "./server_harness.ts";
import { installTestWallet } from "./wallet_test_wallet.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";
import { USDC_WETH_V2_PAIR, USDC_WETH_V3_POOL } from "../demo_gateway/fixtures.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const SHOTS = new URL("../test-results/liquidity/", import.meta.url);
const NPM = {
  address: C.v3PositionManager,
  abi: parseAbi([
    "function balanceOf(address owner) view returns (uint256)",
    "function ownerOf(uint256 tokenId) view returns (address)",
    "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
    "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
    "struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }",
    "function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)",
  ]),
} as const;

Deno.test({
  name:
    "liquidity: pool page to a V3 position in few clicks, positions, collect, V2 add/remove, the wallet's portfolio",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SHOTS, { recursive: true });
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const rpc = await demoChainUrl(server.output);
      const { chain, erc20, devAccount } = demoChainClient(rpc);
      const context = await browser.newContext({
        userAgent: BROWSER_USER_AGENT,
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
      const wallet = await installTestWallet(page, {
        accountIndex: 4,
        rpcUrl: `${server.url}/rpc/ethereum`,
        demoChainId: DEMO_CHAIN_ID,
      });
      const me = wallet.address;
      const main = page.locator("main");
      const shot = (name: string) => page.screenshot({ path: new URL(name, SHOTS).pathname, fullPage: true });
      /** Waits until the wallet sent `count` transactions in all and the screen shows the last one confirmed. */
      const confirmed = async (count: number) => {
        const failed = page.locator('[data-testid="tx-status"][data-step="failed"]').waitFor({ timeout: 30_000 })
          .then(() => "failed", () => "timed out");
        const outcome = await Promise.race([wallet.sentCount(count).then(() => "sent"), failed]);
        if (outcome !== "sent") {
          throw new Error(`Not sent (${outcome}): ${await page.getByTestId("tx-status").textContent()}`);
        }
        await page.locator('[data-testid="tx-status"][data-step="confirmed"]', {
          has: page.getByTestId("tx-hash").getByText(wallet.sent[count - 1], { exact: true }),
        }).waitFor({ timeout: 30_000 });
        assert.equal(wallet.sent.length, count);
      };

      await t.step("without a wallet, /positions and /portfolio call to connect one", async () => {
        await page.goto(`${server.url}/positions`, { waitUntil: "networkidle" });
        await page.getByTestId("positions-list").getByText("Connect a wallet to see your positions.").waitFor();
        await page.goto(`${server.url}/portfolio`, { waitUntil: "networkidle" });
        await main.getByText(/connect your wallet/).waitFor();
      });

      await t.step("connect the wallet and switch it to the demo chain", async () => {
        await page.goto(`${server.url}/positions/create/v3`, { waitUntil: "networkidle" });
        await page.getByRole("button", { name: "Connect wallet" }).click();
        await page.getByRole("menuitem", { name: /Test Wallet/ }).or(page.getByRole("button", { name: /Test Wallet/ }))
          .first().click();
        await page.getByTestId("v3-new-panel").getByRole("button", { name: "Switch wallet to Uniswap demo chain" })
          .click();
        await page.getByTestId("v3-new-panel").getByRole("button", { name: "Create position" }).waitFor();
        assert.equal(wallet.chainId(), DEMO_CHAIN_ID);
      });

      await t.step(
        "/portfolio shows the connected wallet: its on-chain ETH balance, USD total, no 'connect'",
        async () => {
          // The Tokens tab: every balance (the overview shows the largest few).
          await page.goto(`${server.url}/portfolio/tokens`, { waitUntil: "networkidle" });
          const mine = page.getByTestId("connected-portfolio");
          const eth = mine.getByRole("row").filter({ has: page.locator(".token-symbol", { hasText: /^ETH$/ }) });
          const cell = (await eth.locator(".balance-cell").textContent())!;
          const shown = Number(cell.replace(/[^0-9.]/g, ""));
          const onChain = Number(await chain.getBalance({ address: me })) / 1e18;
          assert.ok(Math.abs(shown - onChain) / onChain < 0.001, `shows ${shown} ETH, the chain says ${onChain}`);
          const usdc = mine.getByRole("row").filter({ has: page.locator(".token-symbol", { hasText: /^USDC$/ }) });
          const shownUsdc = Number((await usdc.locator(".balance-cell").textContent())!.replace(/[^0-9.]/g, ""));
          const usdcOnChain = Number(await erc20(USDC, me)) / 1e6;
          assert.ok(
            Math.abs(shownUsdc - usdcOnChain) / usdcOnChain < 0.001,
            `${shownUsdc} USDC, chain: ${usdcOnChain}`,
          );
          assert.ok(await mine.getByRole("row").count() > 10, "the listed tokens the wallet holds are read on chain");
          const total = Number((await mine.getByTestId("portfolio-total").textContent())!.replace(/[^0-9.]/g, ""));
          assert.ok(total > onChain * 1000, `total $${total} values ${onChain} ETH at the gateway's price`);
          const text = (await main.textContent())!;
          assert.doesNotMatch(text, /connect/i);
          assert.doesNotMatch(text, /Swapped 100 USDC|Live updates/);
          await shot("portfolio-1280.png");
        },
      );

      let tokenId = 0n;
      await t.step("from the USDC/WETH 0.05% pool page, a V3 position is minted in 3 interactions", async () => {
        await page.goto(`${server.url}/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`, {
          waitUntil: "networkidle",
        });
        const sentBefore = wallet.sent.length;
        let interactions = 0;
        await page.getByTestId("add-liquidity").click();
        interactions++;
        const form = page.getByTestId("v3-new-panel");
        await form.getByTestId("current-price").getByText(/Current price: .* USDC per WETH/).waitFor();
        const tiers = form.getByRole("radiogroup", { name: "Fee tier" });
        assert.equal(await tiers.getByRole("radio", { checked: true }).getAttribute("data-fee"), "500");
        assert.match((await form.getByRole("button", { name: /^First token: / }).getAttribute("aria-label"))!, /USDC/);
        assert.match((await form.getByRole("button", { name: /^Second token: / }).getAttribute("aria-label"))!, /WETH/);
        assert.equal(await form.getByRole("button", { name: "±10%" }).getAttribute("aria-pressed"), "true");
        await form.getByLabel(/^Amount of USDC/).fill("1000");
        interactions++;
        await form.getByTestId("amounts").getByText(/1,?000 USDC and 0\.\d+ WETH/).waitFor();
        // Worth about $2,000 at the demo gateway's prices (1000 USDC and the matching WETH of a ±10% range).
        const usd = Number((await form.getByTestId("amounts").textContent())!.split("≈ $")[1].replace(/,/g, ""));
        assert.ok(usd > 1500 && usd < 2500, `deposit worth $${usd}`);
        await form.getByRole("button", { name: "Create position" }).click();
        await confirmReview(page);
        interactions++;
        await confirmed(sentBefore + 3); // USDC and WETH approvals, then the mint
        assert.ok(interactions <= 6);
        tokenId = await chain.readContract({ ...NPM, functionName: "tokenOfOwnerByIndex", args: [me, 0n] });
        assert.equal(await chain.readContract({ ...NPM, functionName: "ownerOf", args: [tokenId] }), me);
        const position = await chain.readContract({ ...NPM, functionName: "positions", args: [tokenId] });
        assert.deepEqual([position[2], position[3], position[4]], [USDC, C.wrappedNative, 500]);
        assert.ok(position[7] > 0n, "the position holds liquidity");
        // The range is ±10% around the price as shown, 3180.42 USDC per WETH: 2862 to 3498 USDC per WETH.
        const low = 1e12 / 1.0001 ** position[6] / 3180.42;
        const high = 1e12 / 1.0001 ** position[5] / 3180.42;
        assert.ok(Math.abs(low - 0.9) < 0.005 && Math.abs(high - 1.1) < 0.005, `range ${low}..${high} of the price`);
        // The price shows both ways.
        await form.getByRole("button", { name: "WETH per USDC" }).click();
        await form.getByTestId("current-price").getByText(/Current price: 0\.000\d+ WETH per USDC/).waitFor();
        await form.getByRole("button", { name: "Full range" }).click();
        await form.getByTestId("range-marker").getByText(/^0 ◂ .* ▸ ∞/).waitFor();
        await shot("new-position-1280.png");
      });

      await t.step("/positions lists the position In range with its fees; its page matches the chain", async () => {
        await page.goto(`${server.url}/positions`, { waitUntil: "networkidle" });
        const row = page.getByTestId("v3-position-row").filter({ hasText: `#${tokenId} USDC/WETH 0.05%` });
        await row.getByText("In range").waitFor();
        await row.getByText("Fees owed").waitFor();
        // Holdings and fees with their USD value at the gateway's prices.
        await row.getByText(/\(\$/).first().waitFor({ timeout: 10_000 }).catch(() => {});
        const rowText = (await row.textContent())!;
        assert.match(rowText, /USDC · 0\.\d+ WETH \(\$[\d,]+\.\d\d\)/, rowText);
        assert.doesNotMatch((await main.textContent())!, /connect|informational/i);
        await shot("positions-1280.png");
        await row.getByRole("link", { name: `#${tokenId} USDC/WETH 0.05%` }).click();
        const detail = page.getByTestId("v3-position");
        await detail.getByTestId("in-range").getByText("In range").waitFor();
        await detail.getByTestId("liquidity").getByText(/≈ \$[\d,]+\.\d\d/).waitFor(); // what it holds, in USD
        const position = await chain.readContract({ ...NPM, functionName: "positions", args: [tokenId] });
        // Liquidity reads as token amounts, never the raw figure (kept in an attribute).
        const liquidity = detail.getByTestId("liquidity");
        assert.match((await liquidity.textContent())!, /USDC, 0\.\d+ WETH/);
        assert.doesNotMatch((await liquidity.textContent())!, new RegExp(String(position[7])));
        assert.equal(await liquidity.locator("[data-liquidity]").getAttribute("data-liquidity"), String(position[7]));
      });

      await t.step("collect fees: a trade earns the position WETH fees, collected as ether", async () => {
        const trader = devAccount(9);
        const hash = await trader.writeContract({
          address: C.v3SwapRouter,
          abi: parseAbi([
            "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
          ]),
          functionName: "exactInputSingle",
          value: parseEther("50"),
          args: [{
            tokenIn: C.wrappedNative,
            tokenOut: USDC,
            fee: 500,
            recipient: trader.account.address,
            deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
            amountIn: parseEther("50"),
            amountOutMinimum: 1n,
            sqrtPriceLimitX96: 0n,
          }],
        });
        assert.equal((await chain.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status, "success");
        const { result: owed } = await chain.simulateContract({
          ...NPM,
          account: me,
          functionName: "collect",
          args: [{ tokenId, recipient: me, amount0Max: maxUint128, amount1Max: maxUint128 }],
        });
        assert.ok(owed[1] > 0n, "the position earned WETH fees");
        await page.reload({ waitUntil: "networkidle" });
        const detail = page.getByTestId("v3-position");
        await detail.getByTestId("fees").getByText(/USDC, 0\.0\d*[1-9]\d* WETH/).waitFor();
        const [eth0, usdc0, weth0] = [
          await chain.getBalance({ address: me }),
          await erc20(USDC, me),
          await erc20(C.wrappedNative, me),
        ];
        const sentBefore = wallet.sent.length;
        await detail.getByRole("button", { name: "Collect fees" }).click();
        await confirmReview(page);
        await confirmed(sentBefore + 1);
        const receipt = await chain.getTransactionReceipt({ hash: wallet.sent[sentBefore] });
        const gas = receipt.gasUsed * receipt.effectiveGasPrice;
        assert.equal((await chain.getBalance({ address: me })) - eth0 + gas, owed[1], "WETH fees paid as ether");
        assert.equal((await erc20(USDC, me)) - usdc0, owed[0]);
        assert.equal(await erc20(C.wrappedNative, me), weth0, "no WETH paid out");
        await shot("position-1280.png");
      });

      await t.step(
        "V2: add ETH/USDC liquidity, listed on /positions, then remove all of it (checked on chain)",
        async () => {
          const pair = getAddress(USDC_WETH_V2_PAIR.address);
          await page.goto(`${server.url}/add/v2?inputCurrency=ETH&outputCurrency=${USDC}`, {
            waitUntil: "networkidle",
          });
          const add = page.getByTestId("v2-add-panel");
          await add.getByLabel("Token A").fill("1");
          await add.getByTestId("contract").getByText(/addLiquidityETH/).waitFor();
          const [eth0, usdc0] = [await chain.getBalance({ address: me }), await erc20(USDC, me)];
          const sentBefore = wallet.sent.length;
          await add.getByRole("button", { name: "Add liquidity" }).click();
          await confirmReview(page);
          await confirmed(sentBefore + 2); // USDC approval, then the deposit
          const lp = await erc20(pair, me);
          assert.ok(lp > 0n, "pair tokens minted");
          assert.ok(eth0 - (await chain.getBalance({ address: me })) >= parseEther("1"));
          const usdcIn = Number(usdc0 - (await erc20(USDC, me))) / 1e6;
          assert.ok(Math.abs(usdcIn - 3180.42) < 5, `deposited ${usdcIn} USDC with 1 ETH`);
          assert.equal(await add.getByLabel("Token A").inputValue(), "", "the amount clears after the deposit");

          await page.goto(`${server.url}/positions`, { waitUntil: "networkidle" });
          await page.getByTestId("v2-position-row").getByRole("link", { name: /USDC\/WETH V2 pair/ }).waitFor();

          await page.goto(`${server.url}/remove/v2/ETH/${USDC}`, { waitUntil: "networkidle" });
          const remove = page.getByTestId("v2-remove-panel");
          await remove.getByRole("button", { name: "Max" }).click();
          await remove.getByTestId("contract").getByText(/removeLiquidityETH/).waitFor();
          await remove.getByRole("button", { name: "Remove liquidity" }).click();
          await confirmReview(page);
          await confirmed(sentBefore + 4); // pair-token approval, then the withdrawal
          assert.equal(await erc20(pair, me), 0n);
        },
      );

      await t.step(
        "/portfolio/activity lists the transactions sent from this interface, after a reload too",
        async () => {
          await page.goto(`${server.url}/portfolio/activity`, { waitUntil: "networkidle" });
          const sent = page.getByTestId("sent-txs");
          const last = wallet.sent[wallet.sent.length - 1];
          await sent.getByText(last, { exact: true }).waitFor();
          await sent.getByText(/Removed liquidity from the ETH\/USDC V2 pair/).waitFor();
          await sent.getByText(/Opened a USDC\/WETH 0\.05% position/).waitFor();
          await page.reload({ waitUntil: "networkidle" });
          const item = sent.getByRole("listitem").filter({ hasText: last });
          await item.getByText(/^Confirmed/).waitFor();
          assert.equal(
            await sent.locator('[data-source="interface"]').count(),
            wallet.sent.length,
            "every transaction sent is listed",
          );
          // The activity tab is activity only; the DeFi tab has the positions.
          assert.equal(await page.getByTestId("positions-list").count(), 0);
          await page.goto(`${server.url}/portfolio/defi`, { waitUntil: "networkidle" });
          await page.getByTestId("positions-list").getByText(`#${tokenId} USDC/WETH 0.05%`).waitFor();
        },
      );

      await t.step("at 390 px connected: no sideways scroll on /portfolio and /positions", async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        for (
          const [path, name, ready] of [
            ["/portfolio", "portfolio-390.png", "sent-txs"],
            ["/positions", "positions-390.png", "v3-position-row"],
          ] as const
        ) {
          await page.goto(server.url + path, { waitUntil: "networkidle" });
          await page.getByTestId(ready).first().waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= 390, `${path} is ${width} px wide at 390 px`);
          await shot(name);
        }
        await page.goto(`${server.url}/positions/create/v3?currencyA=${USDC}&currencyB=ETH&fee=500`, {
          waitUntil: "networkidle",
        });
        await page.getByTestId("v3-new-panel").getByTestId("current-price").getByText(/USDC per ETH/).waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
        await shot("new-position-390.png");
        await page.goto(`${server.url}/positions/v3/ethereum/${tokenId}`, { waitUntil: "networkidle" });
        await page.getByTestId("v3-position").waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
        await shot("position-390.png");
        await page.setViewportSize({ width: 1280, height: 900 });
      });

      await t.step(
        "axe: no serious or critical violation on /positions and /portfolio connected, light and dark",
        async () => {
          const found: string[] = [];
          for (const scheme of ["light", "dark"] as const) {
            await page.emulateMedia({ colorScheme: scheme });
            for (const [path, ready] of [["/positions", "v3-position-row"], ["/portfolio", "sent-txs"]] as const) {
              await page.goto(server.url + path, { waitUntil: "networkidle" });
              await page.getByTestId(ready).first().waitFor();
              for (const v of await seriousViolations(page, scheme === "dark" ? COLOUR_RULES : undefined)) {
                found.push(`${scheme} ${path}: ${v}`);
              }
            }
          }
          assert.deepEqual(found, []);
        },
      );

      await t.step("no page error; the wallet was never asked to sign anything but transactions", () => {
        assert.deepEqual(problems, []);
        assert.deepEqual(wallet.signRequests, []);
      });
      await context.close();
    } catch (error) {
      console.error(server.output.filter((l) => /429|Too many|error|warn/i.test(l)).slice(-20).join("\n"));
      throw error;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
