/**
 * The lock between saving a template that names a PDF and the orphan sweep deleting template PDFs
 * nothing names: a save checks its PDFs are stored and writes its sections holding it, the sweep
 * reads which PDFs are named and deletes the others holding it. So a PDF the sweep deletes is
 * either named by no saved section or refused to the save ('Please attach the PDF again'), never
 * named by a section after it is gone (the editor can stay open longer than the sweep's day).
 */
import type { FirmTx } from "~/db.server";

/** Takes the firm's template-PDF lock until `tx` ends. */
export async function lockTemplatePdfs(tx: FirmTx, firmId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`template-pdfs:${firmId}`}, 0))`;
}
