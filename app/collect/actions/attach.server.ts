import type { IntentHandler } from "./frame.server";
import { ACTIVITY_TYPES } from "~/activity/log.server";
import { logOne, touch } from "./frame.server";
import { COLLECT_MESSAGES, UNATTACHED_MONTHS } from "../preview/rules";
import { PortalError } from "~/errors";

/** attach */
export const attach: IntentHandler<"attach"> = async (ctx, tx, row, intent) => {
  if (row.locked) throw new PortalError(409, COLLECT_MESSAGES.isLocked);
  const since = new Date(Date.now() - UNATTACHED_MONTHS * 31 * 86_400_000);
  const docs = await tx.extractedDocument.findMany({
    where: {
      id: { in: intent.extractedDocumentIds },
      companyId: row.company_id,
      questionnaireId: null,
      deletedAt: null,
      createdAt: { gte: since },
      NOT: { documents: { some: { deletedAt: { not: null } } } },
    },
    select: { id: true, name: true },
  });
  if (docs.length !== new Set(intent.extractedDocumentIds).size) throw new PortalError(404, COLLECT_MESSAGES.attachFailed);
  await tx.extractedDocument.updateMany({ where: { id: { in: docs.map((d) => d.id) } }, data: { questionnaireId: row.id } });
  await touch(tx, [row.id], "Attached documents");
  await logOne(ctx, tx, row, "Attached documents", ACTIVITY_TYPES.document, docs.map((d) => d.name ?? d.id).join(", "));
  return { message: COLLECT_MESSAGES.attached, count: docs.length };
};
