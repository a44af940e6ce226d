/**
 * The firm's PDF of a template's document section (pdf_review, pdf_signature, download_document,
 * delivery), uploaded by the browser straight to the store: a grant for one PDF under the firm's
 * templates/ prefix, then the confirm step (verifyUpload, then the whole file checked: a
 * password-protected or unreadable PDF is deleted and refused with the spec's message). The
 * template keeps the key; each questionnaire sent from it gets its own copy (./send documents).
 */
import * as z from "zod";
import type { FirmSiteContext } from "~/context.server";
import type { FirmTx } from "~/db.server";
import { checkStoredPdf, PDF_MESSAGES } from "~/documents/pdf.server";
import { badRequest } from "~/errors";
import { createUploadGrant, deleteObject, headObject, verifyUpload, type UploadGrant } from "~/storage.server";
import { keyBelongsToFirm, safeFileName, templateDocumentKey, templateDocumentPrefix } from "~/storage/keys";
import { MAX_TEMPLATE_PDF_BYTES, TEMPLATE_MESSAGES } from "./editor-rules";
import { lockTemplatePdfs } from "./pdf-lock.server";

export const templatePdfGrantSchema = z.object({
  intent: z.literal("pdf-grant"),
  fileName: z.string().trim().min(1).max(255),
  contentType: z.literal("application/pdf", { error: TEMPLATE_MESSAGES.pdfOnly }),
  size: z.coerce.number().int().min(1, "The file is empty").max(MAX_TEMPLATE_PDF_BYTES, TEMPLATE_MESSAGES.pdfTooLarge),
});

export const templatePdfConfirmSchema = z.object({
  intent: z.literal("pdf-confirm"),
  key: z.string().min(1).max(1024),
  fileName: z.string().trim().min(1).max(255),
});

export type TemplatePdfReply =
  | { ok: true; intent: "pdf-grant"; grant: UploadGrant }
  | { ok: true; intent: "pdf-confirm"; document: { key: string; name: string } }
  | { ok: false; error: string };

export const isTemplatePdfIntent = (form: FormData) => form.get("intent") === "pdf-grant" || form.get("intent") === "pdf-confirm";

/** A key of this firm's template PDFs (never another firm's, never an entity's file). */
export function isTemplateDocumentKey(key: unknown, firmId: string): key is string {
  return keyBelongsToFirm(key, firmId) && key.startsWith(templateDocumentPrefix(firmId));
}

export async function templatePdfAction(portal: FirmSiteContext, form: FormData): Promise<TemplatePdfReply> {
  const firmId = portal.firm.id;
  const input = Object.fromEntries(form);
  if (input.intent === "pdf-grant") {
    const parsed = templatePdfGrantSchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? TEMPLATE_MESSAGES.pdfOnly };
    const key = templateDocumentKey(firmId, parsed.data.fileName.toLowerCase().endsWith(".pdf") ? parsed.data.fileName : `${parsed.data.fileName}.pdf`);
    const grant = await createUploadGrant({ firmId, key, contentType: "application/pdf", maxBytes: MAX_TEMPLATE_PDF_BYTES, allowedKinds: ["pdf"] });
    return { ok: true, intent: "pdf-grant", grant };
  }
  const parsed = templatePdfConfirmSchema.safeParse(input);
  if (!parsed.success || !isTemplateDocumentKey(parsed.data.key, firmId)) throw badRequest("Bad Request");
  const { key, fileName } = parsed.data;
  let size: number;
  try {
    ({ size } = await verifyUpload({ firmId, key, contentType: "application/pdf", maxBytes: MAX_TEMPLATE_PDF_BYTES, allowedKinds: ["pdf"] }));
  } catch {
    return { ok: false, error: PDF_MESSAGES.protected };
  }
  const check = await checkStoredPdf({ firmId, key, size });
  if (!check.ok) {
    await deleteObject({ firmId, key });
    return { ok: false, error: PDF_MESSAGES.protected };
  }
  return { ok: true, intent: "pdf-confirm", document: { key, name: safeFileName(fileName, 200) } };
}

/**
 * Refuses a saved template whose section names a PDF that is not one of this firm's stored template
 * PDFs. Called in the save's transaction: it takes the firm's template-PDF lock first, so the orphan
 * sweep can't delete a PDF between this check and the save (./pdf-lock.server).
 */
export async function assertTemplateDocuments(tx: FirmTx, portal: FirmSiteContext, documents: { key: string }[]): Promise<void> {
  if (documents.length === 0) return;
  await lockTemplatePdfs(tx, portal.firm.id);
  if (documents.some(({ key }) => !isTemplateDocumentKey(key, portal.firm.id))) throw badRequest("Please attach the PDF again");
  const stored = await Promise.all(documents.map(({ key }) => headObject({ firmId: portal.firm.id, key })));
  if (stored.some((found) => !found)) throw badRequest("Please attach the PDF again");
}
