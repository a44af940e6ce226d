/** A native select styled like the text fields (app/components/ui/field.tsx re-exports it). */
import { forwardRef, type SelectHTMLAttributes } from "react";
import { cx } from "./cx";
import * as s from "./field.css";
import { FieldFrame, mergeAria, useFieldIds, type FieldProps } from "./field-frame";
import { ChevronDownIcon } from "./icons";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> {
  options?: SelectOption[];
  /** A first, empty choice such as 'Choose a state'. */
  placeholder?: string;
}

/** A native select (best on phones and for screen readers), styled like the text fields. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, required, hideLabel, className, id, options, placeholder, children, ...select },
  ref,
) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, hint, error, required, hideLabel, className, controlId, hintId, errorId }}>
      <div className={s.controlWrap}>
        <select ref={ref} id={controlId} required={required} className={cx(s.control, s.select)} {...select} {...mergeAria(aria, select)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDownIcon size={16} className={s.selectChevron} />
      </div>
    </FieldFrame>
  );
});
