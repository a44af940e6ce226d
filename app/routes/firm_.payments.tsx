import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { confirmIdentity, reauthOption, sendReauthCode } from "~/auth/reauth.server";
import { requireStaff } from "~/auth/session.server";
import { ConfirmIdentity, sendCodeLabel } from "~/auth/ui/confirm-identity";
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
  const staff = await requireStaff(request, portal, ["partner"]);
  const [connection, reauth] = await Promise.all([getFirmConnection(portal), reauthOption(portal, staff)]);
  return { connection, reauth };
}

type ActionResult =
  { ok: true; message: string } | { ok: true; codeSentTo: string } | { ok: false; error: string; field?: "currentPassword" | "reauthCode" | "form" };

export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const staff = await requireStaff(request, portal, ["partner"]);
  const parsed = connectionActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<ActionResult>({ ok: false, error: firstMessage(parsed.error) }, { status: 400 });
  const { intent, currentPassword, reauthCode } = parsed.data;
  if (intent === "reauth-send-code") {
    const sent = await sendReauthCode(portal, staff);
    return sent.ok
      ? data<ActionResult>({ ok: true, codeSentTo: sent.destination })
      : data<ActionResult>({ ok: false, error: sent.message }, { status: sent.status });
  }
  // Where clients' money goes is an account change: a stolen session alone can't redirect it.
  const proved = await confirmIdentity(portal, staff, { currentPassword, reauthCode });
  if (!proved.ok) return data<ActionResult>({ ok: false, error: proved.message, field: proved.field }, { status: proved.status });
  try {
    if (intent === "connect") throw redirect(await startConnect(portal, staff));
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

/** The partner's proof, in the page's form (both Connect and Disconnect send it), unless given recently. */
function PaymentsProof({ reauth, error }: { reauth: { recent: boolean; method: "password" | "code"; destination: string | null }; error?: ActionResult }) {
  const sender = useFetcher<ActionResult>();
  if (reauth.recent) return null;
  const sentTo = sender.data && sender.data.ok && "codeSentTo" in sender.data ? sender.data.codeSentTo : null;
  const fieldError = (field: "currentPassword" | "reauthCode") => (error && !error.ok && error.field === field ? error.error : undefined);
  return (
    <ConfirmIdentity
      method={reauth.method}
      destination={sentTo ?? reauth.destination}
      codeSent={Boolean(sentTo)}
      passwordError={fieldError("currentPassword")}
      codeError={fieldError("reauthCode")}
      what="where your clients' payments go"
      sendCode={
        reauth.method === "code" ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={sender.state !== "idle"}
            onClick={() => sender.submit({ intent: "reauth-send-code" }, { method: "post" })}
          >
            {sendCodeLabel(Boolean(sentTo))}
          </Button>
        ) : null
      }
    >
      {sender.data && !sender.data.ok ? <Alert tone="danger">{sender.data.error}</Alert> : null}
    </ConfirmIdentity>
  );
}

export default function FirmPaymentsPage() {
  const { connection, reauth } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (result?.ok && "message" in result) toast.success(result.message);
    if (result) setConfirming(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const { status } = connection;
  const formError = result && !result.ok && (!result.field || result.field === "form") ? result.error : null;
  const canConnect = status === "not_connected" || status === "incomplete";

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
              {formError ? (
                <Alert tone="danger" role="alert">
                  {formError}
                </Alert>
              ) : null}
              {canConnect || connection.accountId ? (
                <Form method="post" ref={form} className={s.paymentsForm}>
                  <PaymentsProof reauth={reauth} error={result} />
                  <div className={s.logoActions}>
                    {canConnect ? (
                      <Button type="submit" name="intent" value="connect" variant="primary" loading={busy("connect")}>
                        {status === "incomplete" ? "Continue onboarding" : "Connect Stripe"}
                      </Button>
                    ) : null}
                    {connection.accountId ? (
                      <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
                        Disconnect
                      </Button>
                    ) : null}
                  </div>
                </Form>
              ) : null}
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
        onConfirm={() => {
          const body = new FormData(form.current ?? undefined);
          body.set("intent", "disconnect");
          submit(body, { method: "post" });
        }}
      />
    </FirmPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary titles={{ 403: "Only partners can change the firm's payment settings." }} back={{ to: "/", label: "Back to Collect" }} />;
}
