import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { jsonResponse } from "~/http.server";
import { confirmContact } from "~/profile/contact-confirmation.server";
import { readForm } from "~/profile/profile-action.server";
import { confirmContactSchema, type ConfirmContactActionData } from "~/profile/profile-schema";

/**
 * POST /profile/confirm-contact — the 'Confirm this information' dialog on the client
 * dashboard (app/profile/confirm-contact-dialog.tsx). Clients only; read-only users and entities are
 * refused like the profile's own forms.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireUser(request, portal);
  const submission = parseWithZod(await readForm(request), { schema: confirmContactSchema });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  const outcome = await confirmContact(portal, user, submission.value);
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return answer({ result }, outcome.status);
  }
  return answer({
    result: submission.reply({ resetForm: true }),
    saved: { emailConfirmationSentTo: outcome.emailConfirmationSentTo, phoneVerificationSentTo: outcome.phoneVerificationSentTo },
  });
}

/** A resource route answers with a Response (the dialog's fetcher reads it as ConfirmContactActionData). */
const answer = (body: ConfirmContactActionData, status = 200) => jsonResponse(body, { status });
