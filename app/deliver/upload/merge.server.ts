/**
 * Several uploaded PDFs become one return, pages in the order the files were given (pdf-lib: every
 * part and the result are in memory while merging). Throws when a part is encrypted or unreadable.
 */
import { PDFDocument } from "@cantoo/pdf-lib";

export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const bytes of parts) {
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (source.isEncrypted) throw new Error("The PDF is encrypted");
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
