/**
 * Document split on summit (bulk upload processor on): a partner uploads a 3-page PDF to an
 * entity's documents, splits it "1, 2-3", watches it process and sees the two new documents (and the client sees the firm's note);
 * the page-ranges field refuses malformed input first. Screenshot in tests/screenshots/.
 */
import { expect, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { firmUrl, screenshot, signIn, sql } from "./support";

async function threePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) pdf.addPage([612, 792]).drawText(`Page ${n}`, { x: 72, y: 700, size: 24, font });
  return Buffer.from(await pdf.save());
}

test("a partner splits a 3-page PDF into two documents", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const [entity] = await sql<{ hash_id: string }>(
    `SELECT c.hash_id FROM companies c JOIN firms f ON f.id = c.firm_id WHERE f.slug = 'summit' AND c.deleted_at IS NULL ORDER BY c.created_at LIMIT 1`,
  );
  expect(entity, "a summit entity").toBeTruthy();

  await signIn(page, "summit", "partner@summit.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("summit", `/admin/${entity.hash_id}/documents`));
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();

  // A folder of its own, so reruns don't collide.
  const folder = `Split ${Date.now()}`;
  await page.getByRole("button", { name: "Add Folder" }).click();
  await page.getByLabel("Folder name").fill(folder);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("navigation", { name: "Folders" }).getByRole("link", { name: folder }).click();
  await expect(page.getByText("There are no files in this folder.")).toBeVisible();

  await page.getByTestId("document-file-input").setInputFiles([{ name: "Bank statements.pdf", mimeType: "application/pdf", buffer: await threePagePdf() }]);
  const list = page.getByRole("list", { name: "Documents" });
  await expect(list.getByText("Bank statements.pdf", { exact: true })).toBeVisible();
  await expect(list.getByText("Password-protected or unreadable")).toHaveCount(0);

  await page.getByRole("button", { name: "Split Bank statements.pdf" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Page ranges").fill("3-1");
  await dialog.getByRole("button", { name: "Split" }).click();
  await expect(dialog.getByText("A range must start with the lower page, e.g. 3-5.")).toBeVisible();
  await dialog.getByLabel("Page ranges").fill("1, 2-3");
  await dialog.getByRole("button", { name: "Split" }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByTestId("document-row");
  await expect(rows).toHaveCount(3, { timeout: 60_000 });
  await expect(list.getByText("Bank statements (page 1).pdf", { exact: true })).toBeVisible();
  await expect(list.getByText("Bank statements (pages 2-3).pdf", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore Bank statements.pdf (undo the split)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Bank statements.pdf as other" })).toBeVisible();
  await expect(list.getByText("Processing…")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Split Bank statements.pdf" })).toHaveCount(0);
  await screenshot(page, "summit-staff-document-split");

  // The entity's client sees the firm's note above the list.
  const client = await page.context().browser()!.newContext();
  const clientPage = await client.newPage();
  await clientPage.setViewportSize({ width: 1280, height: 900 });
  await signIn(clientPage, "summit", "client@summit.test");
  await expect(clientPage.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await clientPage.goto(firmUrl("summit", `/documents/${entity.hash_id}`));
  await expect(clientPage.getByText("Some of your documents were split into separate files by your firm.")).toBeVisible();
  await screenshot(clientPage, "summit-client-documents-split-note");
  await client.close();
});
