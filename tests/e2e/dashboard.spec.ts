import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn } from "./support";

test("a client switches entity, and the dashboard remembers expanded cards", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("heading", { name: /^Welcome, .+!$/ })).toBeVisible();

  // The entity selector (two entities): choose the business.
  const trigger = page.getByRole("button", { name: /^Entity / });
  await expect(trigger).toContainText("Jordan & Casey Rivera");
  await trigger.click();
  await page.getByRole("button", { name: /Rivera Design Studio LLC/ }).click();
  await expect(page).toHaveURL(/entity=/);
  await expect(page.getByRole("button", { name: /^Entity / })).toContainText("Rivera Design Studio LLC");
  // Remembered as the default entity.
  await page.goto(firmUrl("acme", "/"));
  await expect(page.getByRole("button", { name: /^Entity / })).toContainText("Rivera Design Studio LLC");

  // Back to the individual, whose organizer has more than three sections.
  await page.getByRole("button", { name: /^Entity / }).click();
  await page.getByRole("button", { name: /Jordan & Casey Rivera/ }).click();
  const card = page.getByRole("article").filter({ hasText: "2025 Individual Tax Organizer" });
  await expect(card.getByRole("list", { name: "Sections" }).getByRole("listitem")).toHaveCount(3);
  await card.getByRole("button", { name: /Show all \d+ sections/ }).click();
  const all = await card.getByRole("list", { name: "Sections" }).getByRole("listitem").count();
  expect(all).toBeGreaterThan(3);
  await page.reload();
  const again = page.getByRole("article").filter({ hasText: "2025 Individual Tax Organizer" });
  await expect(again.getByRole("list", { name: "Sections" }).getByRole("listitem")).toHaveCount(all);
  await expect(again.getByRole("link", { name: /Continue|Start|View/ })).toHaveAttribute("href", /^\/questionnaire\/[^/?]+\?questionnaireId=/);
  await screenshot(page, "acme-client-dashboard-expanded");
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "acme-client-dashboard-expanded-mobile");
});

test("a client whose entities are all inactive is told to contact the firm", async ({ page }) => {
  // tenants/acme.ts: Patricia Nguyen's two entities are both inactive.
  await signIn(page, "acme", "patricia.nguyen@example.com");
  await expect(page.getByText("Your account does not have active entities to view. Please contact your firm.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});
