/**
 * Labelled form fields. Each wires its label, hint and error to the control: the error sets
 * aria-invalid and both are listed in aria-describedby; `required` shows a star and sets the
 * native attribute. All pass any other prop to the underlying element (name, defaultValue, …),
 * so they work in plain Remix <Form>s and with conform's `getInputProps`.
 */
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";
import * as s from "./field.css";
import { FieldFrame, mergeAria, useFieldIds, type FieldProps } from "./field-frame";
import { EyeIcon, EyeOffIcon } from "./icons";

export { FieldFrame, useFieldIds, type FieldFrameProps, type FieldProps } from "./field-frame";
export { Select, type SelectOption, type SelectProps } from "./select";

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, "className"> {
  /** An icon or text inside the input, on the left. */
  startAdornment?: ReactNode;
  /** A control inside the input, on the right (e.g. a button). */
  endAdornment?: ReactNode;
  inputClassName?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, required, hideLabel, className, inputClassName, id, startAdornment, endAdornment, type = "text", ...input },
  ref,
) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, hint, error);
  return (
    <FieldFrame {...{ label, hint, error, required, hideLabel, className, controlId, hintId, errorId }}>
      <div className={s.controlWrap}>
        {startAdornment ? <span className={s.startAdornment}>{startAdornment}</span> : null}
        <input
          ref={ref}
          id={controlId}
          type={type}
          required={required}
          className={cx(s.control, startAdornment ? s.withStart : null, endAdornment ? s.withEnd : null, inputClassName)}
          {...input}
          {...mergeAria(aria, input)}
        />
        {endAdornment ? <span className={s.endAdornment}>{endAdornment}</span> : null}
      </div>
    </FieldFrame>
  );
});

export type PasswordFieldProps = Omit<TextFieldProps, "type" | "endAdornment">;

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      autoComplete="current-password"
      {...props}
      type={visible ? "text" : "password"}
      endAdornment={
        <button
          type="button"
          className={s.revealButton}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
});

export interface TextAreaProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> {
  /** Shows an 'n/max' counter; also sets maxLength. */
  maxLength?: number;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, required, hideLabel, className, id, maxLength, onChange, ...textarea },
  ref,
) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, hint, error);
  const initial = String(textarea.value ?? textarea.defaultValue ?? "").length;
  const [length, setLength] = useState(initial);
  const shown = textarea.value !== undefined ? String(textarea.value).length : length;
  return (
    <FieldFrame
      {...{ label, hint, error, required, hideLabel, className, controlId, hintId, errorId }}
      aside={
        maxLength ? (
          <span className={s.counter} aria-live="polite">
            {shown}/{maxLength}
          </span>
        ) : null
      }
    >
      <textarea
        ref={ref}
        id={controlId}
        required={required}
        maxLength={maxLength}
        className={cx(s.control, s.textarea)}
        {...textarea}
        {...mergeAria(aria, textarea)}
        onChange={(event) => {
          setLength(event.target.value.length);
          onChange?.(event);
        }}
      />
    </FieldFrame>
  );
});
