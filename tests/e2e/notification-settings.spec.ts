/**
 * The client's notification settings dialog on /profile: every owner's switches, Save disabled with
 * the spec's message while nobody receives Questionnaire Signature, then saved with the spec's toast.
 * The staff profile's daily notification email switch. Screenshots of both demo firms at 1280 and
 * 375 px, outside the repository.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, signIn, sql } from "./support";

const SHOTS = "tests/screenshots/notif-settings";
const NEED_BOTH = "Please select at least one user to receive notifications for both Questionnaire and Questionnaire Signature.";

/** Waits for the dialog's open (or resize) transitions, so a screenshot shows it settled. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function openDialog(page: Page) {
  const button = page.getByRole("button", { name: "Notification settings" });
  const dialog = page.getByRole("dialog", { name: "Notification settings" });
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog.getByRole("switch").first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

for (const [slug, email] of [
  ["acme", "client@acme.test"],
  ["summit", "client@summit.test"],
] as const) {
  test(`${slug}: the client turns owner notifications off and on in the dialog`, async ({ page }) => {
    await sql(
      `DELETE FROM owner_notification_subscriptions WHERE company_id IN (SELECT company_id FROM company_owners co JOIN users u ON u.id = co.user_id WHERE u.email = $1)`,
      [email],
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, email);
    await page.goto(firmUrl(slug, "/profile"));
    const dialog = await openDialog(page);
    const signatures = dialog.getByRole("switch", { name: "Questionnaire Signature" });
    const count = await signatures.count();
    for (let i = 0; i < count; i++) await expect(signatures.nth(i)).toBeChecked();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${slug}-client-dialog-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${slug}-client-dialog-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    for (let i = 0; i < count; i++) await signatures.nth(i).click();
    await expect(dialog.getByText(NEED_BOTH)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/${slug}-client-dialog-invalid-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${slug}-client-dialog-invalid-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    await signatures.first().click();
    await expect(dialog.getByText(NEED_BOTH)).toHaveCount(0);
    await dialog.getByRole("switch", { name: "Messages and information" }).first().click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("User notifications saved successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    const rows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM owner_notification_subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 AND s.notification_type_id IN (1, 5)`,
      [email],
    );
    expect(rows[0]!.n).toBe(1); // Signature on, Messages off for the first owner.
    // Reopened, the dialog shows what was saved.
    const again = await openDialog(page);
    await expect(again.getByRole("switch", { name: "Questionnaire Signature" }).first()).toBeChecked();
  });

  test(`${slug}: staff turn the daily notification email on and off on their profile`, async ({ page }) => {
    const staff = `partner@${slug}.test`;
    await sql(`UPDATE users SET daily_notification_enabled = false WHERE email = $1`, [staff]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, staff);
    await page.goto(firmUrl(slug, "/admin-profile"));
    const toggle = page.getByRole("switch", { name: "Send me a daily summary" });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText("Daily notification email turned on")).toBeVisible();
    await expect
      .poll(async () => (await sql<{ on: boolean }>(`SELECT daily_notification_enabled AS on FROM users WHERE email = $1`, [staff]))[0]!.on)
      .toBe(true);
    await page.getByRole("heading", { name: "Daily notification email" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${slug}-staff-daily-digest-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("heading", { name: "Daily notification email" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${slug}-staff-daily-digest-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await toggle.click();
    await expect
      .poll(async () => (await sql<{ on: boolean }>(`SELECT daily_notification_enabled AS on FROM users WHERE email = $1`, [staff]))[0]!.on)
      .toBe(false);
  });
}
