/**
 * Deliver fixtures for browser tests: an `error` return of a firm's first entity (its Replace
 * button shows), replaced through the upload dialog with a small pdf-lib PDF and processed by the
 * job, so the classification page has a real PDF to show.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { expect, type Page } from "@playwright/test";
import { firmUrl, sql } from "./support";

export async function pdfBytes(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(i === 1 ? "Form 8879" : `Page ${i + 1}`, { x: 50, y: 700, size: 24 });
  return Buffer.from(await pdf.save());
}

/** An `error` return of the firm's first entity with a taxpayer owner (the Replace button shows). */
export async function insertReturn(slug: string): Promise<{ id: string; companyId: string }> {
  const [row] = await sql<{ id: string; company_id: string }>(
    `INSERT INTO tax_returns (id, firm_id, company_id, tax_year, tax_return_name, status, processing_error, updated_at)
     SELECT 'e2e_' || md5(random()::text), c.firm_id, c.id, 2025, 'E2E return', 'error', $2, now()
       FROM companies c JOIN company_owners o ON o.company_id = c.id AND o.special_role = 'taxpayer'
      WHERE c.firm_id = $1 AND c.deleted_at IS NULL ORDER BY c.name LIMIT 1
     RETURNING id, company_id`,
    [`firm_${slug}`, "The PDFs you uploaded are either password-protected or cannot be opened. Please either remove the password or upload alternative files."],
  );
  return { id: row!.id, companyId: row!.company_id };
}

export async function replaceWithPdf(page: Page, slug: string, ret: { id: string; companyId: string }): Promise<string> {
  await page.goto(firmUrl(slug, `/tax-return-delivery-admin-view/${ret.id}?companyId=${ret.companyId}`));
  await page.getByRole("button", { name: "Replace" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace tax return" });
  await dialog.getByLabel("Tax return PDF(s)").setInputFiles({ name: "return.pdf", mimeType: "application/pdf", buffer: await pdfBytes(3) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Upload successful")).toBeVisible({ timeout: 30_000 });
  let newId = "";
  await expect(async () => {
    const [row] = await sql<{ id: string; status: string }>(`SELECT id, status FROM tax_returns WHERE previous_tax_return_id = $1`, [ret.id]);
    expect(row?.status).toBe("action_required");
    newId = row!.id;
  }).toPass({ timeout: 60_000 });
  return newId;
}
