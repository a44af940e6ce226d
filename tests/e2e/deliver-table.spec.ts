/**
 * Deliver: a partner opens the tax returns table, sees the seeded returns, reads what a sent
 * return still needs, opens a draft with changes requested, marks a sent return finished and sees
 * the toast. Screens at 1280 and 375 px for Acme and Summit (saved under SHOTS_DIR when set).
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test("a partner marks a sent tax return finished from Deliver", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.getByRole("link", { name: "Deliver" }).first().click();
  await expect(page.getByRole("heading", { name: "Deliver", level: 1 })).toBeVisible();
  const table = page.getByRole("region", { name: "Tax returns" });
  await expect(table.getByRole("status")).toHaveText(/^1-8 of 8$/);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(8);
  await expect(rows.getByText("Action Required")).toBeVisible();
  await expect(rows.getByText("Changes Requested")).toBeVisible();
  await expect(rows.getByText("1 signature(s) still needed on these forms")).toBeVisible();
  await shot(page, "deliver-acme-desktop");

  // What is still missing, in a popover.
  await table.getByRole("button", { name: /^1 signature\(s\) still needed on these forms: show the missing signatures/ }).click();
  await expect(page.getByText(/^Form 8879 - IRS e-file Signature Authorization \(/)).toBeVisible();
  await shot(page, "deliver-acme-signatures-popover");
  await page.keyboard.press("Escape");

  // The draft with changes requested shows the client's reason.
  const changes = rows.filter({ hasText: "Changes Requested" });
  await changes.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "View draft" }).click();
  const draft = page.getByRole("dialog", { name: "Tax Return Draft - Changes requested" });
  await expect(draft.getByText(/the interest is missing on Schedule B/)).toBeVisible();
  await expect(draft.getByRole("button", { name: "Replace Tax Return Draft" })).toBeVisible();
  await expect(draft.getByRole("link", { name: "Start Classification" })).toHaveAttribute("href", /^\/tax-return-delivery-admin-view\/[^?]+\?companyId=/);
  await shot(page, "deliver-acme-draft-dialog");
  await draft.getByRole("button", { name: "Close" }).first().click();

  // Mark a sent return finished.
  const sent = rows.filter({ has: page.locator("td span", { hasText: /^Sent$/ }) }).first();
  const name = (await sent.locator("td").nth(1).innerText()).trim();
  await sent.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Mark as finished" }).click();
  await expect(page.getByText("Tax return has been marked as finished", { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: name }).first()).toContainText("Finished");
  const [activity] = await sql<{ title: string }>(
    `SELECT a.title FROM activity_logs a JOIN firms f ON f.id = a.firm_id WHERE f.slug = 'acme' AND a.tax_return_id IS NOT NULL ORDER BY a.created_at DESC LIMIT 1`,
  );
  expect(activity?.title).toBe("Marked as finished");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deliver", level: 1 })).toBeVisible();
  await shot(page, "deliver-acme-phone");
});

test("Summit's Deliver table at 1280 and 375 px; the empty state offers Reset filters", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/tax-returns"));
  const table = page.getByRole("region", { name: "Tax returns" });
  await expect(table.locator("tbody tr")).toHaveCount(8);
  await shot(page, "deliver-summit-desktop");
  await table.getByLabel("Search by account name").fill("no entity has this name");
  await expect(table.getByText("No tax returns were found")).toBeVisible();
  await expect(table.getByRole("button", { name: "Reset filters" })).toBeVisible();
  await shot(page, "deliver-summit-empty");
  await table.getByRole("button", { name: "Reset filters" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(8);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deliver", level: 1 })).toBeVisible();
  await shot(page, "deliver-summit-phone");
});
