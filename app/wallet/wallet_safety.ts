/**
 * The safety rules of every transaction the app asks a wallet to send, in one
 * place: {@link guardedSend} is the only way the screens send, and it refuses
 * unless
 *
 * - the exact same call (sender, contract, data, value) was simulated
 *   successfully (`eth_call` and a gas estimate) on the same chain id as the
 *   wallet's and the screen's;
 * - a swap's minimum received is above 0 (it comes from the quote and the
 *   slippage, see `trade_math.ts`);
 * - every token flagged spam or malicious by the gateway was confirmed by the
 *   user.
 *
 * The only message signature the app asks for is a swap's Permit2 permit
 * (EIP-712 typed data, `app/swap/swap_steps.ts`), and it never handles keys:
 * the wallet signs and broadcasts, and nothing of it is logged or sent to the
 * service.
 *
 * @module
 */
import { decodeErrorResult, type Hex, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TxRequest } from "../lib/tx_request.ts";

/** A successful or failed simulation of one call. */
export type Simulation =
  | {
    readonly ok: true;
    readonly chainId: number;
    readonly from: Address;
    readonly to: Address;
    readonly data: Hex;
    readonly value: bigint;
    readonly gas: bigint;
  }
  | { readonly ok: false; readonly chainId: number; readonly reason: string };

/** What the simulation needs from the chain. */
export interface SimulationClient {
  readonly chainId: number;
  call(tx: { from: Address; to: Address; data: Hex; value: bigint }): Promise<unknown>;
  estimateGas(tx: { from: Address; to: Address; data: Hex; value: bigint }): Promise<bigint>;
}

const ERROR_ABI = parseAbi([
  "error Error(string reason)",
  "error Panic(uint256 code)",
  // The Universal Router's and Permit2's own errors (a command's failure wraps the inner error).
  "error ExecutionFailed(uint256 commandIndex, bytes message)",
  "error V2TooLittleReceived()",
  "error V3TooLittleReceived()",
  "error V4TooLittleReceived(uint256 minAmountOutReceived, uint256 amountReceived)",
  "error V2TooMuchRequested()",
  "error V3TooMuchRequested()",
  "error V4TooMuchRequested(uint256 maxAmountInRequested, uint256 amountRequested)",
  "error TransactionDeadlinePassed()",
  "error InsufficientETH()",
  "error InvalidSigner()",
  "error SignatureExpired(uint256 signatureDeadline)",
  "error AllowanceExpired(uint256 deadline)",
  "error InsufficientAllowance(uint256 amount)",
  "error InvalidNonce()",
]);

/** The words of the router's and Permit2's errors. */
const ERROR_TEXT: Record<string, string> = {
  V2TooLittleReceived: "Too little received",
  V3TooLittleReceived: "Too little received",
  V4TooLittleReceived: "Too little received",
  V2TooMuchRequested: "Too much requested",
  V3TooMuchRequested: "Too much requested",
  V4TooMuchRequested: "Too much requested",
  TransactionDeadlinePassed: "Transaction deadline passed",
  InsufficientETH: "Not enough ether sent",
  InvalidSigner: "The permit's signature is not the account's",
  SignatureExpired: "The permit's signature expired",
  AllowanceExpired: "The Permit2 allowance expired",
  InsufficientAllowance: "The Permit2 allowance is too small",
  InvalidNonce: "The permit was already used",
};

/** A decoded error's words, unwrapping the router's `ExecutionFailed`. */
function errorText(data: Hex, depth = 0): string {
  try {
    const decoded = decodeErrorResult({ abi: ERROR_ABI, data });
    if (decoded.errorName === "Error") return String(decoded.args[0]);
    if (decoded.errorName === "Panic") return `Panic ${String(decoded.args[0])}`;
    if (decoded.errorName === "ExecutionFailed" && depth < 3) {
      const inner = decoded.args[1] as Hex;
      return inner.length >= 10 ? errorText(inner, depth + 1) : "A router command failed";
    }
    return ERROR_TEXT[decoded.errorName] ?? decoded.errorName;
  } catch {
    return `Reverted with custom error ${data.slice(0, 10)}`;
  }
}

function findData(error: unknown, depth = 0): Hex | null {
  if (!error || typeof error !== "object" || depth > 6) return null;
  const e = error as { data?: unknown; cause?: unknown };
  if (typeof e.data === "string" && /^0x[0-9a-f]*$/i.test(e.data) && e.data.length >= 10) return e.data as Hex;
  if (e.data && typeof e.data === "object") {
    const inner = findData(e.data, depth + 1);
    if (inner) return inner;
  }
  return findData(e.cause, depth + 1);
}

/** The revert reason of a failed call, as a person reads it. */
export function revertReason(error: unknown): string {
  const data = findData(error);
  if (data) return errorText(data);
  const e = error as { shortMessage?: unknown; details?: unknown; message?: unknown } | null;
  const text = [e?.details, e?.shortMessage, e?.message].find((t) => typeof t === "string" && t.length > 0);
  const line = typeof text === "string" ? text.split("\n")[0] : "The transaction would fail";
  const reason = /reverted with reason string '([^']*)'/.exec(line)?.[1];
  return (reason ?? line).slice(0, 300);
}

/** Simulates a call as `from` would send it: `eth_call`, then a gas estimate. */
export async function simulate(client: SimulationClient, tx: TxRequest, from: Address): Promise<Simulation> {
  const call = { from, to: tx.to, data: tx.data, value: tx.value };
  try {
    await client.call(call);
    const gas = await client.estimateGas(call);
    return { ok: true, chainId: client.chainId, from, to: tx.to, data: tx.data, value: tx.value, gas };
  } catch (error) {
    return { ok: false, chainId: client.chainId, reason: revertReason(error) };
  }
}

/** A token that the gateway flags, and whether the user confirmed trading it anyway. */
export interface FlaggedToken {
  readonly symbol: string;
  readonly confirmed: boolean;
}

/** Everything {@link sendProblems} checks. */
export interface SendCheck {
  readonly tx: TxRequest;
  readonly from: Address;
  readonly walletChainId: number;
  readonly screenChainId: number;
  readonly simulation: Simulation | null;
  /** A swap's minimum received (exact input) or exact output; omitted for other actions. */
  readonly minimumOut?: bigint;
  readonly flagged?: readonly FlaggedToken[];
}

/** Why a transaction may not be sent; empty when it may. */
export function sendProblems(check: SendCheck): string[] {
  const problems: string[] = [];
  const { tx, simulation } = check;
  if (check.walletChainId !== check.screenChainId) {
    problems.push(`The wallet is on chain ${check.walletChainId}, this screen on chain ${check.screenChainId}`);
  }
  if (!simulation) problems.push("The transaction was not simulated");
  else if (!simulation.ok) problems.push(`The simulation failed: ${simulation.reason}`);
  else {
    if (simulation.chainId !== check.walletChainId) {
      problems.push(`The simulation ran on chain ${simulation.chainId}, the wallet is on chain ${check.walletChainId}`);
    }
    if (
      simulation.from.toLowerCase() !== check.from.toLowerCase() ||
      simulation.to.toLowerCase() !== tx.to.toLowerCase() || simulation.data !== tx.data ||
      simulation.value !== tx.value
    ) problems.push("The simulation was of another transaction");
  }
  if (check.minimumOut !== undefined && check.minimumOut <= 0n) problems.push("The minimum received is 0");
  for (const token of check.flagged ?? []) {
    if (!token.confirmed) problems.push(`${token.symbol} is flagged as spam or malicious: confirm to trade it`);
  }
  return problems;
}

/** Raised by {@link guardedSend} when a safety rule refuses the transaction. */
export class UnsafeTransactionError extends Error {
  /** Every rule that refused. */
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join("; "));
    this.name = "UnsafeTransactionError";
    this.problems = problems;
  }
}

/**
 * Sends through the wallet only when {@link sendProblems} finds nothing;
 * otherwise throws {@link UnsafeTransactionError} and the wallet is never asked.
 */
export async function guardedSend(
  check: SendCheck,
  send: (tx: { to: Address; data: Hex; value: bigint; gas: bigint }) => Promise<Hex>,
): Promise<Hex> {
  const problems = sendProblems(check);
  if (problems.length > 0 || !check.simulation?.ok) throw new UnsafeTransactionError(problems);
  // A margin over the estimate: state may move between simulation and inclusion.
  const gas = check.simulation.gas * 12n / 10n;
  return await send({ to: check.tx.to, data: check.tx.data, value: check.tx.value, gas });
}
