/**
 * Deliver operations in the browser: the partner sets the tax return reminder frequency on the
 * firm's Reminders preferences, and it is kept (screenshots of both firms at 1280 and 375 px
 * wide go to /work/shots/deliver-ops when SHOTS_DIR is set).
 */
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
