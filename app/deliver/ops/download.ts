/**
 * Download a tax return from a menu (staff table, classification page, client page):
 *
 *   await downloadTaxReturn(taxReturnId, companyId, "signature_pages");          // staff
 *   await downloadTaxReturn(taxReturnId, companyId, "plain", { audience: "client" });
 *
 * Asks the server for a presigned link and starts the download. Throws an Error with the spec's
 * text ('Error downloading tax return', 'No download link found in response', or the server's
 * own message) for the caller's toast.
 */
import { apiFetch } from "~/auth/api-fetch";
import { DOWNLOAD_MESSAGES, flagsOf, type DownloadVariant } from "./download-rules";

export type { DownloadVariant } from "./download-rules";
export { DOWNLOAD_MESSAGES } from "./download-rules";

export async function downloadTaxReturn(
  taxReturnId: string,
  companyId: string,
  variant: DownloadVariant,
  options: { audience?: "staff" | "client"; open?: (url: string) => void } = {},
): Promise<string> {
  const base = options.audience === "client" ? "/api/tax-returns" : "/api/staff/tax-returns";
  let response: Response;
  try {
    response = await apiFetch(`${base}/${encodeURIComponent(taxReturnId)}/download`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ companyId, ...flagsOf(variant) }),
    });
  } catch {
    throw new Error(DOWNLOAD_MESSAGES.failed);
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok) throw new Error(body.error ?? DOWNLOAD_MESSAGES.failed);
  if (!body.url) throw new Error(DOWNLOAD_MESSAGES.noLink);
  (options.open ?? ((url: string) => window.location.assign(url)))(body.url);
  return body.url;
}
