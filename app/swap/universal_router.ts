/**
 * A trade as one Universal Router `execute(commands, inputs, deadline)`, as
 * app.uniswap.org sends swaps: `PERMIT2_PERMIT` first when the trade carries
 * a signed permit (the router then pulls the ERC-20 through Permit2), then
 * each leg's command (`V2_SWAP_EXACT_IN/OUT`, `V3_SWAP_EXACT_IN/OUT`,
 * `V4_SWAP` with the V4 actions `SWAP_EXACT_IN(_SINGLE)` /
 * `SWAP_EXACT_OUT(_SINGLE)`, `SETTLE_ALL`, `TAKE_ALL`), with native ether in
 * and out: `WRAP_ETH` before V2/V3 legs paid in ether (V4 pools of the native
 * currency take it as is), `UNWRAP_WETH` after V2/V3 legs paid out in ether,
 * and the refund of an exact-output trade paid in ether (`UNWRAP_WETH` of the
 * wrapped rest, `SWEEP` of the native rest). Each leg is bounded by its own
 * quote less the slippage. Pure and unit-tested (`universal_router_test.ts`,
 * against the demo chain).
 *
 * @module
 */
import { concatHex, encodeAbiParameters, encodeFunctionData, type Hex, parseAbi, toHex } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { V4_NATIVE_CURRENCY, V4_POOL_KEY_ABI } from "../../lib/pool_address.ts";
import type { PermitSingle } from "../lib/permit2.ts";
import { maximumSold, minimumReceived } from "../lib/trade_math.ts";
import type { Trade } from "./split.ts";
import { type Quote, type SwapPlan, type SwapToken, v3Path, v4Currency } from "./swap_routes.ts";
import { v4PathKeys, v4PoolOfHop } from "./v4_routes.ts";

/** The Universal Router's command bytes this interface sends (`Commands.sol`). */
export const UR_COMMANDS = {
  V3_SWAP_EXACT_IN: 0x00,
  V3_SWAP_EXACT_OUT: 0x01,
  SWEEP: 0x04,
  V2_SWAP_EXACT_IN: 0x08,
  V2_SWAP_EXACT_OUT: 0x09,
  PERMIT2_PERMIT: 0x0a,
  WRAP_ETH: 0x0b,
  UNWRAP_WETH: 0x0c,
  V4_SWAP: 0x10,
} as const;

/** The V4 router's action bytes (`@uniswap/v4-periphery` `Actions.sol`). */
export const V4_ACTIONS = {
  SWAP_EXACT_IN_SINGLE: 0x06,
  SWAP_EXACT_IN: 0x07,
  SWAP_EXACT_OUT_SINGLE: 0x08,
  SWAP_EXACT_OUT: 0x09,
  SETTLE_ALL: 0x0c,
  TAKE_ALL: 0x0f,
} as const;

/** The router's stand-ins for the caller and itself as recipients (`ActionConstants`). */
export const MSG_SENDER: Address = "0x0000000000000000000000000000000000000001";
export const ADDRESS_THIS: Address = "0x0000000000000000000000000000000000000002";

export const UNIVERSAL_ROUTER_ABI = parseAbi([
  "function execute(bytes commands, bytes[] inputs, uint256 deadline) payable",
]);

/** One command of an `execute`. */
export interface UrCommand {
  readonly name: keyof typeof UR_COMMANDS;
  readonly input: Hex;
}

/** A swap plan sent through the Universal Router. */
export interface UniversalPlan extends SwapPlan {
  /** The commands, in order (without the permit: {@linkcode withPermit} puts it first). */
  readonly commands: readonly UrCommand[];
  readonly deadline: bigint;
  /** The Universal Router (the permit's spender). */
  readonly router: Address;
  /** The token Permit2 lets the router pull (`null`: ether in). */
  readonly permitToken: Address | null;
}

const POOL_KEY = V4_POOL_KEY_ABI;
const PATH_KEYS = {
  type: "tuple[]",
  components: [
    { name: "intermediateCurrency", type: "address" },
    { name: "fee", type: "uint24" },
    { name: "tickSpacing", type: "int24" },
    { name: "hooks", type: "address" },
    { name: "hookData", type: "bytes" },
  ],
} as const;
const SINGLE_PARAMS = {
  type: "tuple",
  components: [
    { ...POOL_KEY, name: "poolKey" },
    { name: "zeroForOne", type: "bool" },
    { name: "amount", type: "uint128" },
    { name: "limit", type: "uint128" },
    { name: "hookData", type: "bytes" },
  ],
} as const;
const MULTI_PARAMS = {
  type: "tuple",
  components: [
    { name: "currency", type: "address" },
    { ...PATH_KEYS, name: "path" },
    // The Universal Router 2.1's V4Router takes a per-hop slippage list (empty: none) after the path.
    { name: "maxHopSlippage", type: "uint256[]" },
    { name: "amount", type: "uint128" },
    { name: "limit", type: "uint128" },
  ],
} as const;
const PERMIT_SINGLE = {
  type: "tuple",
  components: [
    {
      name: "details",
      type: "tuple",
      components: [
        { name: "token", type: "address" },
        { name: "amount", type: "uint160" },
        { name: "expiration", type: "uint48" },
        { name: "nonce", type: "uint48" },
      ],
    },
    { name: "spender", type: "address" },
    { name: "sigDeadline", type: "uint256" },
  ],
} as const;

const addressAmount = (a: Address, amount: bigint) =>
  encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [a, amount]);

/** `PERMIT2_PERMIT`'s input: the permit and its signature. */
export function permitInput(permit: PermitSingle, signature: Hex): Hex {
  return encodeAbiParameters([PERMIT_SINGLE, { type: "bytes" }], [permit, signature]);
}

/**
 * The `V4_SWAP` input of one route: the swap action, `SETTLE_ALL` of the
 * input currency (at most `limitIn`) and `TAKE_ALL` of the output (at least
 * `limitOut`). Exact input: `amount` sold, `limit` the least bought; exact
 * output: `amount` bought, `limit` the most sold.
 */
export function v4SwapInput(
  quote: Quote,
  bounds: { amount: bigint; limit: bigint; settleMax: bigint; takeMin: bigint },
): Hex {
  const hops = quote.route.hops;
  const exactIn = quote.kind === "exactIn";
  const currencyIn = hops[0].tokenIn;
  const currencyOut = hops[hops.length - 1].tokenOut;
  let action: number;
  let params: Hex;
  if (hops.length === 1) {
    const { key, zeroForOne } = v4PoolOfHop(hops[0]);
    action = exactIn ? V4_ACTIONS.SWAP_EXACT_IN_SINGLE : V4_ACTIONS.SWAP_EXACT_OUT_SINGLE;
    params = encodeAbiParameters([SINGLE_PARAMS], [{
      poolKey: key,
      zeroForOne,
      amount: bounds.amount,
      limit: bounds.limit,
      hookData: "0x",
    }]);
  } else {
    action = exactIn ? V4_ACTIONS.SWAP_EXACT_IN : V4_ACTIONS.SWAP_EXACT_OUT;
    params = encodeAbiParameters([MULTI_PARAMS], [{
      currency: exactIn ? currencyIn : currencyOut,
      path: v4PathKeys(hops, exactIn),
      maxHopSlippage: [],
      amount: bounds.amount,
      limit: bounds.limit,
    }]);
  }
  const actions = concatHex([action, V4_ACTIONS.SETTLE_ALL, V4_ACTIONS.TAKE_ALL].map((a) => toHex(a, { size: 1 })));
  return encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [actions, [
    params,
    addressAmount(currencyIn, bounds.settleMax),
    addressAmount(currencyOut, bounds.takeMin),
  ]]);
}

/** One leg's command, bounded: exact input sells `quote.amountIn` for at least `bound`; exact output the reverse. */
export function legCommand(
  quote: Quote,
  bound: bigint,
  sides: { readonly recipient: Address; readonly payerIsUser: boolean },
): UrCommand {
  const exactIn = quote.kind === "exactIn";
  const [amount, limit] = exactIn ? [quote.amountIn, bound] : [quote.amountOut, bound];
  const route = quote.route;
  if (route.protocol === "V4") {
    const [settleMax, takeMin] = exactIn ? [quote.amountIn, bound] : [bound, quote.amountOut];
    return { name: "V4_SWAP", input: v4SwapInput(quote, { amount, limit, settleMax, takeMin }) };
  }
  if (route.protocol === "V2") {
    const path = [route.hops[0].tokenIn, ...route.hops.map((h) => h.tokenOut)];
    return {
      name: exactIn ? "V2_SWAP_EXACT_IN" : "V2_SWAP_EXACT_OUT",
      input: encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "address[]" }, { type: "bool" }],
        [sides.recipient, amount, limit, path, sides.payerIsUser],
      ),
    };
  }
  return {
    name: exactIn ? "V3_SWAP_EXACT_IN" : "V3_SWAP_EXACT_OUT",
    input: encodeAbiParameters(
      [{ type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "bool" }],
      [sides.recipient, amount, limit, v3Path(route, quote.kind), sides.payerIsUser],
    ),
  };
}

/** The router call of commands: `execute(commands, inputs, deadline)`. */
export function executeData(commands: readonly UrCommand[], deadline: bigint): Hex {
  const bytes = concatHex(commands.map((c) => toHex(UR_COMMANDS[c.name], { size: 1 })));
  return encodeFunctionData({
    abi: UNIVERSAL_ROUTER_ABI,
    functionName: "execute",
    args: [bytes, commands.map((c) => c.input), deadline],
  });
}

/** How people read an `execute`: `UniversalRouter.execute(PERMIT2_PERMIT, V3_SWAP_EXACT_IN)`. */
export function executeLabel(commands: readonly UrCommand[]): string {
  return `UniversalRouter.execute(${commands.map((c) => c.name).join(", ")})`;
}

/** The options of {@linkcode buildUniversalTrade}. */
export interface TradeOptions {
  readonly contracts: UniswapContracts;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  /** Who receives; the router sends to the caller (`MSG_SENDER`), which is this account. */
  readonly recipient: Address;
  readonly slippageBps: number;
  /** Unix seconds. */
  readonly deadline: bigint;
}

/** The bound of a leg: exact input, the least it returns; exact output, the most it sells. */
function legBound(quote: Quote, slippageBps: number): bigint {
  return quote.kind === "exactIn"
    ? minimumReceived(quote.amountOut, slippageBps)
    : maximumSold(quote.amountIn, slippageBps);
}

/**
 * A trade (one leg, or a split across two) as one `execute`, without the
 * permit (the review signs it, {@linkcode withPermit} adds it). Ether in is
 * the call's value: the amount sold, or the most sold for exact output (its
 * rest refunded in the same call: `UNWRAP_WETH` of what V2/V3 legs left
 * wrapped, `SWEEP` of what V4 legs left).
 */
export function buildUniversalTrade(trade: Trade, options: TradeOptions): UniversalPlan {
  const { contracts, slippageBps } = options;
  const nativeIn = options.tokenIn.address === "native";
  const nativeOut = options.tokenOut.address === "native";
  const exactIn = trade.kind === "exactIn";
  const legs = trade.legs.map(({ quote }) => ({ quote, bound: legBound(quote, slippageBps) }));
  const wrapped = legs.filter((l) => l.quote.route.protocol !== "V4");
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const commands: UrCommand[] = [];
  const wrapAmount = sum(wrapped.map((l) => exactIn ? l.quote.amountIn : l.bound));
  if (nativeIn && wrapAmount > 0n) {
    commands.push({ name: "WRAP_ETH", input: addressAmount(ADDRESS_THIS, wrapAmount) });
  }
  for (const { quote, bound } of legs) {
    const recipient = nativeOut && quote.route.protocol !== "V4" ? ADDRESS_THIS : MSG_SENDER;
    commands.push(legCommand(quote, bound, { recipient, payerIsUser: !nativeIn }));
  }
  const unwrapMin = sum(wrapped.map((l) => exactIn ? l.bound : l.quote.amountOut));
  if (nativeOut && unwrapMin > 0n) {
    commands.push({ name: "UNWRAP_WETH", input: addressAmount(MSG_SENDER, unwrapMin) });
  }
  const maximumIn = exactIn ? trade.amountIn : sum(legs.map((l) => l.bound));
  if (nativeIn && !exactIn) {
    // The rest of the most sold goes back: wrapped (V2/V3 legs) and as is (V4 legs).
    if (wrapped.length > 0) commands.push({ name: "UNWRAP_WETH", input: addressAmount(MSG_SENDER, 0n) });
    if (wrapped.length < legs.length) {
      commands.push({
        name: "SWEEP",
        input: encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint256" }], [
          V4_NATIVE_CURRENCY,
          MSG_SENDER,
          0n,
        ]),
      });
    }
  }
  const minimumOut = exactIn ? sum(legs.map((l) => l.bound)) : trade.amountOut;
  const router = contracts.universalRouter;
  return {
    tx: {
      to: router,
      data: executeData(commands, options.deadline),
      value: nativeIn ? maximumIn : 0n,
      label: executeLabel(commands),
    },
    minimumOut,
    maximumIn,
    spender: nativeIn ? null : contracts.permit2,
    commands,
    deadline: options.deadline,
    router,
    permitToken: nativeIn ? null : v4Currency(options.tokenIn),
  };
}

/** The plan with `PERMIT2_PERMIT` (the signed permit) as its first command. */
export function withPermit(plan: UniversalPlan, permit: PermitSingle, signature: Hex): UniversalPlan {
  const commands: UrCommand[] = [{ name: "PERMIT2_PERMIT", input: permitInput(permit, signature) }, ...plan.commands];
  return {
    ...plan,
    commands,
    tx: { ...plan.tx, data: executeData(commands, plan.deadline), label: executeLabel(commands) },
  };
}
