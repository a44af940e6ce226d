/**
 * Send Questionnaire dialog: a partner sends the Schedule C template to two entities from the
 * entity view (one preselected, one found by search), and the clients' emails are in the outbox.
 * Screenshots of the dialog at 1280 and 375 px for both demo firms (different brand and words).
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, nextMessage, outboxMark, screenshot, signIn, sql } from "./support";

async function entityHash(slug: string, name: string): Promise<string> {
  const rows = await sql<{ hash_id: string }>(`SELECT c.hash_id FROM companies c JOIN firms f ON f.id = c.firm_id WHERE f.slug = $1 AND c.name = $2`, [slug, name]);
  return rows[0].hash_id;
}

async function ownerEmail(slug: string, name: string): Promise<string> {
  const rows = await sql<{ email: string }>(`SELECT u.email FROM companies c JOIN firms f ON f.id = c.firm_id JOIN users u ON u.id = c.primary_owner_id WHERE f.slug = $1 AND c.name = $2`, [slug, name]);
  return rows[0].email;
}

async function openDialog(page: Page, slug: string, entity: string, button: RegExp) {
  await page.goto(firmUrl(slug, `/admin/${await entityHash(slug, entity)}`));
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("combobox", { name: /^Template/ })).toBeVisible();
  return dialog;
}

test("a partner sends the Schedule C template to two entities; the clients are emailed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const dialog = await openDialog(page, "acme", "Chen Photography LLC", /^Send Organizer$/);
  await expect(dialog.getByRole("list", { name: "Selected entities" })).toContainText("Chen Photography LLC");

  // Nothing chosen yet: Send stays disabled; the spec's messages show once we try to save a draft.
  const send = dialog.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeDisabled();
  await dialog.getByRole("button", { name: "Save Draft" }).click();
  await expect(dialog.getByText("Please select a template")).toBeVisible();

  await dialog.getByRole("combobox", { name: /^Template/ }).selectOption({ label: "Schedule C Business Organizer" });
  await expect(dialog.getByRole("combobox", { name: /^Tax year/ }).first()).toHaveValue("2025");
  await dialog.getByRole("button", { name: "14 days" }).click();
  await dialog.getByRole("searchbox").first().fill("Rivera Design");
  await dialog.getByRole("button", { name: /Rivera Design Studio LLC/ }).click();
  await expect(dialog.getByRole("list", { name: "Selected entities" })).toContainText("Rivera Design Studio LLC");

  // Scheduled: a frequency is needed and Save Draft is disabled.
  await dialog.getByLabel("Schedule for later").check();
  await expect(dialog.getByRole("button", { name: "Save Draft" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Schedule" })).toBeEnabled();
  await screenshot(page, "acme-send-dialog-scheduled");
  await dialog.getByLabel("Schedule for later").uncheck();
  await screenshot(page, "acme-send-dialog");

  const mark = await outboxMark("acme");
  await send.click();
  await expect(page.getByText("Questionnaire(s) sent successfully").or(page.getByText("Organizer(s) sent successfully"))).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  for (const entity of ["Chen Photography LLC", "Rivera Design Studio LLC"]) {
    const mail = await nextMessage("acme", await ownerEmail("acme", entity), mark, "email");
    expect(mail.subject).toBe("Acme Tax & Advisory sent you your 2025 Schedule C Business Questionnaire");
    expect(mail.body).toMatch(/\/questionnaire\/[A-Za-z0-9_-]+\?questionnaireId=/);
  }
  const made = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = 'acme' AND q.name = 'Schedule C Business Questionnaire' AND q.created_at > $1 AND c.name IN ('Chen Photography LLC', 'Rivera Design Studio LLC')`,
    [mark],
  );
  expect(Number(made[0].n)).toBe(2);

  await page.setViewportSize({ width: 375, height: 800 });
  const mobile = await openDialog(page, "acme", "Chen Photography LLC", /^Send Organizer$/);
  await mobile.getByRole("tab", { name: "Document Drop Off" }).click();
  await screenshot(page, "acme-send-dialog-dropoff-mobile");
  await mobile.getByRole("tab", { name: "Template" }).click();
  await screenshot(page, "acme-send-dialog-mobile");
});

test("summit: the dialog in the firm's words and colours, at 1280 and 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  const entity = (await sql<{ name: string }>(`SELECT c.name FROM companies c JOIN firms f ON f.id = c.firm_id WHERE f.slug = 'summit' AND c.entity_type <> 'drop_link' AND NOT c.inactive ORDER BY c.name LIMIT 1`))[0].name;
  const dialog = await openDialog(page, "summit", entity, /^Send Checklist$/);
  await dialog.getByRole("tab", { name: "Custom" }).click();
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog.getByText("Please enter a subject")).toBeVisible();
  await screenshot(page, "summit-send-dialog-custom");
  await dialog.getByRole("tab", { name: "Template" }).click();
  await screenshot(page, "summit-send-dialog");
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "summit-send-dialog-mobile");
});
