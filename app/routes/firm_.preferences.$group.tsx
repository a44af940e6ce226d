import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button } from "~/components/ui/button";
import { TextArea, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { useToast } from "~/components/ui/toast";
import { requireFirmSite } from "~/context.server";
import { FirmSettingsTabs } from "~/firms/firm-settings-tabs";
import { PREFERENCE_CATALOG, PREFERENCE_MESSAGES, isPreferenceGroup, preferenceGroupSchema, type PreferenceGroup } from "~/firms/preferences";
import { getPreferenceGroup, savePreferenceGroup } from "~/firms/preferences.server";
import * as s from "~/firms/firm-settings.css";
import { firmTitle } from "~/meta";
import { canEditFirmPreferences } from "~/staff/permissions";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  { title: firmTitle(matches, data ? `${PREFERENCE_CATALOG[data.group].title} · Firm Settings` : "Firm Settings") },
];

/** Partners and admins change the firm's preferences (the firm of the request's host, never another). */
async function requireEditor(request: Request, portal: ReturnType<typeof requireFirmSite>) {
  const staff = await requireStaff(request, portal);
  if (!canEditFirmPreferences(staff)) throw new Response("Forbidden", { status: 403 });
  return staff;
}

function requireGroup(params: LoaderFunctionArgs["params"]): PreferenceGroup {
  if (!isPreferenceGroup(params.group)) throw new Response("Not Found", { status: 404 });
  return params.group;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireEditor(request, portal);
  const group = requireGroup(params);
  return { group, values: await getPreferenceGroup(portal, group), partner: staff.firmAccess === "partner" };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireEditor(request, portal);
  const group = requireGroup(params);
  const submission = parseWithZod(await request.formData(), { schema: preferenceGroupSchema(group) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await savePreferenceGroup(portal, group, submission.value, staff);
  return { result: submission.reply(), saved: true };
}

export default function FirmPreferencesPage() {
  const { group, values, partner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const info = PREFERENCE_CATALOG[group];
  const schema = preferenceGroupSchema(group);
  const [form, fields] = useForm({
    id: `preferences-${group}`,
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // Which switches are on, so a text shows with the flag it belongs to.
  const [on, setOn] = useState<Record<string, boolean>>(() => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === true])));
  useEffect(() => setOn(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === true]))), [values]);
  useEffect(() => {
    if (actionData && "saved" in actionData && actionData.saved) toast.success(PREFERENCE_MESSAGES.saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);
  const error = (name: string) => (fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors?.[0];

  return (
    <FirmPage>
      <header className={s.header}>
        <h1 className={s.title}>Firm Settings</h1>
        <p className={s.subtitle}>{info.lead}</p>
      </header>
      <div className={s.tabs}>
        <FirmSettingsTabs partner={partner} />
      </div>
      <div className={s.sections}>
        <section className={s.card} aria-labelledby="preferences-title">
          <h2 id="preferences-title" className={s.cardTitle}>
            {info.title}
          </h2>
          <Form method="post" {...getFormProps(form)} className={s.form} key={group}>
            {info.fields.map((field) => {
              if (field.kind === "flag") {
                return (
                  <Switch
                    key={field.name}
                    name={field.name}
                    label={field.label}
                    description={field.description}
                    defaultChecked={values[field.name] === true}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setOn((prev) => ({ ...prev, [field.name]: checked }));
                    }}
                  />
                );
              }
              if (field.kind === "days") {
                return (
                  <TextField
                    key={field.name}
                    name={field.name}
                    label={field.label}
                    hint={field.description}
                    inputMode="numeric"
                    defaultValue={String(values[field.name] ?? "")}
                    error={error(field.name)}
                    className={s.narrowField}
                  />
                );
              }
              if (field.shownWith && !on[field.shownWith])
                return <input key={field.name} type="hidden" name={field.name} value={String(values[field.name] ?? "")} />;
              return (
                <TextArea
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  hint={field.description}
                  defaultValue={String(values[field.name] ?? "")}
                  maxLength={field.max}
                  rows={field.list ? 4 : 6}
                  error={error(field.name)}
                />
              );
            })}
            {form.errors?.length ? <p className={s.muted}>{form.errors[0]}</p> : null}
            <div>
              <Button type="submit" variant="primary" loading={navigation.state !== "idle" && navigation.formMethod === "POST"}>
                Save preferences
              </Button>
            </div>
          </Form>
        </section>
      </div>
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 403: "You don't have permission to change the firm's preferences." }} back={{ to: "/", label: "Back to Collect" }} />;
}
