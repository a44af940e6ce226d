/**
 * The label/hint/error frame of the labelled form fields (app/components/ui/field.tsx,
 * app/components/ui/select.tsx), on its own so a page with a select only does not load the others.
 */
import { useId, type ReactNode } from "react";
import { cx } from "./cx";
import * as s from "./field.css";
import { DangerIcon } from "./icons";
import { visuallyHidden } from "./shared.css";
import { useVocabulary } from "~/vocabulary";

export interface FieldProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error message; marks the control invalid. */
  error?: ReactNode;
  required?: boolean;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
}

/** Ids for a control and its hint and error, and the aria props that tie them together. */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const generated = useId();
  const controlId = id ?? `field${generated.replace(/:/g, "")}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return {
    controlId,
    hintId,
    errorId,
    aria: { "aria-invalid": error ? (true as const) : undefined, "aria-describedby": describedBy },
  };
}

export type AriaProps = { "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling"; "aria-describedby"?: string };

/** Our hint/error ids plus any the caller passed (e.g. conform's `getInputProps`). */
export function mergeAria(ours: AriaProps, theirs: AriaProps): AriaProps {
  const ids = new Set([...(ours["aria-describedby"] ?? "").split(" "), ...(theirs["aria-describedby"] ?? "").split(" ")]);
  ids.delete("");
  return {
    "aria-invalid": ours["aria-invalid"] ?? theirs["aria-invalid"],
    "aria-describedby": ids.size ? [...ids].join(" ") : undefined,
  };
}

export interface FieldFrameProps extends FieldProps {
  controlId: string;
  hintId: string;
  errorId: string;
  /** Right-aligned next to the label (e.g. a character counter). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The label/hint/error frame around any control; use it for custom controls too. */
export function FieldFrame({ label, hint, error, required, hideLabel, className, controlId, hintId, errorId, aside, children }: FieldFrameProps) {
  // Validation messages are the product's own texts: in the firm's words.
  const t = useVocabulary();
  return (
    <div className={cx(s.field, className)}>
      <div className={cx(s.labelRow, hideLabel && visuallyHidden)}>
        <label htmlFor={controlId} className={s.label}>
          {label}
          {required ? (
            <span className={s.required} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={s.error}>
          <DangerIcon size={15} className={s.errorIcon} />
          <span>{typeof error === "string" ? t(error) : error}</span>
        </p>
      ) : null}
    </div>
  );
}
