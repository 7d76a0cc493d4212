/**
 * Wallet address validation for the portfolio pages, which read the address
 * from `?address=`.
 *
 * @module
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The outcome of checking an address typed by a user. */
export type AddressCheck =
  | { readonly ok: true; readonly address: string }
  | { readonly ok: false; readonly error: string };

/** Whether a string is `0x` followed by exactly 40 hex digits. */
export function isAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/**
 * Checks a typed address (surrounding spaces ignored) and returns it in lower
 * case, or a message that says what is wrong with it.
 */
export function checkAddress(input: string | null | undefined): AddressCheck {
  const value = (input ?? "").trim();
  if (value === "") return { ok: false, error: "Enter a wallet address." };
  if (!value.startsWith("0x")) {
    return {
      ok: false,
      error: `Cannot parse address "${value}": expected it to start with 0x`,
    };
  }
  const digits = value.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) {
    return {
      ok: false,
      error: `Cannot parse address "${value}": expected only hex digits after 0x`,
    };
  }
  if (digits.length !== 40) {
    return {
      ok: false,
      error: `Cannot parse address "${value}": expected 40 hex digits, got ${digits.length}`,
    };
  }
  return { ok: true, address: value.toLowerCase() };
}
