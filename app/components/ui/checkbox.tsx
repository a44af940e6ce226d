import { forwardRef, useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import * as s from "./choice.css";
import { cx } from "./cx";
import { CheckIcon } from "./icons";
import { visuallyHidden } from "./shared.css";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> {
  label: ReactNode;
  /** The label is for screen readers only (e.g. "Select W-2.pdf" beside the file's name). */
  hideLabel?: boolean;
  /** The mixed state of a "select all" box: some, not all, are selected. */
  indeterminate?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
}

/** A native checkbox with a custom box; the whole row is the label. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hideLabel, indeterminate, description, error, className, id, disabled, ...input },
  ref,
) {
  const inner = useRef<HTMLInputElement | null>(null);
  // `indeterminate` is a DOM property only (no attribute).
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  const generated = useId();
  const controlId = id ?? `cb${generated.replace(/:/g, "")}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <label className={cx(s.row, className)} htmlFor={controlId} data-disabled={disabled || undefined}>
      <span className={s.boxWrap}>
        <input
          ref={(el) => {
            inner.current = el;
            if (typeof ref === "function") ref(el);
            else if (ref) ref.current = el;
          }}
          id={controlId}
          type="checkbox"
          className={s.box}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[descriptionId, errorId].filter(Boolean).join(" ") || undefined}
          {...input}
        />
        <CheckIcon size={14} strokeWidth={3} className={s.check} />
        {indeterminate !== undefined ? <span className={s.dash} aria-hidden="true" /> : null}
      </span>
      <span className={hideLabel ? visuallyHidden : s.text}>
        <span className={s.labelText}>{label}</span>
        {description ? (
          <span id={descriptionId} className={s.description}>
            {description}
          </span>
        ) : null}
        {error ? (
          <span id={errorId} className={s.error}>
            {error}
          </span>
        ) : null}
      </span>
    </label>
  );
});
