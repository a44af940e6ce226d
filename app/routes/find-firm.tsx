import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { PublicShell } from "~/components/shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { requireRootSite } from "~/context.server";
import { env } from "~/env.server";
import { firmTitle } from "~/meta";
import { FIND_FIRM_MESSAGES } from "~/platform/find-firm";
import { findFirm } from "~/platform/find-firm.server";
import * as s from "~/platform/create-firm.css";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Sign in · Client Portal") }];

const schema = z.object({ query: z.string({ error: FIND_FIRM_MESSAGES.required }).trim().min(1, FIND_FIRM_MESSAGES.required).max(300) });

export async function loader({ context }: LoaderFunctionArgs) {
  requireRootSite(context);
  return { domain: env().APP_DOMAIN };
}

/** /find-firm on the root domain (also reached from /signin there): the way to a firm's sign-in page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const site = requireRootSite(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await findFirm(submission.value.query, site.clientAddress);
  switch (outcome.kind) {
    case "redirect":
      throw redirect(outcome.to);
    case "sent":
      return { result: submission.reply({ resetForm: true }), sent: true };
    case "invalid":
      return data({ result: submission.reply({ fieldErrors: { query: [outcome.message] } }), sent: false }, { status: 400 });
    case "no-firm":
      return data({ result: submission.reply({ fieldErrors: { query: [FIND_FIRM_MESSAGES.noFirm] } }), sent: false }, { status: 404 });
    case "throttled":
      return data({ result: submission.reply({ formErrors: [FIND_FIRM_MESSAGES.throttled] }), sent: false }, { status: 429 });
  }
}

export default function FindFirm() {
  const { domain } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "find-firm",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <PublicShell>
      <div className={s.layout}>
        <div className={s.intro}>
          <h1 className={s.title}>Sign in</h1>
          <p className={s.lead}>
            Each firm's portal has its own address. Tell us your email or your firm's subdomain, and we'll take you to your firm's sign-in page.
          </p>
        </div>
        <Form method="post" {...getFormProps(form)} className={s.card}>
          {form.errors?.length ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
          {actionData?.sent ? (
            <Alert tone="success" title="Check your email">
              {FIND_FIRM_MESSAGES.sent}
            </Alert>
          ) : null}
          <TextField
            {...getInputProps(fields.query, { type: "text" })}
            key={fields.query.key}
            label="Email or firm subdomain"
            hint={`For example you@example.com, or yourfirm (for yourfirm.${domain}).`}
            autoComplete="email"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            error={fields.query.errors?.[0]}
            required
          />
          <Button type="submit" variant="primary" size="lg" loading={navigation.state !== "idle" && navigation.formMethod === "POST"} style={{ width: "100%" }}>
            Continue
          </Button>
          <p className={s.lead}>
            New here? <a href="/create-firm">Sign up your firm</a>.
          </p>
        </Form>
      </div>
    </PublicShell>
  );
}
