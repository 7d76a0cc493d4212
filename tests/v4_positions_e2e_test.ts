/**
 * V4 positions from the UI (Chromium, the signing test wallet, the demo
 * chain): `/positions/create/v4` mints an ERC-20 pair's position and a
 * native-ether one through the review (counting transactions: Permit2's
 * approvals, then one `modifyLiquidities`), the PositionManager's ERC-721
 * mint `Transfer` names the id the form links to and the liquidity is on
 * chain; `/positions` lists both; the card and crawler view of the new
 * position; on its page, increase sends ether as value, decrease's first
 * click sends nothing, collect pays the fees a swap earned. The create form
 * fits a 390 px phone.
 *
 * @module
 */
import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import { JSDOM } from "jsdom";
import {
  decodeEventLog,
  encodeAbiParameters,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  parseAbi,
  parseEther,
} from "viem";
import { BROWSER_USER_AGENT, launchBrowser, startServer } from "./server_harness.ts";
import { installTestWallet } from "./wallet_test_wallet.ts";
import { confirmReview, demoChainClient, demoChainUrl } from "./trade_support.ts";
import { COLOUR_RULES, seriousViolations, VIEWPORTS } from "./screens_support.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";
import { HOOKED_V4_POOL } from "../demo_gateway/fixtures.ts";
import { V4_POOL_KEY_ABI } from "../lib/pool_address.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const USDT = getAddress("0xdAC17F958D2ee523a2206206994597C13D831ec7");
const DAI = getAddress("0x6B175474E89094C44Da98b954EedeAC495271d0F");
const ZERO = "0x0000000000000000000000000000000000000000";
const PM = {
  address: C.v4PositionManager,
  abi: parseAbi([
    "event Transfer(address indexed from, address indexed to, uint256 indexed id)",
    "function getPositionLiquidity(uint256 tokenId) view returns (uint128)",
    "function ownerOf(uint256 tokenId) view returns (address)",
    "function getPoolAndPositionInfo(uint256 tokenId) view returns ((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) poolKey, uint256 info)",
  ]),
} as const;
const ROUTER_ABI = parseAbi(["function execute(bytes commands, bytes[] inputs, uint256 deadline) payable"]);

/** The token id the PositionManager minted in a receipt (its ERC-721 `Transfer` from the zero address). */
function mintedId(logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[]): bigint | null {
  for (const log of logs) {
    if (log.address.toLowerCase() !== C.v4PositionManager.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: PM.abi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      if (event.eventName === "Transfer" && event.args.from === ZERO) return event.args.id;
    } catch {
      // another event of the manager
    }
  }
  return null;
}

/** A V4 `SWAP_EXACT_IN_SINGLE` of `amountIn` ether for currency1 through the Universal Router. */
function swapEtherInput(
  key: { currency0: Hex; currency1: Hex; fee: number; tickSpacing: number; hooks: Hex },
  amountIn: bigint,
) {
  const POOL_KEY = { ...V4_POOL_KEY_ABI, name: "poolKey" } as const;
  const v4Input = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], ["0x060c0f", [
    encodeAbiParameters([{
      type: "tuple",
      components: [POOL_KEY, { name: "zeroForOne", type: "bool" }, { name: "amountIn", type: "uint128" }, {
        name: "amountOutMinimum",
        type: "uint128",
      }, { name: "hookData", type: "bytes" }],
    }], [{ poolKey: key, zeroForOne: true, amountIn, amountOutMinimum: 1n, hookData: "0x" }]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key.currency0, amountIn]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key.currency1, 1n]),
  ]]);
  return encodeFunctionData({
    abi: ROUTER_ABI,
    functionName: "execute",
    args: ["0x10", [v4Input], BigInt(Math.floor(Date.now() / 1000) + 600)],
  });
}

Deno.test({
  name: "V4 positions: mint (ERC-20 and native ether), list, card, crawler view, increase, decrease, collect",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const rpc = await demoChainUrl(server.output);
      const { chain, devAccount, erc20 } = demoChainClient(rpc);
      const context = await browser.newContext({ userAgent: BROWSER_USER_AGENT, viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      const wallet = await installTestWallet(page, {
        accountIndex: 7,
        rpcUrl: `${server.url}/rpc/ethereum`,
        demoChainId: DEMO_CHAIN_ID,
        authorized: true,
      });
      const me = wallet.address;
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      const form = page.getByTestId("v4-new-panel");
      const ids: bigint[] = [];

      /** Mints from the form and returns the id, checking the transactions sent and the chain. */
      const mint = async (query: string, amountLabel: RegExp, amount: string, expectedTxs: number) => {
        const signed = wallet.typedSignatures.length;
        await page.goto(`${server.url}/positions/create/v4?${query}`);
        await form.getByTestId("current-price").getByText(/Current price: /).waitFor({ timeout: 20_000 });
        await form.getByLabel(amountLabel).fill(amount);
        await form.getByTestId("amounts").waitFor();
        const [asked, sent] = [wallet.asked, wallet.sent.length];
        await form.getByRole("button", { name: "Create position" }).click();
        await page.getByTestId("review-sheet").getByTestId("review-steps").waitFor({ timeout: 30_000 });
        assert.equal(wallet.asked, asked, "opening the review sends nothing");
        const titles = await confirmReview(page, /^Approve .* for Permit2, sign, then create position$/);
        assert.equal(wallet.sent.length - sent, expectedTxs, `steps: ${titles.join(" / ")}`);
        assert.equal(wallet.typedSignatures.length - signed, 1, "one Permit2 signature");
        const permit = wallet.typedSignatures.at(-1)!;
        assert.equal(permit.primaryType, "PermitBatch");
        assert.equal(String(permit.domain.verifyingContract).toLowerCase(), C.permit2.toLowerCase());
        assert.equal(String(permit.message.spender).toLowerCase(), C.v4PositionManager.toLowerCase());
        const receipt = await chain.getTransactionReceipt({ hash: wallet.sent.at(-1)! });
        assert.equal(receipt.to?.toLowerCase(), C.v4PositionManager.toLowerCase());
        const tx = await chain.getTransaction({ hash: receipt.transactionHash });
        assert.equal(tx.input.slice(0, 10), "0xac9650d8", "PositionManager.multicall(permitBatch, …)");
        const id = mintedId(receipt.logs);
        assert.ok(id !== null, "the PositionManager's ERC-721 mint Transfer is in the receipt");
        assert.equal(await chain.readContract({ ...PM, functionName: "ownerOf", args: [id] }), me);
        assert.ok(await chain.readContract({ ...PM, functionName: "getPositionLiquidity", args: [id] }) > 0n);
        const link = form.getByTestId("minted-position");
        await link.waitFor({ timeout: 15_000 });
        assert.equal(await link.getAttribute("href"), `/positions/v4/ethereum/${id}`);
        ids.push(id);
        return { id, receipt, titles };
      };

      await t.step("an ERC-20 pair: Permit2 approvals, one permit signature, one transaction", async () => {
        const { titles } = await mint(`currencyA=${USDC}&currencyB=${USDT}`, /^Amount of USDC/, "250", 3);
        assert.deepEqual(titles, [
          "Approve USDC for Permit2",
          "Approve USDT for Permit2",
          "Sign a Permit2 permit for USDC and USDT",
          "Open a USDC/USDT 0.01% position",
        ]);
        assert.equal((wallet.typedSignatures.at(-1)!.message.details as unknown[]).length, 2);
      });

      await t.step("native ether: the deepest pool preselected, ETH sent as value", async () => {
        await page.goto(`${server.url}/positions/create/v4?currencyA=NATIVE&currencyB=${USDC}`);
        const pool = form.getByTestId("v4-pool");
        await pool.locator("option", { hasText: "deepest pool" }).first().waitFor({
          state: "attached",
          timeout: 20_000,
        });
        const chosen = await pool.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent);
        assert.match(chosen ?? "", /deepest pool/);
        const { receipt } = await mint(`currencyA=NATIVE&currencyB=${USDC}`, /^Amount of ETH/, "0.2", 2);
        const tx = await chain.getTransaction({ hash: receipt.transactionHash });
        assert.ok(tx.value > parseEther("0.2") && tx.value < parseEther("0.21"), `value ${tx.value}`);
      });

      await t.step("a V4 pool page's Add liquidity opens this form on that pool (hook and dynamic fee)", async () => {
        await page.goto(`${server.url}/explore/pools/ethereum/${HOOKED_V4_POOL.address}`);
        await page.getByTestId("add-liquidity").click();
        await page.waitForURL(/\/positions\/create\/v4\?/);
        const pool = form.getByTestId("v4-pool");
        await pool.locator("option", { hasText: "hook" }).first().waitFor({ state: "attached", timeout: 20_000 });
        const chosen = await pool.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent);
        assert.match(chosen ?? "", /^ETH\/USDC dynamic fee \(now 0\.3%\) · hook 0x0000…1000/);
        await form.getByTestId("current-price").getByText(/Current price: /).waitFor({ timeout: 20_000 });
        assert.equal(await form.getByLabel(/^Starting price/).count(), 0, "no starting price while the pool exists");
      });

      await t.step(
        "a new pool: typed price warned past 2%, custom range, one multicall(initializePool, mint)",
        async () => {
          await page.goto(`${server.url}/positions/create/v4?currencyA=${USDC}&currencyB=${DAI}`);
          await form.getByTestId("current-price").getByText(/No V4 pool with this fee yet/).waitFor({
            timeout: 20_000,
          });
          const start = form.getByLabel(/^Starting price/);
          await start.fill("1.5");
          await form.getByTestId("price-gap").waitFor();
          assert.match(await form.getByTestId("price-gap").textContent() ?? "", /4\d\.\d%|5\d\.\d%|3\d\.\d%/);
          await start.fill("1");
          await form.getByTestId("price-gap").waitFor({ state: "detached" });
          await form.getByTestId("range-presets").getByRole("button", { name: "Custom" }).click();
          await form.getByLabel(/^Minimum price/).fill("0.95");
          await form.getByLabel(/^Maximum price/).fill("1.05");
          assert.equal(await form.getByTestId("range-chart").getAttribute("data-in-range"), "true");
          await form.getByLabel(/^Amount of USDC/).fill("100");
          await form.getByTestId("amounts").waitFor();
          assert.match(await form.getByTestId("balance-0").textContent() ?? "", /Balance: [\d,.]+/);
          const [asked, sent] = [wallet.asked, wallet.sent.length];
          await form.getByRole("button", { name: "Create position" }).click();
          await page.getByTestId("review-sheet").getByText(/new: created at your price/).waitFor({ timeout: 30_000 });
          assert.equal(wallet.asked, asked, "opening the review sends nothing");
          await confirmReview(page);
          assert.equal(wallet.sent.length - sent, 3, "two approvals of Permit2 and the multicall");
          const tx = await chain.getTransaction({ hash: wallet.sent.at(-1)! });
          assert.equal(tx.input.slice(0, 10), "0xac9650d8", "PositionManager.multicall");
          const id = mintedId((await chain.getTransactionReceipt({ hash: tx.hash })).logs);
          assert.ok(id !== null);
          const [, info] = await chain.readContract({ ...PM, functionName: "getPoolAndPositionInfo", args: [id] });
          const tickLower = Number(BigInt.asIntN(24, (info >> 8n) & 0xffffffn));
          const tickUpper = Number(BigInt.asIntN(24, (info >> 32n) & 0xffffffn));
          assert.ok(tickUpper - tickLower < 2000, `a custom range: ${tickLower} to ${tickUpper}`);
          assert.ok(await chain.readContract({ ...PM, functionName: "getPositionLiquidity", args: [id] }) > 0n);
        },
      );

      await t.step("/positions lists both with the v4 badge and status, from one eth_getLogs", async () => {
        const rpc = { requests: 0, getLogs: 0 };
        const count = (request: { url(): string; postData(): string | null }) => {
          if (!request.url().includes("/rpc/ethereum")) return;
          rpc.requests++;
          rpc.getLogs += (request.postData() ?? "").split('"eth_getLogs"').length - 1;
        };
        page.on("request", count);
        await page.goto(`${server.url}/positions`);
        const rows = page.getByTestId("v4-position-row");
        await rows.nth(ids.length - 1).waitFor({ timeout: 20_000 });
        await page.waitForLoadState("networkidle");
        page.off("request", count);
        console.log(`/positions with V4: ${rpc.requests} HTTP requests to /rpc, ${rpc.getLogs} eth_getLogs`);
        assert.equal(rpc.getLogs, 1, "the holder's V4 ids come from one eth_getLogs");
        for (const id of ids) {
          const row = rows.filter({ has: page.locator(`a[href="/positions/v4/ethereum/${id}"]`) });
          assert.equal(await row.count(), 1, `position ${id} listed`);
          assert.equal(await row.getAttribute("data-status"), "in-range");
          assert.match(await row.textContent() ?? "", /v4.*In range.*Fees owed/s);
        }
        for (const path of ["/pool", "/portfolio/defi", "/increase"]) {
          await page.goto(`${server.url}${path}`);
          const listed = page.locator(`a[href="/positions/v4/ethereum/${ids[1]}"]`);
          await listed.first().waitFor({ timeout: 20_000 });
        }
      });

      await t.step("its card is a 1200x630 PNG; the crawler view names it", async () => {
        const id = ids[1];
        const image = await fetch(`${server.url}/api/image/positions/v4/ethereum/${id}`);
        assert.equal(image.headers.get("content-type"), "image/png");
        const png = decodePng(new Uint8Array(await image.arrayBuffer()));
        assert.deepEqual([png.width, png.height], [1200, 630]);
        const html = await (await fetch(`${server.url}/positions/v4/ethereum/${id}`, {
          headers: { "user-agent": "Twitterbot/1.0" },
        })).text();
        const doc = new JSDOM(html).window.document;
        const meta = (key: string) => doc.querySelector(`meta[property="${key}"]`)?.getAttribute("content");
        assert.equal(meta("og:image"), `${server.url}/api/image/positions/v4/ethereum/${id}`);
        assert.match(doc.title, /position on Uniswap$/);
      });

      const position = page.getByTestId("v4-position");
      const liquidity = (id: bigint) => chain.readContract({ ...PM, functionName: "getPositionLiquidity", args: [id] });

      await t.step("increase the native position: ETH as value", async () => {
        const id = ids[1];
        await page.goto(`${server.url}/positions/v4/ethereum/${id}`);
        await position.getByTestId("held").waitFor({ timeout: 20_000 });
        assert.match(await position.getByTestId("held").textContent() ?? "", /ETH.*USDC/);
        assert.equal(await position.getByTestId("range-chart").getAttribute("data-in-range"), "true");
        const before = await liquidity(id);
        await position.getByLabel(/^Add ETH/).fill("0.05");
        const [sent, signed] = [wallet.sent.length, wallet.typedSignatures.length];
        await position.getByRole("button", { name: "Increase liquidity" }).click();
        await confirmReview(page);
        const tx = await chain.getTransaction({ hash: wallet.sent.at(-1)! });
        assert.equal(tx.to?.toLowerCase(), C.v4PositionManager.toLowerCase());
        assert.ok(tx.value >= parseEther("0.05"), `value ${tx.value}`);
        // USDC: Permit2's approval and the permit are spent by the mint; the increase approves and signs again.
        assert.equal(wallet.sent.length - sent, 2);
        assert.equal(wallet.typedSignatures.length - signed, 1);
        assert.ok(await liquidity(id) > before);
      });

      await t.step("collect what a swap earned: DECREASE 0 + TAKE_PAIR", async () => {
        const id = ids[1];
        const [key] = await chain.readContract({ ...PM, functionName: "getPoolAndPositionInfo", args: [id] });
        const trader = devAccount(8);
        const hash = await trader.sendTransaction({
          to: C.universalRouter,
          data: swapEtherInput(key as never, parseEther("20")),
          value: parseEther("20"),
        });
        assert.equal((await chain.waitForTransactionReceipt({ hash })).status, "success");
        await page.reload();
        const collect = position.getByRole("button", { name: "Collect fees" });
        await position.getByTestId("fees").getByText(/ETH/).waitFor({ timeout: 20_000 });
        await collect.waitFor();
        assert.ok(await collect.isEnabled(), "fees are owed after the swap");
        const ether = await chain.getBalance({ address: me });
        const before = await liquidity(id);
        await collect.click();
        await confirmReview(page);
        const receipt = await chain.getTransactionReceipt({ hash: wallet.sent.at(-1)! });
        const paid = await chain.getBalance({ address: me }) - ether + receipt.gasUsed * receipt.effectiveGasPrice;
        assert.ok(paid > 0n, `collected ${paid} wei of fees`);
        assert.equal(await liquidity(id), before, "collecting leaves the liquidity");
      });

      await t.step("decrease: the first click sends nothing; 25% leaves 75% on chain", async () => {
        const id = ids[1];
        const before = await liquidity(id);
        const remove = position.getByRole("button", { name: /remove/i });
        assert.ok(await remove.isDisabled(), "no share is chosen at first");
        await position.getByRole("button", { name: "25%", exact: true }).click();
        const asked = wallet.asked;
        await position.getByRole("button", { name: "Remove liquidity" }).click();
        await page.getByTestId("review-sheet").getByTestId("review-steps").waitFor({ timeout: 30_000 });
        assert.equal(wallet.asked, asked, "the first click sends nothing");
        await confirmReview(page);
        assert.equal(await liquidity(id), before - before * 25n / 100n);
      });
      await t.step(
        "axe: no serious or critical violation on the V4 form and position page, light and dark",
        async () => {
          const found: string[] = [];
          for (const scheme of ["light", "dark"] as const) {
            await page.emulateMedia({ colorScheme: scheme });
            for (
              const [path, ready] of [
                [`/positions/create/v4?currencyA=NATIVE&currencyB=${USDC}`, "range-marker"],
                [`/positions/v4/ethereum/${ids[1]}`, "v4-actions"],
              ] as const
            ) {
              await page.goto(server.url + path, { waitUntil: "networkidle" });
              await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
              for (const v of await seriousViolations(page, scheme === "dark" ? COLOUR_RULES : undefined)) {
                found.push(`${scheme} ${path}: ${v}`);
              }
            }
          }
          assert.deepEqual(found, []);
        },
      );

      await t.step("no page error; the wallet was asked for transactions and Permit2 permits only", () => {
        assert.deepEqual(problems, []);
        assert.deepEqual(wallet.signRequests, []);
      });
      await context.close();

      await t.step("on a 390 px phone the create form fits", async () => {
        const phone = await browser.newContext({ userAgent: BROWSER_USER_AGENT, viewport: VIEWPORTS.phone });
        const small = await phone.newPage();
        await installTestWallet(small, {
          accountIndex: 7,
          rpcUrl: `${server.url}/rpc/ethereum`,
          demoChainId: DEMO_CHAIN_ID,
          authorized: true,
        });
        await small.goto(`${server.url}/positions/create/v4?currencyA=NATIVE&currencyB=${USDC}`);
        await small.getByTestId("current-price").getByText(/Current price: /).waitFor({ timeout: 20_000 });
        const usdc = await erc20(USDC, me);
        await small.getByTestId("balance-1").getByTestId("max-button").click();
        assert.equal(
          await small.getByLabel(/^Amount of USDC/).inputValue(),
          formatUnits(usdc, 6),
          "Max fills the balance",
        );
        await small.getByTestId("amounts").waitFor();
        const width = await small.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `the page is ${width} px wide at 390 px`);
        await small.goto(`${server.url}/positions/v4/ethereum/${ids[1]}`);
        await small.getByTestId("v4-actions").waitFor({ timeout: 20_000 });
        const pageWidth = await small.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(pageWidth <= 390, `the position page is ${pageWidth} px wide at 390 px`);
        await phone.close();
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
