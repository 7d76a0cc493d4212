/**
 * Form fields of the trade screens, each with its visible label, an optional
 * hint and an inline error tied to it (`aria-describedby`, `aria-invalid`):
 * `TextInput`, `Select` and `Toggle` (a switch).
 *
 * @module
 */
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

interface FieldFrame {
  /** The visible label. */
  readonly label: ReactNode;
  /** A line under the field. */
  readonly hint?: ReactNode;
  /** The error under the field; marks it invalid. */
  readonly error?: string | null;
  /** Label beside the field instead of above it. */
  readonly inline?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function Frame(
  { id, frame, children }: { id: string; frame: FieldFrame; children: ReactNode },
) {
  return (
    <div className={frame.inline ? "control-field control-field-inline" : "control-field"}>
      <label htmlFor={id} className="control-label">{frame.label}</label>
      {children}
      {frame.hint ? <p id={`${id}-hint`} className="control-hint">{frame.hint}</p> : null}
      {frame.error ? <p id={`${id}-error`} className="control-error" role="alert">{frame.error}</p> : null}
    </div>
  );
}

/** Props of {@linkcode TextInput}. */
export type TextInputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  readonly type?: "text" | "search" | "url" | "email";
};

/** A labelled text input. */
export function TextInput(props: TextInputProps) {
  const { label, hint, error, inline, id: given, className, ...rest } = props;
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame id={id} frame={{ label, hint, error, inline }}>
      <input
        id={id}
        className={["control-input", className ?? ""].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </Frame>
  );
}

/** Props of {@linkcode Select}. */
export type SelectProps = FieldFrame & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled native select, styled like the inputs. */
export function Select(props: SelectProps) {
  const { label, hint, error, inline, id: given, className, children, ...rest } = props;
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame id={id} frame={{ label, hint, error, inline }}>
      <select
        id={id}
        className={["control-select", className ?? ""].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      >
        {children}
      </select>
    </Frame>
  );
}

/** Props of {@linkcode Toggle}. */
export interface ToggleProps {
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly hint?: ReactNode;
  readonly id?: string;
  readonly testId?: string;
}

/** An on/off switch: a checkbox with the `switch` role, its label beside it. */
export function Toggle(props: ToggleProps) {
  const auto = useId();
  const id = props.id ?? auto;
  return (
    <div className="control-toggle-row">
      <label className="control-toggle" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          data-testid={props.testId}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />
        <span className="control-toggle-track" aria-hidden="true" />
        <span>{props.label}</span>
      </label>
      {props.hint ? <p id={`${id}-hint`} className="control-hint">{props.hint}</p> : null}
    </div>
  );
}
