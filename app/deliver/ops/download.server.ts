/**
 * Download a tax return (staff and client): a presigned link to the variant (./download-rules.ts).
 * The plain and all-pages variants are stored files; the signature-pages variant is extracted
 * with pdf-lib once and kept in the store under a key derived from its source and pages (under
 * the firm's and entity's prefix), so later downloads only sign a link.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import type { SessionUser } from "~/auth/session.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { MAX_PDF_BYTES } from "~/documents/pdf.server";
import { PortalError } from "~/errors";
import { createDownloadUrl, headObject, putObject, readExistingObject } from "~/storage.server";
import { entityAreaPrefix } from "~/storage/keys";
import { findTaxReturn } from "../access.server";
import { DOWNLOAD_MESSAGES, downloadFileName, signaturePages, type DownloadVariant } from "./download-rules";

type Db = FirmDb | FirmTx;

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The key the signature pages of `sourceKey` are cached at. */
export async function signaturePagesKey(firmId: string, companyId: string, taxReturnId: string, sourceKey: string, pages: number[]): Promise<string> {
  const hash = (await sha256Hex(`${sourceKey}|${pages.join(",")}`)).slice(0, 32);
  return `${entityAreaPrefix(firmId, companyId, "tax-returns")}derived/${taxReturnId}-signature-pages-${hash}.pdf`;
}

/** Extracts `pages` (1-based) of a PDF into a new one. */
export async function extractPages(bytes: Uint8Array, pages: number[]): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const out = await PDFDocument.create();
  const copied = await out.copyPages(
    source,
    pages.map((p) => p - 1),
  );
  for (const page of copied) out.addPage(page);
  return out.save();
}

export async function taxReturnDownloadUrl(
  db: Db,
  firmId: string,
  user: SessionUser,
  taxReturnId: string,
  companyId: string | null,
  variant: DownloadVariant,
): Promise<{ url: string; fileName: string }> {
  const found = await findTaxReturn(db, user, taxReturnId, companyId);
  const r = await (db as FirmTx).taxReturn.findFirst({
    where: { id: found.id },
    select: {
      id: true,
      companyId: true,
      taxYear: true,
      taxReturnName: true,
      storageKey: true,
      signedFileKey: true,
      pageCount: true,
      eSignForms: { select: { pages: true }, orderBy: { order: "asc" } },
    },
  });
  if (!r) throw new PortalError(404, "This tax return was not found");
  const sourceKey = r.signedFileKey ?? r.storageKey;
  if (!sourceKey) throw new PortalError(409, DOWNLOAD_MESSAGES.noFile);
  const signed = Boolean(r.signedFileKey);
  const fileName = downloadFileName(r.taxYear, r.taxReturnName, variant, signed);
  if (variant !== "signature_pages") {
    return { url: await createDownloadUrl({ firmId, key: sourceKey, fileName, expiresInSeconds: 300 }), fileName };
  }
  const formPages = r.eSignForms.map((f) => f.pages);
  if (!formPages.some((p) => p.length)) throw new PortalError(409, DOWNLOAD_MESSAGES.noSignaturePages);
  // The key depends on the pages asked for; the signed copy's page count is read only when the copy is made.
  const wanted = formPages.flat().sort((a, b) => a - b);
  const key = await signaturePagesKey(firmId, r.companyId, r.id, sourceKey, wanted);
  if (!(await headObject({ firmId, key }))) {
    const bytes = await readExistingObject({ firmId, key: sourceKey, maxBytes: MAX_PDF_BYTES });
    const sourcePageCount = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    const pages = signaturePages(formPages, signed ? (r.pageCount ?? sourcePageCount) : sourcePageCount, sourcePageCount);
    if (!pages.length) throw new PortalError(409, DOWNLOAD_MESSAGES.noSignaturePages);
    await putObject({ firmId, key, bytes: await extractPages(bytes, pages), contentType: "application/pdf" });
  }
  return { url: await createDownloadUrl({ firmId, key, fileName, expiresInSeconds: 300 }), fileName };
}
