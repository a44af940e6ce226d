/**
 * Collect: a partner opens the staff home, filters the questionnaire table by status, opens a
 * row's preview dialog, locks the questionnaire after the confirm and sees the toast; the row
 * shows Locked. Screens at 1280 and 375 px for Acme (organizers, teal) and Summit (navy).
 */
import { expect, test } from "@playwright/test";
import { firmUrl, gotoReady, screenshot, signIn, sql } from "./support";

test("a partner filters Collect, opens a questionnaire and locks it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Organizer" })).toBeVisible();
  const table = page.getByRole("region", { name: "Organizers" });
  await expect(table.getByRole("status")).toHaveText(/^1-10 of \d+$/);
  await screenshot(page, "collect-acme-desktop");

  await table.getByRole("combobox", { name: "Status", exact: true }).selectOption("opened");
  await expect(page).toHaveURL(/[?&]status=opened/);
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText("Opened");

  const [{ n: openedBefore }] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM questionnaires q JOIN firms f ON f.id = q.firm_id WHERE f.slug = 'acme' AND q.deleted_at IS NULL AND q.locked`,
  );
  // The first row: the opened questionnaire with the latest activity.
  const [firstOpened] = await sql<{ id: string; last_activity: string | null; last_activity_at: Date | null }>(
    `SELECT q.id, q.last_activity, q.last_activity_at FROM questionnaires q JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = 'acme' AND q.deleted_at IS NULL AND NOT q.is_draft AND NOT q.locked AND NOT q.completed AND q.opened_at IS NOT NULL AND NOT q.in_progress
      ORDER BY q.last_activity_at DESC NULLS LAST, q.created_at DESC, q.id DESC LIMIT 1`,
  );
  await rows
    .first()
    .getByRole("button", { name: /^Open / })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("tab", { name: "Sections" })).toBeVisible();
  await expect(dialog.getByRole("tab", { name: /^Unattached/ })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy Link" })).toBeVisible();
  await screenshot(page, "collect-acme-dialog");
  await dialog.getByRole("button", { name: "Lock", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: /^Lock this organizer\?/ });
  await confirm.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(page.getByText("Organizer locked", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog").first().getByRole("button", { name: "Unlock" })).toBeVisible();
  await expect(page.getByRole("dialog").first().getByRole("button", { name: "Request additional items" })).toBeDisabled();
  const [{ n: lockedAfter }] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM questionnaires q JOIN firms f ON f.id = q.firm_id WHERE f.slug = 'acme' AND q.deleted_at IS NULL AND q.locked`,
  );
  expect(Number(lockedAfter)).toBe(Number(openedBefore) + 1);
  const [activity] = await sql<{ title: string }>(
    `SELECT a.title FROM activity_logs a JOIN firms f ON f.id = a.firm_id WHERE f.slug = 'acme' ORDER BY a.created_at DESC LIMIT 1`,
  );
  expect(activity?.title).toBe("Locked the questionnaire");

  // Preview leaves the page: the dialog closes.
  await page.getByRole("dialog").first().getByRole("link", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/preview\/[^/]+\/questionnaire\//);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Back on Collect (the filter comes from the cookie), the row now counts as Locked.
  await gotoReady(page, firmUrl("acme", "/"), { staff: true });
  await table.getByRole("combobox", { name: "Status", exact: true }).selectOption("locked");
  await expect(page).toHaveURL(/[?&]status=locked/);
  await expect(table.getByRole("status")).toHaveText(`1-${Math.min(10, Number(lockedAfter))} of ${lockedAfter}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "collect-acme-375");

  // Leave the demo data as it was for the other browser tests (unlocked, its last activity as before).
  const [{ id: lockedId }] = await sql<{ id: string }>(
    `SELECT a.questionnaire_id AS id FROM activity_logs a JOIN firms f ON f.id = a.firm_id WHERE f.slug = 'acme' AND a.title = 'Locked the questionnaire' ORDER BY a.created_at DESC LIMIT 1`,
  );
  expect(lockedId).toBe(firstOpened!.id);
  await sql(`UPDATE questionnaires SET locked = false, last_activity = $2, last_activity_at = $3 WHERE id = $1`, [
    lockedId,
    firstOpened!.last_activity,
    firstOpened!.last_activity_at,
  ]);
});

test("Summit's Collect at both widths", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  const table = page.getByRole("region", { name: "Checklists" });
  await expect(table.getByRole("status")).toHaveText(/^1-\d+ of \d+$/);
  // The navigation names Summit's entities its accounts.
  await expect(page.getByRole("link", { name: "Accounts", exact: true })).toBeVisible();
  await screenshot(page, "collect-summit-desktop");
  await table
    .locator("tbody tr")
    .first()
    .getByRole("button", { name: /^Open / })
    .click();
  await expect(page.getByRole("dialog").getByRole("tab", { name: "Activities" })).toBeVisible();
  // The dialog's own texts speak Summit's words: its Unattached tab names checklists.
  await page
    .getByRole("dialog")
    .getByRole("tab", { name: /^Unattached/ })
    .click();
  const unattached = page.getByRole("dialog").getByRole("tabpanel");
  await expect(unattached).toContainText(/checklist|Attach/);
  await expect(unattached).not.toContainText(/questionnaire/i);
  await page.getByRole("dialog").getByRole("tab", { name: "Sections" }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "collect-summit-dialog-375");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // On a phone the filters fold under a Filters button.
  const status = table.getByRole("combobox", { name: "Status", exact: true });
  await expect(status).toBeHidden();
  await screenshot(page, "collect-summit-375");
  await table.getByRole("button", { name: "Filters" }).click();
  await expect(status).toBeVisible();
  await status.selectOption("in_progress");
  await expect(page).toHaveURL(/[?&]status=in_progress/);
  await screenshot(page, "collect-summit-375-filters");
});
