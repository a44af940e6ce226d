/**
 * Download tax return (staff spec §7 download_tax_return {include_other_pages, only_signature_pages}),
 * the rules (pure): the three variants and which pages each holds.
 *
 * - plain: the return as uploaded, or the signed copy once there is one;
 * - signature pages: the e-sign forms' pages only (of the signed copy once signed), and the audit
 *   page(s) the signed copy ends with;
 * - all pages: the signed copy with every page (the return as uploaded before anyone signed).
 */
export type DownloadVariant = "plain" | "signature_pages" | "all_pages";
export const DOWNLOAD_VARIANTS: readonly DownloadVariant[] = ["plain", "signature_pages", "all_pages"];

export const DOWNLOAD_MESSAGES = {
  failed: "Error downloading tax return",
  noLink: "No download link found in response",
  noSignaturePages: "This tax return has no e-sign form pages to download.",
  noFile: "This tax return has no file to download yet.",
} as const;

/** The spec's two flags → a variant (only_signature_pages wins). */
export function variantOf(flags: { only_signature_pages?: boolean; include_other_pages?: boolean }): DownloadVariant {
  if (flags.only_signature_pages) return "signature_pages";
  if (flags.include_other_pages) return "all_pages";
  return "plain";
}

/** The request body of a variant (the spec's flags). */
export function flagsOf(variant: DownloadVariant): { only_signature_pages: boolean; include_other_pages: boolean } {
  return { only_signature_pages: variant === "signature_pages", include_other_pages: variant === "all_pages" };
}

/**
 * The 1-based pages of the source file that make the signature-pages variant: every e-sign form's
 * pages (sorted, once, within the return's pages), then the pages after the return's own (the
 * signed copy's audit page) when the source is the signed copy.
 */
export function signaturePages(formPages: readonly (readonly number[])[], returnPageCount: number, sourcePageCount: number): number[] {
  const own = Math.min(returnPageCount, sourcePageCount);
  const pages = new Set<number>();
  for (const list of formPages) for (const p of list) if (Number.isInteger(p) && p >= 1 && p <= own) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  for (let p = own + 1; p <= sourcePageCount; p++) sorted.push(p);
  return sorted;
}

/** The file name a variant downloads as. */
/** '{year} {name}', without the year twice when the name already starts with it ('2025 Form 1040'). */
export function withYear(taxYear: number, name: string): string {
  return name.trim().startsWith(String(taxYear)) ? name.trim() : `${taxYear} ${name}`;
}

export function downloadFileName(taxYear: number, name: string, variant: DownloadVariant, signed: boolean): string {
  const base =
    withYear(taxYear, name)
      .replace(/[\\/:*?"<>|]+/g, " ")
      .trim() || `${taxYear} Tax Return`;
  const suffix = variant === "signature_pages" ? " - signature pages" : signed ? " - signed" : "";
  return `${base}${suffix}.pdf`;
}
