/**
 * The Document checklist pop-out: with "show uploads as a document checklist" a questionnaire's
 * sections leave their upload questions to one dialog, where the client uploads, previews and
 * removes; with the pop-out alone the uploads stay in their sections and the dialog lists them
 * too. Acme at desktop and 375 px, summit at desktop. Each test restores the flags it sets.
 */
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { firmUrl, PASSWORD, screenshot, sql } from "./support";

async function signInClient(page: Page, slug: string, email: string) {
  await page.goto(firmUrl(slug, "/"));
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password", { exact: true });
  if (!(await password.isVisible())) await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
}

async function questionnaire(slug: string, email: string, name: string) {
  const [row] = await sql<{ id: string; hash_id: string }>(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id
       JOIN users u ON u.id = o.user_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = $1 AND u.email = $2 AND q.name = $3 ORDER BY q.tax_year DESC LIMIT 1`,
    [slug, email, name],
  );
  return row!;
}

async function setFlags(id: string, flags: { popout: boolean; asChecklist: boolean }) {
  await sql(`UPDATE questionnaires SET document_popout_checklist_enabled = $2, show_uploads_as_document_checklist = $3 WHERE id = $1`, [
    id,
    flags.popout,
    flags.asChecklist,
  ]);
}

async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 20, font });
  return Buffer.from(await pdf.save());
}

test("uploads as a checklist: sections point to the dialog, where the client uploads and removes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const q = await questionnaire("acme", "client@acme.test", "2025 Individual Tax Organizer");
  const [w2] = await sql<{ id: string; section_id: string; answer: string | null; answer_by: string | null }>(
    `SELECT id, section_id, answer, to_char(answer_by, 'YYYY-MM-DD') AS answer_by FROM questions WHERE questionnaire_id = $1 AND text = 'Please upload your Forms W-2'`,
    [q.id],
  );
  expect(w2).toBeTruthy();
  await setFlags(q.id, { popout: false, asChecklist: true });
  // The demo client chose to upload it later; bring it back to be uploaded now.
  await sql(`UPDATE questions SET answer_by = NULL WHERE id = $1`, [w2!.id]);
  try {
    await signInClient(page, "acme", "client@acme.test");
    await page.goto(firmUrl("acme", `/questionnaire/${q.hash_id}?questionnaireId=${q.id}&sectionId=${w2!.section_id}`));
    // The section no longer shows the upload question itself.
    await expect(page.getByText(/on your document checklist\.$/)).toBeVisible();
    await expect(page.locator("section[data-status]").filter({ hasText: "Please upload your Forms W-2" })).toHaveCount(0);
    await screenshot(page, "acme-document-checklist-section");

    await page.getByRole("button", { name: "Open the document checklist" }).click();
    const dialog = page.getByRole("dialog", { name: "Document checklist" });
    await expect(dialog).toBeVisible();
    const question = dialog.locator("section[data-status]").filter({ hasText: "Please upload your Forms W-2" });
    await expect(question).toBeVisible();
    const before = (await dialog.getByText(/ of \d+ required documents? provided/).textContent()) ?? "";
    await question
      .locator('input[type="file"]')
      .setInputFiles({ name: "w2-acme-employer.pdf", mimeType: "application/pdf", buffer: await onePagePdf("W-2 Acme Employer") });
    await expect(page.getByText("Document(s) uploaded successfully")).toBeVisible();
    await expect(question.getByText("w2-acme-employer.pdf")).toBeVisible();
    await expect(dialog.getByText(/ of \d+ required documents? provided/)).not.toHaveText(before);
    await screenshot(page, "acme-document-checklist-dialog");

    // Saved on the server: the answer holds the file.
    const [saved] = await sql<{ answer: string | null }>(`SELECT answer FROM questions WHERE id = $1`, [w2!.id]);
    expect(saved!.answer ?? "").toContain("w2-acme-employer.pdf");

    await question.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Document removed successfully")).toBeVisible();
    await expect(question.getByText("w2-acme-employer.pdf")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await setFlags(q.id, { popout: false, asChecklist: false });
    await sql(`UPDATE questions SET answer = $2, answer_by = $3::date WHERE id = $1`, [w2!.id, w2!.answer, w2!.answer_by]);
  }
});

test("the pop-out alone keeps uploads in their sections and lists them in the dialog too (375 px)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const q = await questionnaire("acme", "client@acme.test", "2025 Individual Tax Organizer");
  const [w2] = await sql<{ section_id: string }>(`SELECT section_id FROM questions WHERE questionnaire_id = $1 AND text = 'Please upload your Forms W-2'`, [
    q.id,
  ]);
  await setFlags(q.id, { popout: true, asChecklist: false });
  try {
    await signInClient(page, "acme", "client@acme.test");
    await page.goto(firmUrl("acme", `/questionnaire/${q.hash_id}?questionnaireId=${q.id}&sectionId=${w2!.section_id}`));
    await expect(page.locator("section[data-status]").filter({ hasText: "Please upload your Forms W-2" })).toBeVisible();
    await expect(page.getByText(/on your document checklist\.$/)).toHaveCount(0);
    await page.getByRole("button", { name: /^Document checklist/ }).click();
    const dialog = page.getByRole("dialog", { name: "Document checklist" });
    await expect(dialog.locator("section[data-status]").filter({ hasText: "Please upload your Forms W-2" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.waitForTimeout(400);
    await page.screenshot({ path: "tests/screenshots/acme-document-checklist-dialog-375.png", animations: "disabled" });
  } finally {
    await setFlags(q.id, { popout: false, asChecklist: false });
  }
});

test("summit: the pop-out lists the checklist section's uploads; without the flags there is no button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const q = await questionnaire("summit", "client@summit.test", "2025 Return Review and Signature");
  await signInClient(page, "summit", "client@summit.test");
  const path = `/questionnaire/${q.hash_id}?questionnaireId=${q.id}`;
  await page.goto(firmUrl("summit", path));
  await expect(page.getByText("Your progress is saved automatically.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Document checklist/ })).toHaveCount(0);
  await setFlags(q.id, { popout: true, asChecklist: false });
  try {
    await page.goto(firmUrl("summit", path));
    await page.getByRole("button", { name: /^Document checklist/ }).click();
    const dialog = page.getByRole("dialog", { name: "Document checklist" });
    await expect(dialog.getByRole("region", { name: "Year-End Documents" })).toBeVisible();
    await expect(dialog.locator("section[data-status]")).toHaveCount(3);
    await page.waitForTimeout(400);
    await page.screenshot({ path: "tests/screenshots/summit-document-checklist-dialog.png", animations: "disabled" });
  } finally {
    await setFlags(q.id, { popout: false, asChecklist: false });
  }
});
