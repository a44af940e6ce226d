import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import * as s from "./choice.css";
import { cx } from "./cx";

export interface RadioProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> {
  label: ReactNode;
  description?: ReactNode;
  className?: string;
}

/** A native radio button drawn in the firm's colour; the whole row is the label. Group them in a `role="radiogroup"`. */
export const Radio = forwardRef<HTMLInputElement, RadioProps>(function Radio({ label, description, className, id, disabled, ...input }, ref) {
  const generated = useId();
  const controlId = id ?? `rb${generated.replace(/:/g, "")}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  return (
    <label className={cx(s.row, className)} htmlFor={controlId} data-disabled={disabled || undefined}>
      <span className={s.boxWrap}>
        <input ref={ref} id={controlId} type="radio" className={s.radio} disabled={disabled} aria-describedby={descriptionId} {...input} />
      </span>
      <span className={s.text}>
        <span className={s.labelText}>{label}</span>
        {description ? (
          <span id={descriptionId} className={s.description}>
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
});
