/**
 * Labelled form fields. Each wires its label, hint and error to the control: the error sets
 * aria-invalid and both are listed in aria-describedby; `required` shows a star and sets the
 * native attribute. All pass any other prop to the underlying element (name, defaultValue, …),
 * so they work in plain Remix <Form>s and with conform's `getInputProps`.
 */
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";
import * as s from "./field.css";
import { ChevronDownIcon, DangerIcon, EyeIcon, EyeOffIcon } from "./icons";
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

type AriaProps = { "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling"; "aria-describedby"?: string };

/** Our hint/error ids plus any the caller passed (e.g. conform's `getInputProps`). */
function mergeAria(ours: AriaProps, theirs: AriaProps): AriaProps {
  const ids = new Set([...(ours["aria-describedby"] ?? "").split(" "), ...(theirs["aria-describedby"] ?? "").split(" ")]);
  ids.delete("");
  return {
    "aria-invalid": ours["aria-invalid"] ?? theirs["aria-invalid"],
    "aria-describedby": ids.size ? [...ids].join(" ") : undefined,
  };
}

interface FieldFrameProps extends FieldProps {
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
