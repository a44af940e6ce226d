/** The setup checklist's facts, read from the firm's data (./checklist.ts), and its dismissal. */
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { paymentsMode } from "~/payments/stripe.server";
import { setupChecklist, showSetupChecklist, type SetupChecklistData } from "./checklist";

/** The checklist for Collect, or null when it is not shown (not a partner, complete, or dismissed). */
export async function loadSetupChecklist(portal: FirmSiteContext, user: Pick<SessionUser, "id" | "firmAccess">): Promise<SetupChecklistData | null> {
  if (user.firmAccess !== "partner") return null;
  const [me, firm, staffUsers, clientUsers, questionnairesSent] = await portal.db.$transaction(async (tx) => [
    await tx.user.findFirst({ where: { id: user.id }, select: { setupGuideDismissedAt: true } }),
    await tx.firm.findFirst({
      where: { id: portal.firm.id },
      select: { logoKey: true, brandColor: true, themeName: true, stripeAccountId: true, stripeChargesEnabled: true },
    }),
    await tx.user.count({ where: { kind: "staff", deletedAt: null } }),
    await tx.user.count({ where: { kind: "client", deletedAt: null } }),
    await tx.questionnaire.count({ where: { isDraft: false, deletedAt: null } }),
  ]);
  if (!firm) return null;
  const steps = setupChecklist({
    logo: Boolean(firm.logoKey),
    brandColor: firm.brandColor,
    themeName: firm.themeName,
    staffUsers,
    clientUsers,
    questionnairesSent,
    payments: paymentsMode() === "off" ? "off" : Boolean(firm.stripeAccountId && firm.stripeChargesEnabled),
  });
  return showSetupChecklist({ firmAccess: user.firmAccess, dismissed: Boolean(me?.setupGuideDismissedAt) }, steps) ? { steps } : null;
}

/** Hides the checklist for this partner in this firm. */
export async function dismissSetupChecklist(portal: FirmSiteContext, userId: string): Promise<void> {
  await portal.db.user.updateMany({ where: { id: userId, kind: "staff" }, data: { setupGuideDismissedAt: new Date() } });
}
