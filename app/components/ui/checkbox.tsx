import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import * as s from "./choice.css";
import { cx } from "./cx";
import { CheckIcon } from "./icons";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
}

/** A native checkbox with a custom box; the whole row is the label. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, description, error, className, id, disabled, ...input },
  ref
) {
  const generated = useId();
  const controlId = id ?? `cb${generated.replace(/:/g, "")}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <label className={cx(s.row, className)} htmlFor={controlId} data-disabled={disabled || undefined}>
      <span className={s.boxWrap}>
        <input
          ref={ref}
          id={controlId}
          type="checkbox"
          className={s.box}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[descriptionId, errorId].filter(Boolean).join(" ") || undefined}
          {...input}
        />
        <CheckIcon size={14} strokeWidth={3} className={s.check} />
      </span>
      <span className={s.text}>
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
