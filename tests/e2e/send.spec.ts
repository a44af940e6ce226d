/**
 * Send Questionnaire dialog: a partner sends the Schedule C template to two entities from the
 * entity view (one preselected, one found by search), and the clients' emails are in the outbox.
 * Screenshots of the dialog at 1280 and 375 px for both demo firms (different brand and words).
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, nextMessage, outboxMark, screenshot, signIn, sql } from "./support";

async function entityHash(slug: string, name: string): Promise<string> {
  const rows = await sql<{ hash_id: string }>(`SELECT c.hash_id FROM companies c JOIN firms f ON f.id = c.firm_id WHERE f.slug = $1 AND c.name = $2`, [
    slug,
    name,
  ]);
  return rows[0].hash_id;
}

async function ownerEmail(slug: string, name: string): Promise<string> {
  const rows = await sql<{ email: string }>(
    `SELECT u.email FROM companies c JOIN firms f ON f.id = c.firm_id JOIN users u ON u.id = c.primary_owner_id WHERE f.slug = $1 AND c.name = $2`,
    [slug, name],
  );
  return rows[0].email;
}

async function openDialog(page: Page, slug: string, entity: string, button: RegExp) {
  await page.goto(firmUrl(slug, `/admin/${await entityHash(slug, entity)}`));
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("combobox", { name: /^Template/ })).toBeVisible();
  return dialog;
}

test("a partner sends the Schedule C template to two entities; a client answers and submits it; the partner sees it completed in Collect", async ({
  page,
  browser,
}) => {
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
  // The entity picker is a combobox: type, then pick a match with the arrow keys and Enter.
  const entities = dialog.getByRole("combobox", { name: /Entities|Clients/ });
  await entities.fill("Rivera Design");
  await expect(dialog.getByRole("option", { name: /Rivera Design Studio LLC/ })).toBeVisible();
  await entities.press("ArrowDown");
  await entities.press("Enter");
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

  // The client of Rivera Design Studio LLC follows the link in the email, signs in, answers and submits.
  const invite = await nextMessage("acme", await ownerEmail("acme", "Rivera Design Studio LLC"), mark, "email");
  const path = invite.body.match(/\/questionnaire\/[A-Za-z0-9_-]+\?questionnaireId=[A-Za-z0-9_-]+/)?.[0];
  expect(path).toBeTruthy();
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const client = await clientContext.newPage();
    await signIn(client, "acme", "client@acme.test");
    await expect(client.getByRole("button", { name: /^Account menu for / })).toBeVisible();
    await client.goto(firmUrl("acme", path!));
    await expect(client.getByRole("heading", { name: "Schedule C Business Organizer" })).toBeVisible();
    const businessName = client.locator("section[data-status]").filter({ hasText: "Business name" }).first();
    await businessName.getByRole("textbox").fill("Rivera Design Studio");
    await expect(businessName.getByRole("status")).toHaveText("Saved");
    // Submit is on the last section.
    await client.getByRole("navigation", { name: "Sections" }).getByRole("button").last().click();
    await client.getByRole("button", { name: "Submit", exact: true }).click();
    await client.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await expect(client.getByRole("dialog", { name: "Thank you!" })).toBeVisible();
    await screenshot(client, "acme-schedule-c-submitted");
  } finally {
    await clientContext.close();
  }

  // Collect shows it completed.
  await page.goto(firmUrl("acme", `/?q=${encodeURIComponent("Rivera Design Studio")}`));
  const row = page.getByRole("row").filter({ hasText: "Schedule C Business Organizer" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Completed");
  await screenshot(page, "acme-collect-schedule-c-completed");

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
  const entity = (
    await sql<{ name: string }>(
      `SELECT c.name FROM companies c JOIN firms f ON f.id = c.firm_id WHERE f.slug = 'summit' AND c.entity_type <> 'drop_link' AND NOT c.inactive ORDER BY c.name LIMIT 1`,
    )
  )[0].name;
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

test("templates: a partner duplicates a canned template, edits it and deletes it; an admin has no access", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  await expect(page.getByText("No templates of your own yet")).toBeVisible();
  await screenshot(page, "acme-templates");
  await page.getByRole("button", { name: "Duplicate Farm Questionnaire" }).click();
  await expect(page.getByText("Template duplicated")).toBeVisible();
  await expect(page.getByLabel("Template name")).toHaveValue("Copy of Farm Questionnaire");
  await page.getByLabel("Template name").fill("Farm and Ranch Organizer");
  const firstSection = page.locator("section").filter({ has: page.getByRole("heading", { name: /^Section 1/ }) });
  await firstSection.getByRole("button", { name: "Add question" }).click();
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Please fix the highlighted fields.")).toBeVisible();
  await expect(page.getByText("Please enter the question text")).toBeVisible();
  const fields = firstSection.getByLabel(/^Question \d+/);
  await fields.last().fill("How many acres did you farm?");
  await screenshot(page, "acme-template-editor");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Template saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Farm and Ranch Organizer" })).toBeVisible();
  const saved = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM template_questions q JOIN questionnaire_templates t ON t.id = q.template_id WHERE t.name = 'Farm and Ranch Organizer' AND q.text = 'How many acres did you farm?'`,
  );
  expect(Number(saved[0].n)).toBe(1);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "acme-templates-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Delete Farm and Ranch Organizer" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Template deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Farm and Ranch Organizer" })).toHaveCount(0);

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, "acme", "admin@acme.test");
  await expect(adminPage.getByRole("link", { name: "Templates" })).toHaveCount(0);
  await adminPage.goto(firmUrl("acme", "/templates"));
  await expect(adminPage.getByText("You don't have access to templates.")).toBeVisible();
  await admin.close();
});

test("a refusal only the server can make (an entity made inactive meanwhile) lands on the Entities field and keeps what was typed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const entity = "Marcus Johnson";
  const dialog = await openDialog(page, "acme", entity, /^Send Organizer$/);
  await dialog.getByRole("tab", { name: "Custom" }).click();
  await dialog.getByLabel("Subject").fill("Year-end payroll items");
  await dialog.getByLabel("Item 1", { exact: true }).fill("Last payroll register");
  const mark = await outboxMark("acme");
  // Made inactive after the dialog checked everything it could.
  await sql(`UPDATE companies SET inactive = true WHERE name = $1 AND firm_id = (SELECT id FROM firms WHERE slug = 'acme')`, [entity]);
  try {
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    const picker = dialog.getByRole("combobox", { name: /Entities|Clients/ });
    await expect(picker).toHaveAttribute("aria-invalid", "true");
    // The field's own message (its error element), not only the toast.
    await expect(dialog.locator(`#${await picker.getAttribute("id")}-error`)).toHaveText(`Entity is inactive: ${entity}`);
    // Nothing typed is lost, and the dialog stays open.
    await expect(dialog.getByLabel("Subject")).toHaveValue("Year-end payroll items");
    await expect(dialog.getByLabel("Item 1", { exact: true })).toHaveValue("Last payroll register");
    await expect(dialog.getByRole("list", { name: "Selected entities" })).toContainText(entity);
    await screenshot(page, "acme-send-dialog-server-refusal");
    const made = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM questionnaires q JOIN firms f ON f.id = q.firm_id WHERE f.slug = 'acme' AND q.name = 'Year-end payroll items' AND q.created_at > $1`,
      [mark],
    );
    expect(made[0].n).toBe(0);
  } finally {
    await sql(`UPDATE companies SET inactive = false WHERE name = $1 AND firm_id = (SELECT id FROM firms WHERE slug = 'acme')`, [entity]);
  }
});

test("a send to 10 or more entities asks for confirmation first and sends only once confirmed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const names = (
    await sql<{ name: string }>(
      `SELECT c.name FROM companies c JOIN firms f ON f.id = c.firm_id
        WHERE f.slug = 'acme' AND NOT c.inactive AND c.deleted_at IS NULL AND c.entity_type <> 'drop_link' AND c.name <> 'Chen Photography LLC'
        ORDER BY c.name LIMIT 9`,
    )
  ).map((row) => row.name);
  expect(names).toHaveLength(9);
  const dialog = await openDialog(page, "acme", "Chen Photography LLC", /^Send Organizer$/);
  await dialog.getByRole("combobox", { name: /^Template/ }).selectOption({ label: "Schedule C Business Organizer" });
  await dialog.getByRole("button", { name: "14 days" }).click();
  const entities = dialog.getByRole("combobox", { name: /Entities|Clients/ });
  const selected = dialog.getByRole("list", { name: "Selected entities" });
  for (const name of names) {
    await entities.fill(name);
    await dialog.getByRole("option", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }).click();
    await expect(selected).toContainText(name);
  }
  await expect(selected.getByRole("listitem")).toHaveCount(10);

  const schedulers = async (since: Date) =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM template_schedulers s JOIN firms f ON f.id = s.firm_id WHERE f.slug = 'acme' AND s.created_at > $1`,
        [since],
      )
    )[0].n;
  const questionnaires = async (since: Date) =>
    (
      await sql<{ n: number }>(`SELECT count(*)::int AS n FROM questionnaires q JOIN firms f ON f.id = q.firm_id WHERE f.slug = 'acme' AND q.created_at > $1`, [
        since,
      ])
    )[0].n;
  const [{ now: before }] = await sql<{ now: Date }>(`SELECT now() AS now`);

  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Send to 10 entities?" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/^(Questionnaires|Organizers) will be created for 10 entities\. Large sends finish in the background\.$/)).toBeVisible();
  await screenshot(page, "acme-send-dialog-bulk-confirm");
  // Cancelled: nothing is sent, the send dialog is still there with its choices.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(selected.getByRole("listitem")).toHaveCount(10);
  expect(await schedulers(before)).toBe(0);
  expect(await questionnaires(before)).toBe(0);

  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Large sends run in the background: a scheduler row for the ten entities.
  await expect.poll(() => schedulers(before)).toBe(1);
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM template_scheduler_companies sc JOIN template_schedulers s ON s.id = sc.scheduler_id WHERE s.created_at > $1`,
    [before],
  );
  expect(row.n).toBe(10);
});
