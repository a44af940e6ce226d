import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { loadedWhenShown } from "~/components/loaded-when-shown";
import { useToast } from "~/components/ui/toast";
import type { ContactConfirmationRequest } from "~/profile/contact-confirmation.server";
import * as onServer from "./confirm-contact-form.server";
import type { ConfirmContactActionData } from "./profile-schema";
import { PROFILE_MESSAGES } from "./profile-messages";

/** The dialog's form (conform, zod, the address fields): loaded only when a client is asked. */
/** Shown only after a save that changed the email (never in the server's HTML). */
const EmailSentDialog = lazy(() => import("./email-sent-dialog").then((m) => ({ default: m.EmailSentDialog })));
const ConfirmContactDialog = loadedWhenShown(onServer.ConfirmContactDialog, () => import("./confirm-contact-form").then((m) => m.ConfirmContactDialog));

/**
 * 'Confirm this information' on the client dashboard: a persistent dialog (no Escape, no
 * backdrop close, no ×) shown while `request` is set — an open questionnaire asks for a profile
 * update the client has not confirmed yet. Confirm saves and the dashboard's loader stops asking.
 */
export function ConfirmContact({ request }: { request: ContactConfirmationRequest | null }) {
  const toast = useToast();
  const fetcher = useFetcher<ConfirmContactActionData>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const saved = fetcher.state === "idle" ? fetcher.data?.saved : undefined;

  useEffect(() => {
    if (!saved) return;
    toast.success(PROFILE_MESSAGES.updated);
    if (saved.phoneVerificationSentTo)
      toast.info(`We texted a code to ${saved.phoneVerificationSentTo}: enter it on your profile to change your phone number.`, { persistent: true });
    if (saved.emailConfirmationSentTo) setSentTo(saved.emailConfirmationSentTo);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  return (
    <>
      {request && !saved ? (
        <Suspense fallback={null}>
          <ConfirmContactDialog request={request} fetcher={fetcher} />
        </Suspense>
      ) : null}
      {sentTo ? (
        <Suspense fallback={null}>
          <EmailSentDialog sentTo={sentTo} currentEmail={request?.email ?? null} onClose={() => setSentTo(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
