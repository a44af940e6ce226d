/**
 * A client completes a seeded questionnaire from the dashboard to the success dialog (desktop),
 * and the questionnaire page at phone width.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, PASSWORD, questionAction, screenshot } from "./support";

/** Signs a client in (password in the same form, or email first then password). */
async function signIn(page: Page, slug: string, email: string) {
  await page.goto(firmUrl(slug, "/"));
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password", { exact: true });
  if (!(await password.isVisible())) await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function openFromDashboard(page: Page, name: string) {
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByText("Your progress is saved automatically.", { exact: false })).toBeVisible();
}

test("a client answers, autosaves and submits a questionnaire", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromDashboard(page, "Additional Items Requested");
  await expect(page.getByText(/\d+ \/ \d+ sections completed/)).toBeVisible();

  // The date question autosaves with the Saved tick.
  const dateQuestion = page.locator("section[data-status]").filter({ hasText: "fourth-quarter" });
  await dateQuestion.locator('input[type="date"]').fill("2026-01-15");
  await expect(dateQuestion.getByRole("status")).toHaveText("Saved");

  // Uploads: one provided elsewhere, with undo; the other too.
  const uploads = page.locator("section[data-status]").filter({ hasText: "Please upload" });
  await questionAction(uploads.nth(0), "Provided Elsewhere");
  await expect(uploads.nth(0).getByText("You provided this elsewhere.")).toBeVisible();
  await uploads.nth(0).getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undo was successful")).toBeVisible();
  await questionAction(uploads.nth(0), "Provided Elsewhere");
  await questionAction(uploads.nth(1), "Mark N/A");
  await expect(uploads.nth(1).getByText("You marked this question as not applicable to you.")).toBeVisible();
  await screenshot(page, "acme-questionnaire-desktop");

  // Survives a reload (saved on the server).
  await page.reload();
  await expect(page.locator("section[data-status]").filter({ hasText: "fourth-quarter" }).locator('input[type="date"]')).toHaveValue("2026-01-15");

  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you!" })).toBeVisible();
  await screenshot(page, "acme-questionnaire-submitted");
});

test("the questionnaire page fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openFromDashboard(page, "2025 Individual Tax Organizer");
  await expect(page.getByRole("navigation", { name: "Sections" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.getByRole("button", { name: "Next" }).click();
  await screenshot(page, "acme-questionnaire-mobile");
});

test("another client's entity is not found", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  const response = await page.goto(firmUrl("acme", "/questionnaire/not-a-real-hash"));
  expect(response?.status()).toBe(404);
});
