/**
 * An advisor selects a questionnaire on Collect, opens Send Reminders, customises the texts with a
 * tag and sends: the client gets the email with the tag replaced, and Activities shows it.
 * Screens at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

test("an advisor sends a customised reminder from Collect", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // An open, sent questionnaire of Acme whose owner has an email.
  const [target] = await sql<{ id: string; name: string; client: string; email: string; fname: string }>(
    `SELECT q.id, q.name, c.name AS client, u.email, u.fname
       FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users u ON u.id = c.primary_owner_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = 'acme' AND NOT q.locked AND NOT q.completed AND NOT q.is_draft AND q.sent_at IS NOT NULL AND q.deleted_at IS NULL
        AND NOT c.inactive AND u.email IS NOT NULL AND NOT u.has_temp_email AND u.paying
        AND EXISTS (SELECT 1 FROM owner_notification_subscriptions s WHERE s.company_id = c.id AND s.user_id = u.id AND s.notification_type_id = 3)
      ORDER BY q.last_activity_at DESC NULLS LAST LIMIT 1`,
  );
  expect(target).toBeTruthy();

  await signIn(page, "acme", "advisor@acme.test");
  await page.goto(firmUrl("acme", `/?q=${encodeURIComponent(target!.client)}`));
  // Rows are labelled 'Select {owner}: {questionnaire}, {entity}' (or 'Select {entity}: …' without an owner).
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // The target questionnaire's own row (the entity may have finished ones too, which get no reminder).
  const row = page.getByRole("checkbox", { name: new RegExp(`^Select .*: ${escape(target!.name)}, ${escape(target!.client)}`) }).first();
  await row.check();
  await page.getByRole("toolbar", { name: "Selected rows" }).getByRole("button", { name: "Send reminders" }).click();

  const dialog = page.getByRole("dialog", { name: "Send Reminders" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("reminder-preview")).toContainText("Hi Jordan,");
  await dialog.getByText("Customize the reminder texts").click();
  const subject = dialog.getByLabel("Email subject");
  await subject.fill("A quick nudge, ");
  await dialog.getByRole("button", { name: "{client_fname}" }).click();
  await expect(subject).toHaveValue("A quick nudge, {client_fname}");
  await expect(dialog.getByTestId("reminder-preview")).toContainText("A quick nudge, Jordan");
  await screenshot(page, "reminders-dialog-desktop");

  const sentAfter = new Date(Date.now() - 1000);
  await dialog.getByRole("button", { name: "Send reminders" }).click();
  await expect(page.getByText("Reminders sent successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const deadline = Date.now() + 10_000;
  let rows: { subject: string | null }[] = [];
  while (Date.now() < deadline) {
    rows = await sql<{ subject: string | null }>(`SELECT subject FROM outbound_messages WHERE "to" = $1 AND channel = 'email' AND created_at > $2`, [
      target!.email,
      sentAfter,
    ]);
    if (rows.length) break;
    await page.waitForTimeout(200);
  }
  expect(rows.map((r) => r.subject)).toContain(`A quick nudge, ${target!.fname}`);

  await page.goto(firmUrl("acme", "/activities?type_id=3&search=Sent+a+reminder"));
  await expect(page.getByTestId("activity-list").locator("li").first()).toContainText("Sent a reminder");

  // Phones: the dialog fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(firmUrl("acme", `/?q=${encodeURIComponent(target!.client)}`));
  await page
    .getByRole("checkbox", { name: new RegExp(`^Select .*: ${escape(target!.name)}, ${escape(target!.client)}`) })
    .first()
    .check();
  await page.getByRole("toolbar", { name: "Selected rows" }).getByRole("button", { name: "Send reminders" }).click();
  await expect(page.getByRole("dialog", { name: "Send Reminders" })).toBeVisible();
  await page.getByRole("dialog").getByText("Customize the reminder texts").click();
  await expect(page.getByRole("dialog").getByLabel("Email subject")).toHaveValue("A quick nudge, {client_fname}");
  await screenshot(page, "reminders-dialog-375");
});

test("an advisor sends a sign-in link from a user's page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A client no other browser test signs in as (the link resets the password).
  const [client] = await sql<{ id: string; email: string; name: string }>(
    `SELECT u.id, u.email, u.fname || ' ' || u.lname AS name FROM users u JOIN firms f ON f.id = u.firm_id
      WHERE f.slug = 'acme' AND u.kind = 'client' AND u.paying AND u.email IS NOT NULL AND NOT u.has_temp_email AND u.email <> 'client@acme.test' AND u.deleted_at IS NULL
      ORDER BY u.email DESC LIMIT 1`,
  );
  await signIn(page, "acme", "advisor@acme.test");
  await page.goto(firmUrl("acme", `/clients/${client!.id}`));
  await expect(page.getByRole("heading", { level: 1, name: client!.name })).toBeVisible();
  const after = new Date(Date.now() - 1000);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  const confirm = page.getByRole("dialog", { name: "Send a sign-in link?" });
  await expect(confirm).toBeVisible();
  await screenshot(page, "sign-in-link-confirm");
  await confirm.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByText("Sign in link(s) sent successfully")).toBeVisible();
  const [sent] = await sql<{ n: string }>(`SELECT count(*) AS n FROM outbound_messages WHERE "to" = $1 AND created_at > $2`, [client!.email, after]);
  expect(Number(sent!.n)).toBe(1);
  await page.goto(firmUrl("acme", "/activities?search=sign-in+link"));
  await expect(page.getByTestId("activity-list").locator("li").first()).toContainText(`About ${client!.name}`);
});
