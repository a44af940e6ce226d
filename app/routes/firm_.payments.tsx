import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { useToast } from "~/components/ui/toast";
import { requireFirmSite } from "~/context.server";
import { firstMessage, isPortalError } from "~/errors";
import { FirmSettingsTabs } from "~/firms/firm-settings-tabs";
import * as s from "~/firms/firm-settings.css";
import { firmTitle } from "~/meta";
import { CONNECTION_LABELS, CONNECTION_MESSAGES, connectionActionSchema, type ConnectionStatus } from "~/payments/connection";
import { disconnect, getFirmConnection, startConnect } from "~/payments/connection.server";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Payments · Firm Settings") }];

/** Firm Settings → Payments: partners only, for the firm of the request's host. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  await requireStaff(request, portal, ["partner"]);
  return { connection: await getFirmConnection(portal) };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner"]);
  const parsed = connectionActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<ActionResult>({ ok: false, error: firstMessage(parsed.error) }, { status: 400 });
  try {
    if (parsed.data.intent === "connect") throw redirect(await startConnect(portal, staff));
    await disconnect(portal, staff);
    return data<ActionResult>({ ok: true, message: CONNECTION_MESSAGES.disconnected });
  } catch (error) {
    if (isPortalError(error)) return data<ActionResult>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}

const TONES: Record<ConnectionStatus, "success" | "warning" | "neutral"> = {
  unknown: "neutral",
  off: "neutral",
  not_connected: "neutral",
  incomplete: "warning",
  connected: "success",
};
const HELP: Record<ConnectionStatus, string> = {
  off: "",
  not_connected: CONNECTION_MESSAGES.notConnectedHelp,
  incomplete: CONNECTION_MESSAGES.incompleteHelp,
  connected: CONNECTION_MESSAGES.connectedHelp,
  unknown: "",
};

export default function FirmPaymentsPage() {
  const { connection } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (result?.ok) toast.success(result.message);
    if (result) setConfirming(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const { status } = connection;

  return (
    <FirmPage>
      <header className={s.header}>
        <h1 className={s.title}>Firm Settings</h1>
        <p className={s.subtitle}>How clients pay your firm online.</p>
      </header>
      <div className={s.tabs}>
        <FirmSettingsTabs partner />
      </div>
      <div className={s.sections}>
        <section className={s.card} aria-labelledby="payments-title">
          <h2 id="payments-title" className={s.cardTitle}>
            Stripe
          </h2>
          {status === "off" ? (
            <Alert tone="info">{CONNECTION_MESSAGES.off}</Alert>
          ) : (
            <>
              <p className={s.logoRow}>
                <span>Status:</span>
                <Badge tone={TONES[status]} dot data-testid="stripe-status">
                  {CONNECTION_LABELS[status]}
                </Badge>
              </p>
              {HELP[status] ? <p className={s.muted}>{HELP[status]}</p> : null}
              {connection.accountId ? <p className={s.muted}>Account {connection.accountId}</p> : null}
              {connection.error ? <Alert tone="warning">{connection.error}</Alert> : null}
              {result && !result.ok ? (
                <Alert tone="danger" role="alert">
                  {result.error}
                </Alert>
              ) : null}
              <div className={s.logoActions}>
                {status === "not_connected" || status === "incomplete" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="connect" />
                    <Button type="submit" variant="primary" loading={busy("connect")}>
                      {status === "incomplete" ? "Continue onboarding" : "Connect Stripe"}
                    </Button>
                  </Form>
                ) : null}
                {connection.accountId ? (
                  <Button variant="secondary" onClick={() => setConfirming(true)}>
                    Disconnect
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        title={CONNECTION_MESSAGES.disconnectTitle}
        message={CONNECTION_MESSAGES.disconnectMessage}
        confirmLabel="Disconnect"
        tone="danger"
        busy={busy("disconnect")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => submit({ intent: "disconnect" }, { method: "post" })}
      />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 403: "Only partners can change the firm's payment settings." }} back={{ to: "/", label: "Back to Collect" }} />;
}
