/**
 * Buttons of the trade screens: `Button` (primary, secondary or danger, with
 * a pending state that keeps its width and says what it waits for) and
 * `IconButton` (round, a glyph with an accessible name).
 *
 * @module
 */
import type { ButtonHTMLAttributes, ReactNode } from "react";

/** How loud a button is: the one action of a screen, a side action, or a destructive one. */
export type ButtonVariant = "primary" | "secondary" | "danger";

/** Props of {@linkcode Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Default `primary`. */
  readonly variant?: ButtonVariant;
  /** While true the button is disabled, busy for assistive technology, and shows `pendingLabel`. */
  readonly pending?: boolean;
  /** What the button says while pending (default "Working…"). */
  readonly pendingLabel?: ReactNode;
  /** Full width of its container. */
  readonly wide?: boolean;
  /** Smaller padding and text. */
  readonly small?: boolean;
}

/** The class list of a button of the given look. */
export function buttonClass(
  variant: ButtonVariant = "primary",
  options: { readonly wide?: boolean; readonly small?: boolean; readonly extra?: string } = {},
): string {
  return [
    "control-button",
    `control-${variant}`,
    options.wide ? "control-wide" : "",
    options.small ? "control-small" : "",
    options.extra ?? "",
  ]
    .filter(Boolean).join(" ");
}

/** A button; `type="button"` unless told otherwise. */
export function Button(props: ButtonProps) {
  const { variant, pending, pendingLabel, wide, small, className, children, disabled, type, ...rest } = props;
  return (
    <button
      type={type ?? "button"}
      className={buttonClass(variant, { wide, small, extra: className })}
      disabled={disabled || pending}
      aria-busy={pending ? true : undefined}
      data-pending={pending ? "" : undefined}
      {...rest}
    >
      {pending ? <span className="control-spinner" aria-hidden="true" /> : null}
      {pending ? pendingLabel ?? "Working…" : children}
    </button>
  );
}

/** Props of {@linkcode IconButton}: a glyph needs a name people and screen readers understand. */
export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name (also the tooltip). */
  readonly label: string;
  /** 40 px by default; `small` is 32 px. */
  readonly small?: boolean;
}

/** A round icon button: the glyph is hidden from assistive technology, `label` names it. */
export function IconButton(props: IconButtonProps) {
  const { label, small, className, children, type, ...rest } = props;
  return (
    <button
      type={type ?? "button"}
      className={["control-icon", small ? "control-icon-small" : "", className ?? ""].filter(Boolean).join(" ")}
      aria-label={label}
      title={label}
      {...rest}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
