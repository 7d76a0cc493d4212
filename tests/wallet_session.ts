/**
 * The preamble of the Chromium wallet tests, once: the real service with its
 * demo chain and a browser (`withWalletStack`), and a page that browses like
 * a visitor's Chrome with the signing test wallet installed
 * (`openWalletPage`), already authorizing the site unless told otherwise.
 *
 * @module
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { BROWSER_USER_AGENT, launchBrowser, startServer, type TestServer } from "./server_harness.ts";
import { installTestWallet, type TestWallet } from "./wallet_test_wallet.ts";
import { demoChainClient, demoChainUrl } from "./trade_support.ts";
import { VIEWPORTS } from "./screens_support.ts";
import { DEMO_CHAIN_ID } from "../demo_chain/identity.ts";

/** The service, the browser and the demo chain a wallet test runs against. */
export interface WalletStack extends ReturnType<typeof demoChainClient> {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The demo chain's JSON-RPC URL, from the service's log. */
  readonly rpc: string;
}

/**
 * Starts the service (with `env`) and a browser, reads the demo chain's
 * address from the log, runs `fn`, then closes the browser and stops the
 * service whatever happened.
 */
export async function withWalletStack(
  fn: (stack: WalletStack) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  try {
    const rpc = await demoChainUrl(server.output);
    await fn({ server, browser, rpc, ...demoChainClient(rpc) });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** How the page of a wallet test browses. */
export interface WalletPageOptions {
  /** The development account (index in the `test ... junk` mnemonic) the wallet signs as. */
  readonly accountIndex: number;
  /** The desktop (1280 × 900, the default) or phone (390 × 844) viewport, or any other. */
  readonly viewport?: keyof typeof VIEWPORTS | { width: number; height: number };
  /** The colour scheme; Chromium's default (light) when not given. */
  readonly scheme?: "light" | "dark";
  /** A phone's touch screen and mobile viewport (`isMobile`, `hasTouch`). */
  readonly mobile?: boolean;
  /** The wallet already authorizes the site and is on the demo chain (default), or waits to be connected. */
  readonly authorized?: boolean;
}

/** A page with the signing wallet, its context (close it when done) and the wallet. */
export interface WalletPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly wallet: TestWallet;
}

/**
 * Opens a browser context with the desktop Chrome User-Agent (so the service
 * does not take it for a crawler) and a page with the signing test wallet
 * installed, reading and broadcasting through the service's `/rpc/ethereum`.
 */
export async function openWalletPage(
  server: TestServer,
  browser: Browser,
  options: WalletPageOptions,
): Promise<WalletPage> {
  const viewport = typeof options.viewport === "string"
    ? VIEWPORTS[options.viewport]
    : options.viewport ?? VIEWPORTS.desktop;
  const context = await browser.newContext({
    userAgent: BROWSER_USER_AGENT,
    viewport,
    ...(options.scheme ? { colorScheme: options.scheme } : {}),
    ...(options.mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const wallet = await installTestWallet(page, {
    accountIndex: options.accountIndex,
    rpcUrl: `${server.url}/rpc/ethereum`,
    demoChainId: DEMO_CHAIN_ID,
    authorized: options.authorized ?? true,
  });
  return { context, page, wallet };
}
