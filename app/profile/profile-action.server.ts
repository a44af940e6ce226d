/**
 * The one action behind /profile and /admin-profile: parse the POST with the page's schema,
 * run the intent, and answer `ProfileActionData` (conform's reply, so nothing the user typed is
 * lost on an error) with the refusal's status. Never a 500 for bad input.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { cancelEmailChange } from "./email-change.server";
import { updateEntityProfile } from "./entity-profile.server";
import type { Refusal } from "./outcome";
import { profilePageSchema, staffProfilePageSchema, type ProfileActionData } from "./profile-schema";
import { updateUserProfile, verifyProfilePhone } from "./profile.server";
import { sendReauthCode } from "~/auth/reauth.server";

/** The request's form fields, or none when the body is not a form. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

export async function profileAction(request: Request, portal: FirmSiteContext, user: SessionUser, page: "client" | "staff") {
  const formData = await readForm(request);
  const intent = typeof formData.get("intent") === "string" ? String(formData.get("intent")) : "unknown";
  const submission = parseWithZod(formData, { schema: page === "client" ? profilePageSchema : staffProfilePageSchema });
  if (submission.status !== "success") {
    return data<ProfileActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  const refused = (refusal: Refusal) =>
    data<ProfileActionData>(
      {
        intent,
        result: refusal.field ? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] } }) : submission.reply({ formErrors: [refusal.message] }),
      },
      { status: refusal.status },
    );

  switch (input.intent) {
    case "profile": {
      const outcome = await updateUserProfile(portal, user, input);
      if (!outcome.ok) return refused(outcome);
      return data<ProfileActionData>({
        intent,
        result: submission.reply({ resetForm: true }),
        saved: {
          emailConfirmationSentTo: outcome.emailConfirmationSentTo,
          changed: outcome.changed,
          phoneVerificationSentTo: outcome.phoneVerificationSentTo ?? null,
        },
      });
    }
    case "verify-phone": {
      const outcome = await verifyProfilePhone(portal, user, input.phoneCode);
      if (!outcome.ok) return refused(outcome);
      return data<ProfileActionData>({
        intent,
        result: submission.reply({ resetForm: true }),
        saved: { emailConfirmationSentTo: null, changed: outcome.changed },
      });
    }
    case "reauth-send-code": {
      const sent = await sendReauthCode(portal, user);
      if (!sent.ok) return refused({ ok: false, status: sent.status, message: sent.message });
      return data<ProfileActionData>({
        intent,
        result: submission.reply(),
        saved: { emailConfirmationSentTo: null, changed: [], reauthCodeSentTo: sent.destination },
      });
    }
    case "entity": {
      const outcome = await updateEntityProfile(portal, user, input);
      if (!outcome.ok) return refused(outcome);
      return data<ProfileActionData>({
        intent,
        result: submission.reply({ resetForm: true }),
        saved: { emailConfirmationSentTo: null, changed: outcome.changed },
      });
    }
    case "cancel-email-change": {
      const outcome = await cancelEmailChange(portal, user);
      if (!outcome.ok) return refused(outcome);
      return data<ProfileActionData>({ intent, result: submission.reply({ resetForm: true }), saved: { emailConfirmationSentTo: null, changed: [] } });
    }
  }
}
