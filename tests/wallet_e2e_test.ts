/**
 * The wallet end to end: the real service with its demo chain, Chromium, and
 * an injected EIP-6963 test wallet signing with a development account.
 * Every action is checked on chain before and after.
 */
import assert from "node:assert/strict";
import {
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  maxUint128,
  parseAbi,
  parseEther,
  parseUnits,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { BROWSER_USER_AGENT } from "./server_harness.ts";
import { openWalletPage, withWalletStack } from "./wallet_session.ts";
import { confirmReview, pickedSymbol, pickToken, sellEtherInEveryPool } from "./trade_support.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";
import { DEV_ACCOUNTS, DEV_MNEMONIC } from "../demo_chain/accounts.ts";
import { demoPlan } from "../demo_chain/plan.ts";
import { USDC_WETH_V3_POOL } from "../demo_gateway/fixtures.ts";

/** Chunks of the wallet code (the lazily loaded panel and its libraries). */
const WALLET_CHUNK = /\/assets\/(embedded_swap|swap_panel|wallet_store)-/;

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");

Deno.test({
  name: "wallet: connect, switch chain, swap, approve, exact output, send, and a reverting swap sends nothing",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withWalletStack(async ({ server, browser, rpc, chain, erc20, devAccount }) => {
      // Playwright's default viewport (1280 × 720); the wallet waits to be connected.
      const { context, page, wallet } = await openWalletPage(server, browser, {
        accountIndex: 2,
        viewport: { width: 1280, height: 720 },
        authorized: false,
      });
      const me = wallet.address;
      assert.equal(me, DEV_ACCOUNTS[2]);
      const serverBodies: string[] = [];
      page.on("request", (request) => {
        if (request.url().startsWith(server.url)) serverBodies.push(`${request.url()} ${request.postData() ?? ""}`);
      });
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));

      const swap = page.getByTestId("swap-panel");
      const pickPair = async (inKey: string, outKey: string) => {
        await pickToken(swap, "Token to pay", inKey);
        await pickToken(swap, "Token to receive", outKey);
      };
      const waitForStep = async (step: string) => {
        await page.locator(`[data-testid="tx-status"][data-step="${step}"]`).waitFor({ timeout: 30_000 });
      };
      /** Waits until the wallet sent `count` transactions in all and the screen shows the last one confirmed. */
      const waitForConfirmed = async (count: number) => {
        // The wallet is asked, or the screen says why not (then fail at once, with its reason).
        const notSent = page.locator('[data-testid="tx-status"][data-step="failed"]').waitFor({ timeout: 30_000 })
          .then(() => "failed" as const, () => "timed out" as const);
        const outcome = await Promise.race([wallet.sentCount(count).then(() => "sent" as const), notSent]);
        if (outcome !== "sent") {
          throw new Error(
            `The wallet was not asked (${outcome}): ${await page.getByTestId("tx-status").textContent()}`,
          );
        }
        await page.locator('[data-testid="tx-status"][data-step="confirmed"]', {
          has: page.getByTestId("tx-hash").getByText(wallet.sent[count - 1], { exact: true }),
        }).waitFor({ timeout: 30_000 });
        assert.equal(wallet.sent.length, count);
      };

      await t.step(
        "token page without a wallet: hydrates, loads the swap panel only on intent; crawlers get no script",
        async () => {
          const bare = await browser.newContext({ userAgent: BROWSER_USER_AGENT });
          const visitor = await bare.newPage();
          const errors: string[] = [];
          visitor.on("pageerror", (error) => errors.push(error.message));
          visitor.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
          const walletChunks: string[] = [];
          visitor.on("request", (r) => {
            if (WALLET_CHUNK.test(r.url())) walletChunks.push(r.url());
          });
          const response = await visitor.goto(`${server.url}/explore/tokens/ethereum/${UNI}`, {
            waitUntil: "networkidle",
          });
          assert.ok(!WALLET_CHUNK.test(await response!.text()), "the page's HTML names no wallet chunk");
          const card = visitor.getByTestId("trade-card");
          await card.getByRole("heading", { name: "Trade UNI" }).waitFor();
          await card.getByRole("link", { name: "Open the swap screen" }).waitFor();
          assert.deepEqual(walletChunks, [], "no wallet code before the visitor shows an intent");
          // Only a hydrated page reacts: the pointer entering the card loads the panel.
          await card.hover();
          const panel = card.getByTestId("swap-panel");
          await panel.getByText("Connect a wallet (top right) to swap.").waitFor();
          assert.equal(await pickedSymbol(panel, "Token to receive"), "UNI");
          assert.equal(await pickedSymbol(panel, "Token to pay"), "ETH");
          assert.ok(walletChunks.length > 0);
          assert.deepEqual(errors, []);
          await bare.close();

          const crawler = await fetch(`${server.url}/explore/tokens/ethereum/${UNI}`, {
            headers: { "user-agent": "Twitterbot/1.0" },
          });
          const document = await crawler.text();
          assert.equal(crawler.status, 200);
          assert.match(document, /og:image/);
          assert.ok(!/<script[^>]*\bsrc=|modulepreload/.test(document), "the crawler document loads no script");
        },
      );

      await t.step(
        "connect the EIP-6963 wallet and switch it to the demo chain (added with the proxy as RPC)",
        async () => {
          await page.goto(`${server.url}/swap`, { waitUntil: "networkidle" });
          await page.getByRole("button", { name: "Connect wallet" }).click();
          await page.getByRole("dialog", { name: "Choose a wallet" }).getByRole("button", { name: /Test Wallet/ })
            .click();
          const account = page.getByTestId("wallet-account");
          await account.getByText(`${me.slice(0, 6)}…${me.slice(-4)}`).waitFor();
          await account.getByText("Chain 1").waitFor();
          await swap.getByRole("button", { name: "Switch wallet to Uniswap demo chain" }).click();
          await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
          assert.equal(wallet.chainId(), DEMO_CHAIN_ID);
          assert.deepEqual(wallet.addedRpcUrls, [`${server.url}/rpc/ethereum`]);
        },
      );

      await t.step("swap 1 ETH for USDC (exact input, native in)", async () => {
        await pickPair("NATIVE", USDC.toLowerCase());
        await swap.getByLabel(/^You pay/).fill("1");
        const minimum = swap.getByTestId("minimum-received");
        await minimum.waitFor();
        const minimumUsdc = parseUnits((await minimum.textContent())!.split(" ")[0].replace(/,/g, ""), 6);
        assert.match((await swap.getByTestId("contract").textContent())!, new RegExp(C.universalRouter));
        const [eth0, usdc0] = [await chain.getBalance({ address: me }), await erc20(USDC, me)];
        await swap.getByRole("button", { name: "Review swap", exact: true }).click();
        await confirmReview(page);
        await waitForConfirmed(1);
        const [eth1, usdc1] = [await chain.getBalance({ address: me }), await erc20(USDC, me)];
        assert.ok(eth0 - eth1 >= parseEther("1") && eth0 - eth1 < parseEther("1.01"), `spent ${eth0 - eth1}`);
        assert.ok(usdc1 - usdc0 >= minimumUsdc, `received ${usdc1 - usdc0} < minimum ${minimumUsdc}`);
      });

      await t.step("swap 100 USDC for UNI: Permit2 approval and an exact permit first, then the swap", async () => {
        await pickPair(USDC.toLowerCase(), UNI.toLowerCase());
        await swap.getByLabel(/^You pay/).fill("100");
        const minimum = swap.getByTestId("minimum-received");
        await minimum.waitFor();
        const minimumUni = parseUnits((await minimum.textContent())!.split(" ")[0].replace(/,/g, ""), 18);
        // The router the swap calls (the form resets once the swap is done).
        const router = getAddress((await swap.getByTestId("contract").textContent())!.slice(0, 42));
        assert.equal(router, C.universalRouter);
        const [usdc0, uni0] = [await erc20(USDC, me), await erc20(UNI, me)];
        await swap.getByRole("button", { name: "Review swap", exact: true }).click();
        await confirmReview(page);
        await waitForConfirmed(3);
        const [usdc1, uni1] = [await erc20(USDC, me), await erc20(UNI, me)];
        assert.equal(usdc0 - usdc1, 100_000_000n);
        assert.ok(uni1 - uni0 >= minimumUni);
        const approval = await chain.getTransaction({ hash: wallet.sent[1] });
        assert.equal(approval.to?.toLowerCase(), USDC.toLowerCase());
        // Permit2 may move USDC; the router's exact permit was used up by the swap: nothing is left permitted.
        const [permitted] = await chain.readContract({
          address: C.permit2,
          abi: parseAbi([
            "function allowance(address, address, address) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
          ]),
          functionName: "allowance",
          args: [me, USDC, router],
        });
        assert.equal(permitted, 0n);
        assert.equal(wallet.typedSignatures.length, 1);
      });

      await t.step("buy exactly 5 UNI with USDC (exact output, bounded by the maximum sold)", async () => {
        await swap.getByLabel(/^You receive/).fill("5");
        const maximum = swap.getByTestId("maximum-sold");
        await maximum.waitFor();
        const maximumUsdc = parseUnits((await maximum.textContent())!.split(" ")[0].replace(/,/g, ""), 6);
        const [usdc0, uni0] = [await erc20(USDC, me), await erc20(UNI, me)];
        await swap.getByRole("button", { name: "Review swap", exact: true }).click();
        // Permit2 is approved already; the last permit is used up: a new signature, then the swap.
        await confirmReview(page, "Sign and swap");
        await waitForConfirmed(4);
        assert.equal(wallet.typedSignatures.length, 2);
        const [usdc1, uni1] = [await erc20(USDC, me), await erc20(UNI, me)];
        assert.equal(uni1 - uni0, parseEther("5"));
        assert.ok(usdc0 - usdc1 <= maximumUsdc && usdc0 > usdc1);
      });

      await t.step("a swap whose price moved with slippage 0 fails its simulation and sends nothing", async () => {
        await pickPair("NATIVE", USDC.toLowerCase());
        await page.getByText(/^Settings:/).click();
        await swap.getByRole("switch", { name: /^Auto slippage/ }).uncheck();
        await swap.getByLabel("Slippage tolerance (%)").fill("0");
        await swap.getByLabel(/^You pay/).fill("1");
        await swap.getByTestId("minimum-received").waitFor();
        // Someone else moves the price of every V3 and V4 ETH/USDC pool (whichever the route took; the V2 pair is
        // left for the liquidity step below).
        assert.match((await swap.getByTestId("route").textContent())!, /\((V3|V4) /);
        const usdc = { address: USDC, symbol: "USDC", decimals: 6 } as const;
        assert.ok(await sellEtherInEveryPool(rpc, 8, usdc, { amount: parseEther("200"), protocols: ["V3", "V4"] }));
        const nonce = await chain.getTransactionCount({ address: me });
        const sentBefore = wallet.sent.length;
        await swap.getByRole("button", { name: "Review swap", exact: true }).click();
        // The review opens (nothing sent); confirming simulates first, which fails: the step says why.
        await page.getByTestId("review-steps").waitFor();
        await page.getByTestId("review-confirm").click();
        await waitForStep("failed");
        assert.match((await page.getByTestId("review-failure").textContent())!, /Too little received/);
        assert.match((await page.getByTestId("tx-status").textContent())!, /Not sent: Too little received/);
        assert.equal(wallet.sent.length, sentBefore, "the wallet was not asked");
        assert.equal(await chain.getTransactionCount({ address: me }), nonce);
      });

      await t.step("the token page's trade card swaps 0.1 ETH for UNI in place", async () => {
        await page.goto(`${server.url}/explore/tokens/ethereum/${UNI}`, { waitUntil: "networkidle" });
        // This browser connected a wallet before: the panel loads without waiting for an intent.
        const panel = page.getByTestId("trade-card").getByTestId("swap-panel");
        await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        assert.equal(await pickedSymbol(panel, "Token to receive"), "UNI");
        assert.equal(await pickedSymbol(panel, "Token to pay"), "ETH");
        await panel.getByLabel(/^You pay/).fill("0.1");
        const minimum = panel.getByTestId("minimum-received");
        await minimum.waitFor();
        const minimumUni = parseUnits((await minimum.textContent())!.split(" ")[0].replace(/,/g, ""), 18);
        const [eth0, uni0] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
        const sentBefore = wallet.sent.length;
        await panel.getByRole("button", { name: "Review swap", exact: true }).click();
        await confirmReview(page);
        await waitForConfirmed(sentBefore + 1);
        const [eth1, uni1] = [await chain.getBalance({ address: me }), await erc20(UNI, me)];
        assert.ok(eth0 - eth1 >= parseEther("0.1") && eth0 - eth1 < parseEther("0.11"), `spent ${eth0 - eth1}`);
        assert.ok(uni1 - uni0 >= minimumUni && minimumUni > 0n, `received ${uni1 - uni0} < minimum ${minimumUni}`);
      });

      await t.step("the pool page's trade card offers the pool's pair and quotes it", async () => {
        await page.goto(`${server.url}/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`, {
          waitUntil: "networkidle",
        });
        const panel = page.getByTestId("trade-card").getByTestId("swap-panel");
        await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        assert.equal(await pickedSymbol(panel, "Token to pay"), "USDC");
        assert.equal(await pickedSymbol(panel, "Token to receive"), "WETH");
        await panel.getByLabel(/^You pay/).fill("100");
        await panel.getByTestId("route").getByText(/USDC.*WETH/).waitFor();
        await panel.getByTestId("minimum-received").getByText(/WETH$/).waitFor();
      });

      await t.step("send 10 USDC to another account, after refusing a bad checksum", async () => {
        await page.goto(`${server.url}/send`, { waitUntil: "networkidle" });
        const send = page.getByTestId("send-panel");
        await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        await pickToken(send, "Token to send", USDC.toLowerCase());
        await send.getByLabel("You're sending").fill("10");
        const to = DEV_ACCOUNTS[7];
        // The same address with the case of its first letter flipped: a broken checksum.
        const i = to.slice(2).search(/[a-fA-F]/) + 2;
        const flipped = to[i] === to[i].toLowerCase() ? to[i].toUpperCase() : to[i].toLowerCase();
        await send.getByLabel("To", { exact: true }).fill(to.slice(0, i) + flipped + to.slice(i + 1));
        await send.getByText(/fails its checksum/).waitFor();
        await send.getByLabel("To", { exact: true }).fill(to);
        const [mine0, theirs0] = [await erc20(USDC, me), await erc20(USDC, to)];
        const sentBefore = wallet.sent.length;
        await send.getByRole("button", { name: "Send", exact: true }).click();
        await confirmReview(page, "Confirm send");
        await waitForConfirmed(sentBefore + 1);
        assert.equal(mine0 - (await erc20(USDC, me)), 10_000_000n);
        assert.equal((await erc20(USDC, to)) - theirs0, 10_000_000n);
      });

      await t.step("add ETH/USDC liquidity to the V2 pair, then remove all of it", async () => {
        await page.goto(`${server.url}/add/v2?inputCurrency=ETH&outputCurrency=${USDC}`, { waitUntil: "networkidle" });
        const add = page.getByTestId("v2-add-panel");
        await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        await add.getByLabel("Token A").fill("1");
        await add.getByTestId("contract").getByText(/addLiquidityETH/).waitFor();
        const pair = getAddress((await add.getByTestId("pair").textContent())!);
        const lp = (owner: `0x${string}`) => erc20(pair, owner);
        const [eth0, usdc0, lp0] = [await chain.getBalance({ address: me }), await erc20(USDC, me), await lp(me)];
        const sentBefore = wallet.sent.length;
        await add.getByRole("button", { name: "Add liquidity" }).click();
        await confirmReview(page, "Approve USDC, then add liquidity");
        await waitForConfirmed(sentBefore + 2); // USDC approval, then the deposit
        const [eth1, usdc1, lp1] = [await chain.getBalance({ address: me }), await erc20(USDC, me), await lp(me)];
        assert.ok(eth0 - eth1 >= parseEther("1") && eth0 - eth1 < parseEther("1.01"));
        const usdcIn = Number(usdc0 - usdc1) / 1e6;
        assert.ok(Math.abs(usdcIn - 3180.42) < 5, `deposited ${usdcIn} USDC with 1 ETH`);
        assert.ok(lp1 > lp0);

        await page.goto(`${server.url}/remove/v2/ETH/${USDC}`, { waitUntil: "networkidle" });
        const remove = page.getByTestId("v2-remove-panel");
        // A removal starts at no share: nothing to review until one is chosen.
        assert.equal(await remove.getByRole("button", { name: "Choose a share to remove" }).isDisabled(), true);
        await remove.getByRole("button", { name: "Max" }).click();
        await remove.getByTestId("contract").getByText(/removeLiquidityETH/).waitFor();
        await remove.getByRole("button", { name: "Remove liquidity" }).click();
        await confirmReview(page, "Approve UNI-V2, then remove liquidity");
        await waitForConfirmed(sentBefore + 4); // pair token approval, then the withdrawal
        assert.equal(await lp(me), 0n);
        const back = Number((await erc20(USDC, me)) - usdc1) / 1e6;
        assert.ok(Math.abs(back - usdcIn) < 1, `withdrew ${back} of ${usdcIn} USDC`);
      });

      await t.step("open a V3 USDC/ETH position, read it back, earn fees, collect them and remove it", async () => {
        const npm = {
          address: C.v3PositionManager,
          abi: parseAbi([
            "function balanceOf(address owner) view returns (uint256)",
            "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
            "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
            "struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }",
            "function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)",
            "struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }",
            "function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)",
            "function multicall(bytes[] data) payable returns (bytes[] results)",
          ]),
        } as const;
        assert.equal(await chain.readContract({ ...npm, functionName: "balanceOf", args: [me] }), 0n);
        await page.goto(`${server.url}/positions/create/v3?inputCurrency=ETH&outputCurrency=${USDC}`, {
          waitUntil: "networkidle",
        });
        const create = page.getByTestId("v3-new-panel");
        await page.getByTestId("wallet-chain").getByText("Uniswap demo chain").waitFor();
        await create.getByRole("radiogroup", { name: "Fee tier" }).locator(`[data-fee="500"]`).click();
        await create.getByTestId("current-price").getByText(/Current price: .* USDC per ETH/).waitFor();
        await create.getByLabel(/^Amount of USDC/).fill("1000");
        await create.getByTestId("amounts").waitFor();
        const [eth0, usdc0] = [await chain.getBalance({ address: me }), await erc20(USDC, me)];
        const sentBefore = wallet.sent.length;
        await create.getByRole("button", { name: "Create position" }).click();
        await confirmReview(page);
        await waitForConfirmed(sentBefore + 2); // USDC approval, then the mint (ether for the WETH side)
        const tokenId = await chain.readContract({ ...npm, functionName: "tokenOfOwnerByIndex", args: [me, 0n] });
        const position = await chain.readContract({ ...npm, functionName: "positions", args: [tokenId] });
        assert.deepEqual([position[2], position[3], position[4]], [USDC, C.wrappedNative, 500]);
        assert.ok(position[7] > 0n);
        assert.ok(usdc0 - (await erc20(USDC, me)) > 990_000_000n);
        const ethIn = eth0 - (await chain.getBalance({ address: me }));
        assert.ok(ethIn > parseEther("0.2") && ethIn < parseEther("0.4"), `paid ${ethIn} wei for the WETH side`);

        await page.goto(`${server.url}/positions`, { waitUntil: "networkidle" });
        const list = page.getByTestId("v3-positions");
        await list.getByText("In range").waitFor();
        await list.getByRole("link", { name: `#${tokenId} USDC/WETH 0.05%` }).click();
        const detail = page.getByTestId("v3-position");
        await detail.getByTestId("in-range").getByText("In range").waitFor();
        const shownLiquidity = detail.getByTestId("liquidity").locator("[data-liquidity]");
        assert.equal(await shownLiquidity.getAttribute("data-liquidity"), String(position[7]));

        // A trader swaps ETH for USDC through the pool: the position earns WETH fees.
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
        await page.reload({ waitUntil: "networkidle" });
        await detail.getByTestId("fees").getByText(/USDC, 0\.0\d*[1-9]\d* WETH/).waitFor();
        // Fees and the WETH side come out as ether (collect to the manager, unwrapWETH9, sweepToken).
        await detail.getByTestId("payout").getByText("USDC and ETH").waitFor();
        const balances = async () => ({
          eth: await chain.getBalance({ address: me }),
          weth: await erc20(C.wrappedNative, me),
          usdc: await erc20(USDC, me),
        });
        /** What removing `liquidity` (0: none) and collecting would pay the owner now (simulated: nothing is sent). */
        const owed = async (liquidity: bigint) => {
          const { result } = await chain.simulateContract({
            ...npm,
            account: me,
            functionName: "multicall",
            args: [[
              ...(liquidity > 0n
                ? [encodeFunctionData({
                  ...npm,
                  functionName: "decreaseLiquidity",
                  args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 40n }],
                })]
                : []),
              encodeFunctionData({
                ...npm,
                functionName: "collect",
                args: [{ tokenId, recipient: me, amount0Max: maxUint128, amount1Max: maxUint128 }],
              }),
            ]],
          });
          return decodeFunctionResult({ ...npm, functionName: "collect", data: result[result.length - 1] });
        };
        const gasOf = async (hash: `0x${string}`) => {
          const receipt = await chain.getTransactionReceipt({ hash });
          return receipt.gasUsed * receipt.effectiveGasPrice;
        };
        const [fee0, fee1] = await owed(0n);
        assert.ok(fee1 > 0n, "the position earned WETH fees");
        const before = await balances();
        await detail.getByRole("button", { name: "Collect fees" }).click();
        await confirmReview(page, "Collect fees");
        await waitForConfirmed(sentBefore + 3);
        const collected = await balances();
        assert.equal(collected.weth, before.weth, "no WETH paid out");
        assert.equal(collected.eth - before.eth + (await gasOf(wallet.sent[sentBefore + 2])), fee1, "fees as ether");
        assert.equal(collected.usdc - before.usdc, fee0);

        const liquidity = (await chain.readContract({ ...npm, functionName: "positions", args: [tokenId] }))[7];
        const [out0, out1] = await owed(liquidity);
        assert.ok(out1 > 0n);
        await detail.getByRole("group", { name: "Share to remove" }).getByRole("button", { name: "Max" }).click();
        await detail.getByRole("button", { name: "Remove liquidity" }).click();
        await confirmReview(page, "Remove liquidity");
        await waitForConfirmed(sentBefore + 4);
        const removed = await balances();
        assert.equal(removed.weth, collected.weth, "no WETH paid out");
        assert.equal(
          removed.eth - collected.eth + (await gasOf(wallet.sent[sentBefore + 3])),
          out1,
          "WETH side as ether",
        );
        assert.equal(removed.usdc - collected.usdc, out0);
        const closed = await chain.readContract({ ...npm, functionName: "positions", args: [tokenId] });
        assert.equal(closed[7], 0n);
        await detail.getByTestId("in-range").getByText("Closed").waitFor();
      });

      await t.step(
        "a spam token preselected by a link is offered, flagged, and needs an explicit confirmation",
        async () => {
          const spam = demoPlan().tokens.find((token) => token.flagged && token.symbol)!;
          await page.goto(`${server.url}/swap?inputCurrency=ETH&outputCurrency=${spam.address}`, {
            waitUntil: "networkidle",
          });
          // Named from the chain (the top-token list lacks it), then chosen.
          await swap.getByRole("button", { name: `Token to receive: ${spam.symbol}, ${spam.name}`, exact: true })
            .waitFor();
          await swap.getByText(`${spam.symbol} is flagged as spam or malicious.`).waitFor();
          assert.equal(await swap.getByLabel("I understand the risk and want to trade it").isChecked(), false);
        },
      );

      await t.step("no key, seed or message signature ever reached the service; the page never broadcast", () => {
        const all = serverBodies.join("\n");
        const key = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 2 }).getHdKey().privateKey!;
        const keyHex = Array.from(key, (b) => b.toString(16).padStart(2, "0")).join("");
        assert.ok(!all.includes(keyHex));
        assert.ok(!all.includes("test test test"));
        assert.ok(!/eth_sendRawTransaction|eth_sendTransaction|personal_sign|eth_sign/.test(all));
        assert.deepEqual(wallet.signRequests, []);
        assert.deepEqual(problems, []);
      });
      await context.close();
    });
  },
});
