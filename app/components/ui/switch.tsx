import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import * as s from "./choice.css";
import { cx } from "./cx";

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "role"> {
  label: ReactNode;
  description?: ReactNode;
  className?: string;
}

/**
 * An on/off switch: a checkbox with role="switch", so it submits with forms like a checkbox
 * (`name=on` when on) and screen readers announce "on"/"off".
 */
export const Switch = forwardRef<HTMLInputElement, SwitchProps>(function Switch({ label, description, className, id, disabled, ...input }, ref) {
  const generated = useId();
  const controlId = id ?? `sw${generated.replace(/:/g, "")}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  return (
    <label className={cx(s.row, className)} htmlFor={controlId} data-disabled={disabled || undefined}>
      <span className={s.boxWrap}>
        <input
          ref={ref}
          id={controlId}
          type="checkbox"
          role="switch"
          className={s.switchInput}
          disabled={disabled}
          aria-describedby={descriptionId}
          {...input}
        />
        <span className={s.track} aria-hidden="true">
          <span className={s.thumb} />
        </span>
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
