/** The wallet-address form of the portfolio pages (`?address=`). */
import { Form } from "react-router";
import { useId, useRef, useState } from "react";
import { checkAddress } from "../../lib/address.ts";

/**
 * A GET form that sets `?address=` on the current page. It validates the
 * address (`0x` + 40 hex digits) before submitting and shows why it is
 * wrong; the server repeats the check, so `error` shows its verdict too.
 */
export function AddressForm(
  { defaultValue = "", error: serverError = null, action }: {
    defaultValue?: string;
    error?: string | null;
    /** Where to submit; the current route by default. */
    action?: string;
  },
) {
  const id = useId();
  const [error, setError] = useState<string | null>(serverError);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Form
      method="get"
      action={action}
      className="address-form"
      noValidate
      onSubmit={(event) => {
        const result = checkAddress(input.current?.value);
        if (!result.ok) {
          event.preventDefault();
          setError(result.error);
        } else {
          setError(null);
        }
      }}
    >
      <label htmlFor={`${id}-address`}>Wallet address</label>
      <div className="address-row">
        <input
          id={`${id}-address`}
          ref={input}
          name="address"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button">View portfolio</button>
      </div>
      {error
        ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )
        : null}
    </Form>
  );
}
