import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { PasswordField, TextField } from "~/components/ui/field";
import { Alert } from "~/components/ui/alert";
import { passwordSignInSchema } from "./sign-in-schema";

/**
 * The `login` state of /signin ("Sign In"): email and password. Shown at /signin and at /
 * for a visitor who is not signed in (keeping ?redirect=).
 */
export function SignInForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]> | null; redirectTo?: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/signin";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: navigation.state === "idle" ? lastResult : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSignInSchema }),
  });
  return (
    <Form method="post" action="/signin" {...getFormProps(form)}>
      {form.errors?.length ? (
        <Alert tone="danger" id={form.errorId}>
          {form.errors[0]}
        </Alert>
      ) : null}
      <input type="hidden" name="redirect" value={redirectTo ?? ""} />
      <TextField
        {...getInputProps(fields.email, { type: "email" })}
        label="Email"
        autoComplete="username"
        autoFocus
        error={fields.email.errors?.[0]}
        key={fields.email.key}
      />
      <PasswordField
        {...getInputProps(fields.password, { type: "password" })}
        label="Password"
        autoComplete="current-password"
        error={fields.password.errors?.[0]}
        key={fields.password.key}
      />
      <Button type="submit" variant="primary" size="lg" loading={submitting} style={{ width: "100%" }}>
        Sign In
      </Button>
    </Form>
  );
}
