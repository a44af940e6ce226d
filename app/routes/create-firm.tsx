import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PasswordField, TextField } from "~/components/ui/field";
import { PublicShell } from "~/components/shell";
import { requireRootSite } from "~/context.server";
import { env, siteUrl } from "~/env.server";
import { createFirm, throttleSignUp } from "~/platform/create-firm.server";
import { createFirmSchema } from "~/platform/create-firm-schema";
import { SIGN_UP_THROTTLED } from "~/platform/sign-up-limit";
import { subdomainProblem } from "~/tenancy/subdomain";
import type { loader as checkLoader } from "./create-firm.check";
import * as s from "~/platform/create-firm.css";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Sign up your firm · Client Portal") }];

export async function loader({ context }: LoaderFunctionArgs) {
  requireRootSite(context);
  return { domain: env().APP_DOMAIN };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const site = requireRootSite(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: createFirmSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  if (!(await throttleSignUp(site.clientAddress)).allowed) {
    return data(
      {
        result: submission.reply({
          formErrors: [SIGN_UP_THROTTLED],
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status: 429 },
    );
  }
  const outcome = await createFirm(submission.value);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: ["password", "confirmPassword"] }) },
      { status: 409 },
    );
  }
  // Cookies don't cross subdomains: the new firm's site exchanges this one-time token for a session.
  throw redirect(`${siteUrl(outcome.slug)}/auth/handoff?${new URLSearchParams({ token: outcome.handoffToken })}`);
}

function useSubdomainCheck(value: string) {
  const fetcher = useFetcher<typeof checkLoader>();
  const [checked, setChecked] = useState("");
  useEffect(() => {
    if (!value || subdomainProblem(value)) return;
    const timer = setTimeout(() => {
      setChecked(value);
      fetcher.load(`/create-firm/check?${new URLSearchParams({ subdomain: value })}`);
    }, 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  if (!value) return null;
  const shape = subdomainProblem(value);
  if (shape) return { available: false, message: shape };
  if (checked !== value || fetcher.state !== "idle" || !fetcher.data) return { available: null, message: "Checking…" };
  return fetcher.data;
}

export default function CreateFirm() {
  const { domain } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [subdomain, setSubdomain] = useState("");
  const check = useSubdomainCheck(subdomain);
  const [form, fields] = useForm({
    id: "create-firm",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createFirmSchema }),
  });
  const subdomainError = fields.subdomain.errors?.[0] ?? (check && check.available === false ? check.message : undefined);
  return (
    <PublicShell>
      <div className={s.layout}>
        <div className={s.intro}>
          <h1 className={s.title}>Sign up your firm</h1>
          <p className={s.lead}>Your portal gets its own address, where your clients and staff sign in. You'll be signed in as the firm's partner.</p>
        </div>
        <Form method="post" {...getFormProps(form)} className={s.card}>
          {form.errors?.length ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
          <TextField
            {...getInputProps(fields.firmName, { type: "text" })}
            key={fields.firmName.key}
            label="Firm name"
            autoComplete="organization"
            error={fields.firmName.errors?.[0]}
            required
          />
          <TextField
            {...getInputProps(fields.subdomain, { type: "text" })}
            key={fields.subdomain.key}
            label="Subdomain"
            hint={
              check?.available === true
                ? `✓ ${subdomain}.${domain} is available`
                : `Lowercase letters, digits and hyphens; 3 to 40 characters.${subdomain ? ` Your address: ${subdomain}.${domain}` : ""}`
            }
            error={subdomainError}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            onChange={(e) => setSubdomain(e.currentTarget.value.trim())}
            required
          />
          <div className={s.row}>
            <TextField
              {...getInputProps(fields.firstName, { type: "text" })}
              key={fields.firstName.key}
              label="First name"
              autoComplete="given-name"
              error={fields.firstName.errors?.[0]}
              required
            />
            <TextField
              {...getInputProps(fields.lastName, { type: "text" })}
              key={fields.lastName.key}
              label="Last name"
              autoComplete="family-name"
              error={fields.lastName.errors?.[0]}
              required
            />
          </div>
          <TextField
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            label="Email"
            autoComplete="email"
            error={fields.email.errors?.[0]}
            required
          />
          <PasswordField
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            label="Password"
            autoComplete="new-password"
            hint="At least 10 characters, with an uppercase and a lowercase letter, a number and one of #?!@$%^&*-"
            error={fields.password.errors?.[0]}
            required
          />
          <PasswordField
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            key={fields.confirmPassword.key}
            label="Confirm password"
            autoComplete="new-password"
            error={fields.confirmPassword.errors?.[0]}
            required
          />
          <Button type="submit" variant="primary" size="lg" loading={navigation.state !== "idle" && navigation.formMethod === "POST"} style={{ width: "100%" }}>
            Create my firm's portal
          </Button>
        </Form>
      </div>
    </PublicShell>
  );
}
