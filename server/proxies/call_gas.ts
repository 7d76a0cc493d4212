/**
 * The gas cap of one call object, shared by `eth_call`-like methods
 * (`rpc_proxy.ts`) and each call of an `eth_simulateV1` block
 * (`simulation_bounds.ts`): a missing, unreadable or larger `gas` becomes the
 * cap; a smaller one, hex or number, is kept.
 *
 * @module
 */

/** A JSON-RPC quantity (`0x…` hex or a safe non-negative integer), or `null`. */
export function quantity(value: unknown): bigint | null {
  if (typeof value === "string" && /^0x[0-9a-f]{1,64}$/i.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

/** `call` with its `gas` at most `cap`; anything but a call object is returned as is. */
export function capGas(call: unknown, cap: bigint): unknown {
  if (!call || typeof call !== "object" || Array.isArray(call)) return call;
  const gas = quantity((call as { gas?: unknown }).gas);
  return gas !== null && gas <= cap ? call : { ...call, gas: `0x${cap.toString(16)}` };
}
