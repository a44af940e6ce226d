/**
 * Splitting a document checklist's upload from the advisor's preview (Bulk Upload Processor
 * Review): a client uploads a 3-page PDF into the checklist of the seeded "2025 Return Review and
 * Signature" request; an advisor opens the client's questionnaire in preview, opens the review,
 * sees the 3 page thumbnails, splits "1, 2-3" and sees "Split into 2 documents"; the client then
 * sees the firm's note and the new documents. Summit (bulk upload processor on) at desktop width,
 * acme at 375 px, where the processor is off until the test turns it on (and back off).
 * The optional 1099 question is used, so the checklist's required count stays as other tests expect.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { firmUrl, PASSWORD, screenshot, signIn, sql } from "./support";

const NOTE = "Some of your documents were split into separate files by your firm.";

async function threePagePdf(label: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`${label}`, { x: 72, y: 720, size: 22, font });
    page.drawText(`Page ${n} of 3`, { x: 72, y: 680, size: 40, font });
  }
  return Buffer.from(await pdf.save());
}

/** Signs a client in (password in the same form, or email first then password). */
async function signInClient(page: Page, slug: string, email: string) {
  await page.goto(firmUrl(slug, "/"));
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password", { exact: true });
  if (!(await password.isVisible())) await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
}

async function checklistOf(slug: string, email: string) {
  const [row] = await sql<{ id: string; hash_id: string; company_id: string }>(
    `SELECT q.id, c.hash_id, q.company_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id
       JOIN users u ON u.id = o.user_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = $1 AND u.email = $2 AND q.name = '2025 Return Review and Signature'`,
    [slug, email],
  );
  const [section] = await sql<{ id: string }>(`SELECT id FROM sections WHERE questionnaire_id = $1 AND section_key = 'year_end_documents'`, [row.id]);
  return {
    clientPath: `/questionnaire/${row.hash_id}?questionnaireId=${row.id}&sectionId=${section.id}`,
    previewPath: `/preview/${row.company_id}/questionnaire/${row.id}?sectionId=${section.id}`,
  };
}

/** A dialog is fixed to the viewport: photograph the viewport, not the whole page. */
async function dialogShot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png`, animations: "disabled" });
}

const question1099 = (page: Page) => page.locator("section[data-status]").filter({ hasText: "1099s the business received" });

async function clientUploads(browser: Browser, slug: string, path: string, width: number, fileName: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInClient(page, slug, `client@${slug}.test`);
  await page.goto(firmUrl(slug, path));
  await expect(page.getByRole("heading", { name: "Year-End Documents" })).toBeVisible();
  await question1099(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: await threePagePdf(fileName) });
  await expect(page.getByText("Document(s) uploaded successfully")).toBeVisible();
  await expect(question1099(page).getByText(fileName)).toBeVisible();
  await expect(page.getByText(NOTE)).toHaveCount(0);
  return { context, page };
}

/** In the preview: open the review, check the 3 thumbnails, click page 2 to cut there, split, and see the result. */
async function splitInReview(page: Page, fileName: string, shot: string) {
  await page.getByRole("button", { name: `Split ${fileName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Split ${fileName}` });
  await expect(dialog.getByText("Bulk Upload Processor Review")).toBeVisible();
  const thumbnails = dialog.getByTestId("split-thumbnail");
  await expect(thumbnails).toHaveCount(3);
  await expect(thumbnails.locator('canvas[data-state="ready"]')).toHaveCount(3, { timeout: 20_000 });
  // A thumbnail really shows its page (ink on the canvas).
  const ink = await thumbnails
    .first()
    .locator("canvas")
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 1]! < 128 && data[i + 2]! < 160) dark++;
      return dark;
    });
  expect(ink).toBeGreaterThan(50);

  // Clicking page 2 starts a new document there: "1, 2-3".
  await dialog.getByRole("button", { name: "Page 2", exact: true }).click();
  await expect(dialog.getByLabel("Page ranges")).toHaveValue("1, 2-3");
  await expect(dialog.getByRole("button", { name: "Page 2, document 2" })).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("list", { name: "New documents" })).toContainText("Document 2: pages 2-3");
  await dialogShot(page, `${shot}-review`);

  // The field is checked first; then the split.
  await dialog.getByLabel("Page ranges").fill("1, 2-4");
  await dialog.getByRole("button", { name: "Split", exact: true }).click();
  await expect(dialog.getByText("Pages must be between 1 and 3.")).toBeVisible();
  await dialog.getByLabel("Page ranges").fill("1, 2-3");
  await dialog.getByRole("button", { name: "Split", exact: true }).click();
  await expect(dialog.getByText("Split into 2 documents")).toBeVisible({ timeout: 60_000 });
  const base = fileName.replace(/\.pdf$/, "");
  const parts = dialog.getByRole("list", { name: "New documents" });
  await expect(parts).toContainText(`${base} (page 1).pdf`);
  await expect(parts).toContainText(`${base} (pages 2-3).pdf`);
  await expect(dialog.getByRole("button", { name: "Restore" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Mark as other" })).toBeVisible();
  await dialogShot(page, `${shot}-done`);
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();

  // The checklist row follows: the result, the new documents, Restore and Mark as other; no Split.
  const row = question1099(page);
  await expect(row.getByText("Split into 2 documents")).toBeVisible();
  await expect(row.getByRole("list", { name: `Documents split from ${fileName}` })).toContainText(`${base} (pages 2-3).pdf`);
  await expect(row.getByRole("button", { name: `Restore ${fileName} (undo the split)` })).toBeVisible();
  await expect(row.getByRole("button", { name: `Split ${fileName}` })).toHaveCount(0);
  await screenshot(page, `${shot}-preview`);
}

async function clientSeesNote(page: Page, fileName: string) {
  await page.reload();
  await expect(page.getByTestId("split-note")).toHaveText(NOTE);
  const row = question1099(page);
  await expect(row.getByRole("list", { name: `Documents split from ${fileName}` })).toContainText(fileName.replace(/\.pdf$/, " (page 1).pdf"));
  // Clients get no split actions.
  await expect(row.getByRole("button", { name: /^Split |^Restore |^Mark .* as other/ })).toHaveCount(0);
}

test("summit: an advisor splits a client's checklist upload from the preview; the client sees the note", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const fileName = "Year-end 1099s.pdf";
  const q = await checklistOf("summit", "client@summit.test");
  const client = await clientUploads(browser, "summit", q.clientPath, 1280, fileName);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("summit", q.previewPath));
  await expect(page.getByRole("heading", { name: "Year-End Documents" })).toBeVisible();
  await splitInReview(page, fileName, "summit-checklist-split");

  await clientSeesNote(client.page, fileName);
  await screenshot(client.page, "summit-client-checklist-split-note");
  await client.page.setViewportSize({ width: 375, height: 812 });
  await screenshot(client.page, "summit-client-checklist-split-note-375");
  await client.context.close();
});

test("acme at 375 px: no Split without the bulk upload processor; with it, the same review", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const fileName = "Brokerage 1099s.pdf";
  const q = await checklistOf("acme", "client@acme.test");
  const client = await clientUploads(browser, "acme", q.clientPath, 1280, fileName);

  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("acme", q.previewPath));
  await expect(page.getByRole("heading", { name: "Year-End Documents" })).toBeVisible();
  await expect(question1099(page).getByRole("button", { name: `Preview ${fileName}` })).toBeVisible();
  await expect(question1099(page).getByRole("button", { name: `Split ${fileName}` })).toHaveCount(0);

  await sql(`UPDATE firm_preferences SET bulk_upload_processor = true WHERE firm_id = (SELECT id FROM firms WHERE slug = 'acme')`);
  try {
    // The firm's settings reach the app through its change notification.
    await expect(async () => {
      await page.reload();
      await expect(question1099(page).getByRole("button", { name: `Split ${fileName}` })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await splitInReview(page, fileName, "acme-checklist-split-375");
  } finally {
    await sql(`UPDATE firm_preferences SET bulk_upload_processor = false WHERE firm_id = (SELECT id FROM firms WHERE slug = 'acme')`);
  }

  await clientSeesNote(client.page, fileName);
  await screenshot(client.page, "acme-client-checklist-split-note");
  await client.context.close();
});
