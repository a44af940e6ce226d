/**
 * The pieces every form of the sign-in card shares: the conform form of a state (useSignInForm),
 * hidden fields, the alert, the email and code fields.
 */
import { getFormProps, useForm, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import * as z from "zod";
import { CODE_LENGTH } from "~/auth/sign-in-rules";
import type { SignInPageData } from "~/auth/sign-in-view";
import { Alert } from "~/components/ui/alert";
import { TextField } from "~/components/ui/field";
import * as s from "./sign-in.css";

/** What each state's form gets: the page data, the `<Form>` props, and which button is busy. */
export interface StateFormProps {
  data: SignInPageData;
  form: { method: "post"; action: string; noValidate: true; replace: true };
  busy: (intent: string) => boolean;
}

export type SignInFormMetadata = FormMetadata<Record<string, unknown>, string[]>;
export type SignInFieldMetadata = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Buttons whose post the server alone checks (nothing to validate before sending). */
const ANYTHING = z.object({});

/**
 * A state's form with conform: `schemas` maps each button's intent (`send-code:sms`, or just
 * `send-code`) to the zod schema of ./sign-in-schema.ts the server checks it with, so the browser
 * shows the same messages before posting; the first one also checks fields as they are retyped.
 * The server's answer (`data.reply`) puts its errors on the fields and keeps what was typed;
 * either way focus goes to the first invalid field.
 */
export function useSignInForm(data: SignInPageData, schemas: Record<string, z.ZodType<Record<string, unknown>>> = {}) {
  const { view } = data;
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `sign-in-${view.state}${view.step ? `-${view.step}` : ""}`,
    lastResult: data.reply,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const intent = formData.get("intent");
      const schema = typeof intent === "string" ? (schemas[intent] ?? schemas[intent.split(":")[0]] ?? ANYTHING) : (Object.values(schemas)[0] ?? ANYTHING);
      return parseWithZod(formData, { schema });
    },
  });
  return { form, fields, formProps: getFormProps(form) };
}

/** What the server sent back for a field (what was typed), if anything. */
export function typedValue(field: SignInFieldMetadata): string | undefined {
  return typeof field.initialValue === "string" ? field.initialValue : undefined;
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

/** The form's own message (not about one field), and the page's success note. */
export function FormError({ form, notice }: { form: SignInFormMetadata; notice?: string }) {
  return (
    <>
      {form.errors?.[0] ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
    </>
  );
}

export function EmailField({
  data,
  field,
  autoFocus = true,
  label = "Email",
}: {
  data: SignInPageData;
  field: SignInFieldMetadata;
  autoFocus?: boolean;
  label?: string;
}) {
  return (
    <TextField
      key={field.key}
      id={field.id}
      label={label}
      name={field.name}
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus={autoFocus}
      defaultValue={typedValue(field) ?? data.view.email ?? ""}
      error={field.errors?.[0]}
      maxLength={254}
    />
  );
}

export function CodeField({ field }: { field: SignInFieldMetadata }) {
  return (
    <TextField
      key={field.key}
      id={field.id}
      label="Verification code"
      name={field.name}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={CODE_LENGTH + 3}
      autoFocus
      defaultValue={typedValue(field) ?? ""}
      error={field.errors?.[0]}
      inputClassName={s.codeInput}
    />
  );
}
