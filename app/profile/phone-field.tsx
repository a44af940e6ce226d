import { useEffect, useLayoutEffect, useRef, useState, type FocusEventHandler } from "react";
import { TextField, type TextFieldProps } from "~/components/ui/field";
import { formatPhone, PHONE_MASK, phoneDigits } from "./phone";

// useLayoutEffect warns when rendered on the server.
const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export interface PhoneFieldProps extends Omit<TextFieldProps, "value" | "defaultValue" | "onChange" | "type" | "name"> {
  /** The field's name; it is posted as digits only. */
  name: string;
  /** Digits (or any text: non-digits are dropped). */
  defaultValue?: string | null;
  /** Called with the digits after every change. */
  onDigitsChange?: (digits: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/** Where the caret goes: just after the `count`-th digit of the formatted value. */
function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return formatted.startsWith("(") ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i])) seen++;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}

/**
 * A phone input with the spec's mask `(___) ___-____` (never more than its 14 characters). What
 * is typed or pasted ("+1 503 555 0142" too) is reduced to ten digits and shown through the mask, keeping the caret where it was among the digits. Once the
 * page is interactive the digits travel in a hidden input (so the form posts "5035550142"), which
 * fires an input event on each change (forms revalidate as the user types);
 * before that the visible input posts its text, which the server strips the same way.
 */
export function PhoneField({ name, defaultValue, onDigitsChange, onBlur, ...props }: PhoneFieldProps) {
  const [digits, setDigits] = useState(() => phoneDigits(defaultValue).slice(0, 10));
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  // Bumped on every keystroke: the caret is placed again even when the digits did not change
  // (deleting a mask character), after React has put the controlled value back.
  const [edit, setEdit] = useState(0);
  const posted = useRef<HTMLInputElement>(null);
  const committed = useRef(digits);
  useEffect(() => setHydrated(true), []);

  // The posted digits live in a hidden input that React updates without an input event, so a
  // form library listening for input (conform revalidates a field on input) would never see the
  // phone change: a corrected number kept its old error until blur, and that blur, fired by the
  // press on the submit button, removed the error line, moved the button from under the pointer
  // and lost the click. Announce each committed change the way typing in a named input does.
  useIsomorphicLayoutEffect(() => {
    if (committed.current === digits) return;
    committed.current = digits;
    posted.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [digits]);

  useIsomorphicLayoutEffect(() => {
    const el = input.current;
    if (!el || caretDigits.current === null || document.activeElement !== el) return;
    const position = caretAfterDigits(el.value, caretDigits.current);
    el.setSelectionRange(position, position);
    caretDigits.current = null;
  }, [digits, edit]);

  return (
    <>
      <TextField
        {...props}
        ref={input}
        type="tel"
        inputMode="tel"
        autoComplete={props.autoComplete ?? "tel-national"}
        placeholder={PHONE_MASK}
        name={hydrated ? undefined : name}
        value={formatPhone(digits)}
        onBlur={onBlur}
        onChange={(event) => {
          const el = event.currentTarget;
          const typed = el.value;
          const next = phoneDigits(typed).slice(0, 10);
          const caret = el.selectionStart ?? typed.length;
          caretDigits.current = Math.min(next.length, typed.slice(0, caret).replace(/\D/g, "").length);
          setDigits(next);
          setEdit((n) => n + 1);
          onDigitsChange?.(next);
        }}
      />
      {hydrated ? <input ref={posted} type="hidden" name={name} value={digits} /> : null}
    </>
  );
}
