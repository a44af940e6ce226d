/**
 * PDFs in the browser: a client reviews a draft (request changes, then approve) and signs a PDF in
 * the seeded "2025 Return Review and Signature" request, at desktop width (acme) and at 375 px
 * (summit); and previews a PDF from the document browser. The PDF must really render: the
 * viewer's canvas is checked for ink, and the screenshots are looked at.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { firmUrl, PASSWORD, questionAction, screenshot, signIn, sql } from "./support";

async function signInClient(page: Page, slug: string, email: string) {
  await page.goto(firmUrl(slug, "/"));
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password", { exact: true });
  if (!(await password.isVisible())) await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
}

async function reviewRequest(slug: string, email: string) {
  const rows = await sql<{ id: string; hash_id: string }>(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id
       JOIN users u ON u.id = o.user_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = $1 AND u.email = $2 AND q.name = '2025 Return Review and Signature'`,
    [slug, email],
  );
  const sections = await sql<{ id: string; section_key: string }>(`SELECT id, section_key FROM sections WHERE questionnaire_id = $1`, [rows[0].id]);
  const section = (key: string) => sections.find((s) => s.section_key === key)!.id;
  return { questionnaireId: rows[0].id, hash: rows[0].hash_id, section };
}

/** The viewer has rendered a page with something on it (not a blank canvas). */
async function expectRendered(viewer: Locator, page = 1) {
  await expect(viewer).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  await expect(viewer).toHaveAttribute("data-page", String(page));
  const ink = await viewer.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext("2d")!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 1] < 128 && data[i + 2] < 160) dark++;
    return { dark, width: canvas.width };
  });
  expect(ink.width).toBeGreaterThan(100);
  expect(ink.dark).toBeGreaterThan(150);
}

async function reviewAndSign(page: Page, slug: string, email: string, signer: string, shot: string) {
  const q = await reviewRequest(slug, email);
  await page.goto(firmUrl(slug, `/questionnaire/${q.hash}?questionnaireId=${q.questionnaireId}&sectionId=${q.section("draft_return_review")}`));
  await expect(page.getByRole("heading", { name: "Review Your Draft Return" })).toBeVisible();

  const viewer = page.getByTestId("pdf-viewer");
  await expectRendered(viewer);
  await expect(viewer).toHaveAttribute("data-pages", "3");
  // Page navigation by button and by key; zoom.
  await viewer.getByRole("button", { name: "Next page" }).click();
  await expectRendered(viewer, 2);
  await viewer.focus();
  await page.keyboard.press("ArrowRight");
  await expectRendered(viewer, 3);
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByRole("button", { name: "Fit to width" })).toHaveText("125%");
  await viewer.getByRole("button", { name: "Fit to width" }).click();
  await screenshot(page, `${shot}-review`);

  // Request changes: a reason is required.
  await page.getByRole("button", { name: "Request Changes" }).click();
  const dialog = page.getByRole("dialog", { name: "Request Changes" });
  await expect(dialog.getByRole("button", { name: "Send Request" })).toBeDisabled();
  await dialog.getByLabel("Reason").fill("Please add the second brokerage account.");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Changes requested successfully")).toBeVisible();
  await expect(page.getByText("You requested changes")).toBeVisible();

  // Approve.
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Document approved successfully")).toBeVisible();
  await expect(page.getByText("You approved this document.")).toBeVisible();
  const [review] = await sql<{ marked_completed: boolean; changes_requested: string | null }>(
    `SELECT marked_completed, changes_requested FROM sections WHERE id = $1`,
    [q.section("draft_return_review")],
  );
  expect(review).toEqual({ marked_completed: true, changes_requested: null });

  // Sign the PDF.
  await page.goto(firmUrl(slug, `/questionnaire/${q.hash}?questionnaireId=${q.questionnaireId}&sectionId=${q.section("efile_authorization")}`));
  await expect(page.getByRole("heading", { name: "Sign the E-file Authorization" })).toBeVisible();
  await expectRendered(page.getByTestId("pdf-viewer"));
  const name = page.getByLabel("Type your full name to sign");
  await expect(page.getByRole("button", { name: "Sign", exact: true })).toBeDisabled();
  await name.fill(signer);
  await screenshot(page, `${shot}-sign`);
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByText("Document signed successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Download signed copy" })).toBeVisible();
  // The signed copy (original pages and a certificate page) is what the viewer now shows.
  const signedViewer = page.getByTestId("pdf-viewer");
  await expectRendered(signedViewer);
  await expect(signedViewer).toHaveAttribute("data-pages", "2");
  await screenshot(page, `${shot}-signed-stamp`);
  await signedViewer.getByRole("button", { name: "Next page" }).click();
  await expectRendered(signedViewer, 2);
  await screenshot(page, `${shot}-signed`);
  const [signed] = await sql<{ name: string; original: string }>(
    `SELECT d.name, o.name AS original FROM sections s JOIN documents d ON d.id = s.signed_document_id JOIN documents o ON o.id = s.document_id WHERE s.id = $1`,
    [q.section("efile_authorization")],
  );
  expect(signed).toEqual({ name: "Form 8879 E-file Authorization (signed).pdf", original: "Form 8879 E-file Authorization.pdf" });
  return q;
}

test("a client reviews, approves and signs PDFs at desktop width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInClient(page, "acme", "client@acme.test");
  await reviewAndSign(page, "acme", "client@acme.test", "Jordan Rivera", "pdf-acme-desktop");
});

test("a client reviews and signs PDFs on a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInClient(page, "summit", "client@summit.test");
  // Summit requires the first section (the checklist) first: later sections are locked until then.
  const request = await reviewRequest("summit", "client@summit.test");
  await page.goto(
    firmUrl("summit", `/questionnaire/${request.hash}?questionnaireId=${request.questionnaireId}&sectionId=${request.section("draft_return_review")}`),
  );
  await expect(page.getByText("Please complete the first section before proceeding.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Request Changes" })).toHaveCount(0);
  await screenshot(page, "pdf-summit-375-locked");
  await page.getByRole("button", { name: "Go to the first section" }).click();
  await expect(page.getByRole("heading", { name: "Year-End Documents" })).toBeVisible();
  await page.getByRole("button", { name: "Mark checklist complete" }).click();
  await expect(page.getByRole("status", { name: "Checklist progress" })).toContainText("marked complete");
  const q = await reviewAndSign(page, "summit", "client@summit.test", "Taylor Morgan", "pdf-summit-375");
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);

  // Download: the download_document section completes when downloaded.
  await page.goto(firmUrl("summit", `/questionnaire/${q.hash}?questionnaireId=${q.questionnaireId}&sectionId=${q.section("organizer_copy")}`));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download 2025 Engagement Summary.pdf" }).click();
  expect((await download).suggestedFilename()).toBe("2025 Engagement Summary.pdf");
  await expect(page.getByText("Downloaded", { exact: true })).toBeVisible();
});

test("a client previews a PDF from the document browser", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInClient(page, "acme", "client@acme.test");
  const q = await reviewRequest("acme", "client@acme.test");
  await page.goto(firmUrl("acme", `/documents/${q.hash}?path=${encodeURIComponent("/2025")}`));
  await page.getByRole("button", { name: "Preview 2025 Draft Return.pdf" }).click();
  const dialog = page.getByRole("dialog", { name: "2025 Draft Return.pdf" });
  const viewer = dialog.getByTestId("pdf-viewer");
  await expectRendered(viewer);
  await expect(viewer).toHaveAttribute("data-pages", "3");
  await screenshot(page, "pdf-acme-document-preview");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Preview 2025 Draft Return.pdf" }).click();
  await expectRendered(page.getByRole("dialog").getByTestId("pdf-viewer"));
  await screenshot(page, "pdf-acme-document-preview-375");
});

test("a client works through the document checklist: upload, preview, remove, complete", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInClient(page, "summit", "client@summit.test");
  const q = await reviewRequest("summit", "client@summit.test");
  await page.goto(firmUrl("summit", `/questionnaire/${q.hash}?questionnaireId=${q.questionnaireId}&sectionId=${q.section("year_end_documents")}`));
  await expect(page.getByRole("heading", { name: "Year-End Documents" })).toBeVisible();
  const summary = page.getByRole("status", { name: "Checklist progress" });
  await expect(summary).toContainText("0 of 2 required documents provided");

  const { PDFDocument, StandardFonts } = await import("@cantoo/pdf-lib");
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText("December bank statement - Operating account", { x: 72, y: 700, size: 20, font });
  const buffer = Buffer.from(await pdf.save());

  const bank = page.locator("section[data-status]").filter({ hasText: "December bank statements" });
  await bank.locator('input[type="file"]').setInputFiles({ name: "december-bank.pdf", mimeType: "application/pdf", buffer });
  await expect(page.getByText("Document(s) uploaded successfully")).toBeVisible();
  await expect(bank.getByText("december-bank.pdf")).toBeVisible();
  await expect(summary).toContainText("1 of 2 required documents provided");

  // Preview the upload in the viewer.
  await bank.getByRole("button", { name: "Preview december-bank.pdf" }).click();
  const dialog = page.getByRole("dialog", { name: "december-bank.pdf" });
  await expectRendered(dialog.getByTestId("pdf-viewer"));
  await screenshot(page, "pdf-summit-checklist-preview");
  await dialog.getByRole("button", { name: "Close" }).last().click();

  // Remove it, upload it again, and mark the other one provided elsewhere: the checklist is complete.
  await bank.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Document removed successfully")).toBeVisible();
  await expect(summary).toContainText("0 of 2 required documents provided");
  await bank.locator('input[type="file"]').setInputFiles({ name: "december-bank.pdf", mimeType: "application/pdf", buffer });
  await expect(bank.getByText("december-bank.pdf")).toBeVisible();
  const payroll = page.locator("section[data-status]").filter({ hasText: "payroll summary" });
  await questionAction(payroll, "Provided Elsewhere");
  await expect(summary).toContainText("2 of 2 required documents provided");
  await expect(page.getByRole("button", { name: /Year-End Documents/ }).getByRole("img", { name: "Completed" })).toBeVisible();
  await screenshot(page, "pdf-summit-checklist-complete");
});

test("an advisor's preview shows the client's PDFs in the viewer and saves nothing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "advisor@acme.test");
  const q = await reviewRequest("acme", "client@acme.test");
  const [{ company_id }] = await sql<{ company_id: string }>(`SELECT company_id FROM questionnaires WHERE id = $1`, [q.questionnaireId]);
  await page.goto(firmUrl("acme", `/preview/${company_id}/questionnaire/${q.questionnaireId}?sectionId=${q.section("final_return_delivery")}`));
  await expect(page.getByRole("heading", { name: "Your Final Return" })).toBeVisible();
  const viewer = page.getByTestId("pdf-viewer");
  await expectRendered(viewer);
  await expect(viewer).toHaveAttribute("data-pages", "2");
  await expect(page.getByRole("button", { name: "Confirm receipt" })).toHaveCount(0);
  const [{ marked_completed }] = await sql<{ marked_completed: boolean }>(`SELECT marked_completed FROM sections WHERE id = $1`, [
    q.section("final_return_delivery"),
  ]);
  expect(marked_completed).toBe(false);
});
