/**
 * Uploads from outside the document browser:
 * - a client drops off files for a questionnaire at /document-drop-off (a document name per file,
 *   an invalid file skipped with the spec's INVALID message, progress), and finds them in Documents;
 * - a Summit partner issues a secure upload link from the entity's Documents page, a visitor sends
 *   a file with it without signing in, and the partner is notified.
 * Screens at 1280 and 375 px, in both demo firms' branding.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

const PDF = Buffer.from("%PDF-1.4\n% drop-off e2e\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
const INVALID = "We were unable to process some of uploaded files as they appear to be INVALID. Kindly check those files and try uploading them again.";

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a client drops off files for a questionnaire, naming each; an invalid file is skipped", async ({ page }) => {
  const [target] = await sql<{ questionnaire_id: string; company_id: string; hash_id: string }>(
    `SELECT q.id AS questionnaire_id, c.id AS company_id, c.hash_id FROM questionnaires q
       JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = 'client@acme.test' AND q.deleted_at IS NULL AND c.deleted_at IS NULL AND NOT c.inactive
      ORDER BY q.created_at LIMIT 1`,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("acme", `/document-drop-off?${new URLSearchParams({ questionnaireId: target.questionnaire_id, companyId: target.company_id })}`));
  await expect(page.getByRole("heading", { name: "Drop off documents" })).toBeVisible();
  const folder = /filed in (\/.+)\.$/.exec((await page.getByText(/filed in \//).textContent()) ?? "")?.[1];
  expect(folder).toBeTruthy();
  await expect(page.getByText("Max size 150 MB", { exact: false })).toBeVisible();

  const stamp = Date.now();
  await page.getByTestId("drop-off-file-input").setInputFiles([
    { name: `w2-scan-${stamp}.pdf`, mimeType: "application/pdf", buffer: PDF },
    { name: "Not really.pdf", mimeType: "application/pdf", buffer: PNG },
    { name: `receipt-${stamp}.png`, mimeType: "image/png", buffer: PNG },
  ]);
  await expect(page.getByText(INVALID)).toBeVisible();
  const files = page.getByRole("list", { name: "Files to send" });
  await expect(files.getByText("File type not supported yet")).toBeVisible();

  // Every file needs a document name.
  const w2Name = page.getByLabel(`Document name for w2-scan-${stamp}.pdf`);
  await expect(w2Name).toHaveValue(`w2-scan-${stamp}`);
  await w2Name.fill("");
  await page.getByRole("button", { name: "Send 2 files" }).click();
  await expect(page.getByText("Please enter a document name.").first()).toBeVisible();
  await expect(w2Name).toBeFocused();
  await w2Name.fill(`W-2 Employer ${stamp}`);
  await page.getByLabel(`Document name for receipt-${stamp}.png`).fill(`Daycare receipt ${stamp}`);
  await screenshot(page, "acme-drop-off-named");

  await page.getByRole("button", { name: "Send 2 files" }).click();
  await expect(page.getByText(/Document\(s\) uploaded successfully: 2 of 2 files sent to /)).toBeVisible();
  await expect(files.locator("[data-upload-status='done']")).toHaveCount(2);
  await expect(files.getByRole("progressbar")).toHaveCount(2);
  await screenshot(page, "acme-drop-off-sent");
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "acme-drop-off-sent-mobile");
  await noHorizontalScroll(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(firmUrl("acme", `/documents/${target.hash_id}?${new URLSearchParams({ path: folder! })}`));
  const list = page.getByRole("list", { name: "Documents" });
  await expect(list.getByText(`W-2 Employer ${stamp}.pdf`, { exact: true })).toBeVisible();
  await expect(list.getByText(`Daycare receipt ${stamp}.png`, { exact: true })).toBeVisible();
  await expect(list.getByText("Not really.pdf")).toHaveCount(0);
});

test("a partner issues a secure upload link; a visitor sends a file without signing in; the partner is notified", async ({ page, browser }) => {
  const [entity] = await sql<{ hash_id: string; name: string }>(
    `SELECT c.hash_id, c.name FROM companies c JOIN firms f ON f.id = c.firm_id
      WHERE f.slug = 'summit' AND c.deleted_at IS NULL AND NOT c.inactive AND c.entity_type <> 'drop_link' ORDER BY c.name LIMIT 1`,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("summit", `/admin/${entity.hash_id}/documents`));
  await page.getByRole("button", { name: "Secure upload link" }).click();
  const dialog = page.getByRole("dialog", { name: "Secure upload link" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const field = dialog.getByLabel("Link");
  await expect(field).toHaveValue(/\/secure-upload\?token=[A-Za-z0-9_-]{20,}$/);
  const url = await field.inputValue();
  await expect(dialog.getByText(/Expires on /)).toBeVisible();
  await screenshot(page, "summit-secure-upload-link");
  await dialog.getByRole("button", { name: "Done" }).click();

  const visitor = await browser.newContext();
  const upload = await visitor.newPage();
  await upload.setViewportSize({ width: 375, height: 812 });
  await upload.goto(url);
  await expect(upload.getByRole("heading", { name: "Secure upload" })).toBeVisible();
  const stamp = Date.now();
  await upload.getByTestId("drop-off-file-input").setInputFiles({ name: `scan-${stamp}.pdf`, mimeType: "application/pdf", buffer: PDF });
  await upload.getByLabel(`Document name for scan-${stamp}.pdf`).fill(`Property tax bill ${stamp}`);
  await upload.getByRole("button", { name: "Send files" }).click();
  await expect(upload.getByText(/Upload successful: 1 of 1 file sent to /)).toBeVisible();
  await screenshot(upload, "summit-secure-upload-sent-mobile");
  await noHorizontalScroll(upload);
  await visitor.close();

  await expect
    .poll(
      async () =>
        (
          await sql(
            `SELECT 1 FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'partner@summit.test' AND n.text LIKE '1 file uploaded for %secure upload link'`,
          )
        ).length,
    )
    .toBeGreaterThan(0);
  await page.goto(firmUrl("summit", `/admin/${entity.hash_id}/documents?${new URLSearchParams({ path: "/Secure upload" })}`));
  await expect(page.getByRole("list", { name: "Documents" }).getByText(`Property tax bill ${stamp}.pdf`, { exact: true })).toBeVisible();
  await screenshot(page, "summit-secure-upload-arrived");
});
