/** The pieces every form of the sign-in card shares: hidden fields, the alert, the email and code fields. */
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CODE_LENGTH } from "~/auth/sign-in-rules";
import type { SignInFeedback, SignInPageData } from "~/auth/sign-in-view";
import { Alert } from "~/components/ui/alert";
import { TextField } from "~/components/ui/field";
import * as s from "./sign-in.css";

/** What each state's form gets: the page data, the `<Form>` props, and which button is busy. */
export interface StateFormProps {
  data: SignInPageData;
  form: { method: "post"; action: string; noValidate: true; replace: true };
  busy: (intent: string) => boolean;
}

/** Which button of the form is being submitted (for its spinner). */
export function useBusy(action: string) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === action;
  return (intent: string) => submitting && navigation.formData?.get("intent") === intent;
}

export function Destination({ children }: { children: ReactNode }) {
  return <span className={s.destination}>{children}</span>;
}

export function Hidden({ data, extra = {} }: { data: SignInPageData; extra?: Record<string, string | undefined> }) {
  return (
    <>
      <input type="hidden" name="redirect" value={data.redirectTo ?? ""} />
      {Object.entries(extra).map(([name, value]) => (value !== undefined ? <input key={name} type="hidden" name={name} value={value} /> : null))}
    </>
  );
}

export function FormError({ feedback }: { feedback?: SignInFeedback }) {
  return (
    <>
      {feedback?.formError ? <Alert tone="danger">{feedback.formError}</Alert> : null}
      {feedback?.notice ? <Alert tone="success">{feedback.notice}</Alert> : null}
    </>
  );
}

export function EmailField({ data, autoFocus = true, label = "Email" }: { data: SignInPageData; autoFocus?: boolean; label?: string }) {
  const { feedback, view } = data;
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus={autoFocus}
      defaultValue={feedback?.values?.email ?? view.email ?? ""}
      error={feedback?.fieldErrors?.email}
      maxLength={254}
    />
  );
}

export function CodeField({ feedback }: { feedback?: SignInFeedback }) {
  return (
    <TextField
      label="Verification code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={CODE_LENGTH + 3}
      autoFocus
      defaultValue={feedback?.values?.code ?? ""}
      error={feedback?.fieldErrors?.code}
      inputClassName={s.codeInput}
    />
  );
}
