/**
 * Deliver operations in the browser: the partner sets the tax return reminder frequency on the
 * firm's Reminders preferences, and it is kept (screenshots of both firms at 1280 and 375 px
 * wide go to /work/shots/deliver-ops when SHOTS_DIR is set).
 */
import { formatInTimeZone } from "date-fns-tz";
import { ianaZone } from "../../app/time-zones";
import { expect, test } from "@playwright/test";
import { firmUrl, forgetSession, signIn, sql } from "./support";

const SHOTS = process.env.SHOTS_DIR;

test("the tax return reminder frequency is set on the Reminders preferences and kept", async ({ page }) => {
  for (const slug of ["acme", "summit"]) {
    await signIn(page, slug, `partner@${slug}.test`);
    await page.goto(firmUrl(slug, "/firm/preferences/reminders"));
    const field = page.getByLabel("Remind about tax returns every (days)");
    await expect(field).toHaveValue("7");
    await field.fill("14");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Preferences saved")).toBeVisible();
    const [firm] = await sql<{ days: number }>(`SELECT tax_return_reminder_frequency_days AS days FROM firms WHERE slug = $1`, [slug]);
    expect(firm!.days).toBe(14);
    await page.reload();
    await expect(page.getByLabel("Remind about tax returns every (days)")).toHaveValue("14");
    if (SHOTS) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/preferences-reminders-${slug}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByLabel("Remind about tax returns every (days)").fill("7");
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Preferences saved")).toBeVisible();
    await forgetSession(page);
  }
});

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: Upload later on an upload item: its own wording, 7 days ahead by default, the date rules`, async ({ page }) => {
    const email = `client@${slug}.test`;
    const [item] = await sql<{ questionnaire_id: string; hash_id: string; section_id: string; text: string }>(
      `SELECT q.questionnaire_id, c.hash_id, q.section_id, q.text FROM questions q
         JOIN questionnaires qn ON qn.id = q.questionnaire_id JOIN companies c ON c.id = qn.company_id
         JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
        WHERE u.email = $1 AND q.question_type = 'upload' AND q.answer IS NULL AND q.answer_by IS NULL AND q.special_answer IS NULL
          AND q.deleted_at IS NULL AND NOT q.disable_answer_later AND NOT qn.locked AND NOT qn.completed AND qn.deleted_at IS NULL
          AND (qn.due_date IS NULL OR qn.due_date > current_date + 8)
        ORDER BY qn.created_at, q."order" LIMIT 1`,
      [email],
    );
    expect(item, "an open upload item in the seed").toBeDefined();
    const [me] = await sql<{ zone: string }>(`SELECT time_zone AS zone FROM users WHERE email = $1`, [email]);
    await signIn(page, slug, email);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(firmUrl(slug, `/questionnaire/${item!.hash_id}?questionnaireId=${item!.questionnaire_id}&sectionId=${item!.section_id}`));
      const question = page
        .locator("section[data-status]")
        .filter({ hasText: item!.text.slice(0, 40) })
        .first();
      const button = question.getByRole("button", { name: /^Actions for question/ });
      const menuItem = page.getByRole("menuitem", { name: "Upload Later", exact: true });
      await expect(async () => {
        if (!(await menuItem.isVisible())) await button.click();
        await expect(menuItem).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      await menuItem.click();
      const dialog = page.getByRole("dialog", { name: "Upload later" });
      await expect(dialog).toBeVisible();
      const date = dialog.getByLabel("Remind me on");
      // Seven days after today where the client is (their profile's time zone), not where the test runs.
      const today = formatInTimeZone(new Date(), ianaZone(me!.zone), "yyyy-MM-dd");
      const inSevenDays = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      if (inSevenDays.slice(0, 4) === today.slice(0, 4)) await expect(date).toHaveValue(inSevenDays);
      await date.fill("2000-01-01");
      await expect(dialog.getByText("Upload later date must be in the future")).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
      await page.screenshot({ path: `/work/shots/deliver-ops/upload-later-${slug}-${width}.png` });
      await dialog.getByRole("button", { name: "Cancel" }).click();
    }
  });
}
