/**
 * Signature requests in the browser: Acme's partner uploads a document for the Rivera entity
 * through the dialog (straight to the store), places Jordan's signature box on the review page and
 * sends it; Jordan, on a phone (375 px), finds it on the dashboard, draws a signature, finishes and
 * sees the signed copy; the partner sees Signed in the table. Screens of both demo firms at 1280
 * and 375 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { pdfBytes } from "./deliver-support";
import { firmUrl, forgetSession, signIn, sql } from "./support";

const SHOTS = "/work/shots/sigreq";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(found, `${what} has accessibility violations`).toEqual([]);
}

/** Uploads `formName` for the entity found by `entitySearch` through the dialog; resolves on the review page once processed. */
async function uploadRequest(page: Page, slug: string, entitySearch: string, entityName: string, formName: string) {
  await page.goto(firmUrl(slug, "/signature-requests"));
  await page.getByRole("navigation").getByRole("link", { name: "Signature requests" }).first().waitFor();
  await page.getByRole("button", { name: "Upload signature request" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload signature request" });
  await dialog.getByLabel("Entity").fill(entitySearch);
  await page.getByRole("option", { name: entityName }).click();
  await dialog.getByLabel("Document name").fill(formName);
  await dialog.getByLabel("Document PDF(s)").setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: await pdfBytes(2) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Upload successful")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/review-signature-request\//);
  // The job reads the PDF within seconds: the page shows the editor once it is ready.
  await expect(async () => {
    await page.reload();
    await expect(page.locator('[data-page="1"] canvas[data-rendered="true"]')).toBeAttached({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const [row] = await sql<{ id: string; company_id: string }>(`SELECT id, company_id FROM signature_requests WHERE form_name = $1`, [formName]);
  return row!;
}

test.afterAll(async () => {
  await sql(`UPDATE signature_requests SET deleted_at = now() WHERE form_name LIKE 'E2E %' AND deleted_at IS NULL`);
});

test("a partner sends a signature request; the client signs it on a phone", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const formName = `E2E Engagement Letter ${Date.now()}`;
  const req = await uploadRequest(page, "acme", "Rivera", "Jordan & Casey Rivera", formName);

  // Jordan signs alone: Casey unchecked, Jordan's signature box on page 1.
  const jordan = page.getByRole("checkbox", { name: /Jordan Rivera/ });
  const casey = page.getByRole("checkbox", { name: /Casey Rivera/ });
  if (!(await jordan.isChecked())) await jordan.check();
  if (await casey.isChecked()) await casey.uncheck();
  const page1 = page.getByTestId("placement-page-1");
  await page1.scrollIntoViewIfNeeded();
  const box = (await page1.boundingBox())!;
  await page1.click({ position: { x: box.width * 0.35, y: box.height * 0.7 } });
  await expect(page.getByRole("button", { name: /^Signature: Jordan Rivera, page 1/ })).toBeVisible();
  await page.getByLabel("Message to the signers").fill("Please sign this week.");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "acme-review-1280");
  await expectAccessible(page, "the review page");
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Signature request sent for signature")).toBeVisible();
  await expect(page.getByText("Not signed yet")).toBeVisible();
  // Each step is in the request's activity.
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(activity.getByText("Signature boxes placed")).toBeVisible();
  await expect(activity.getByText("Signature request uploaded")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "acme-review-sent-375");
  await forgetSession(page);

  // The client, on a phone: the dashboard card, then signing.
  const [entity] = await sql<{ hash_id: string }>(`SELECT hash_id FROM companies WHERE id = $1`, [req.company_id]);
  await signIn(page, "acme", "client@acme.test");
  await page.goto(firmUrl("acme", `/?entity=${entity!.hash_id}`));
  const card = page.getByTestId("signature-request-card").filter({ hasText: formName });
  await expect(card.getByRole("link", { name: `Sign: ${formName}` })).toBeVisible();
  await shot(page, "acme-dashboard-375");
  await card.getByRole("link", { name: `Sign: ${formName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/review-signature-request/${req.id}`));
  await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
  const finish = page.getByRole("button", { name: "Finish" });
  await expect(finish).toBeDisabled();
  await shot(page, "acme-sign-375");
  await page.getByTestId("my-signature-field").click();
  const pad = page.getByTestId("signature-pad");
  const p = (await pad.boundingBox())!;
  await page.mouse.move(p.x + 20, p.y + p.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(p.x + 20 + i * ((p.width - 40) / 12), p.y + p.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Adopt and sign" }).click();
  await expect(page.getByTestId("field-done")).toHaveCount(1);
  await finish.click();
  await expect(page.getByText("Thank you! The document is signed.")).toBeVisible();
  await expect(page.getByText("Every signature is done. This is the signed copy.")).toBeVisible();
  const [row] = await sql<{ status: string; signed_document_key: string | null }>(
    `SELECT status::text, signed_document_key FROM signature_requests WHERE id = $1`,
    [req.id],
  );
  expect(row).toMatchObject({ status: "signed" });
  expect(row!.signed_document_key).toBeTruthy();
  await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
  await shot(page, "acme-signed-375");
  await expectAccessible(page, "the client's signed request");
  await forgetSession(page);

  // The partner sees Signed in the table.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", `/signature-requests?q=Rivera`));
  const tableRow = page.getByRole("row").filter({ hasText: formName });
  await expect(tableRow.getByText("Signed", { exact: true })).toBeVisible();
  await shot(page, "acme-table-1280");
  await expectAccessible(page, "the signature requests table");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "acme-table-375");
  await forgetSession(page);
});

test("Summit: the table, the upload dialog and the review page", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/signature-requests"));
  await page.getByRole("button", { name: "Upload signature request" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload signature request" });
  await dialog.getByLabel("Document name").fill("E2E Consent");
  await dialog.getByRole("button", { name: "Upload" }).click();
  // In the firm's words (Summit says account).
  await expect(dialog.getByText("Select exactly one account.")).toBeVisible();
  await expect(dialog.getByText("Add a PDF to sign.")).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
  await page.screenshot({ path: `${SHOTS}/summit-upload-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await uploadRequest(page, "summit", "Morgan", "Morgan Outdoor Gear Inc", `E2E Consent ${Date.now()}`);
  await shot(page, "summit-review-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "summit-review-375");
  await page.goto(firmUrl("summit", "/signature-requests"));
  await expect(page.getByRole("row").filter({ hasText: "E2E Consent" }).first()).toBeVisible();
  await shot(page, "summit-table-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "summit-table-1280");
  await forgetSession(page);
});
