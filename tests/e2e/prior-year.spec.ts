/**
 * An advisor keeps an entity's prior-year items on its page: adds an item and a line item, sees
 * the spec's toasts, and removes the line item. Screens at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

test("an advisor adds a prior-year item with a line item on the entity page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const [entity] = await sql<{ hash_id: string }>(`SELECT hash_id FROM companies WHERE firm_id = 'firm_acme' AND name = 'Emily Chen'`);
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", `/admin/${entity!.hash_id}`));
  const add = page.getByRole("form", { name: "Add a prior-year item" });
  await add.getByLabel("Item name").fill("Brokerage 1099-B");
  await add.getByLabel("Year").fill("2025");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByText("Prior year item added").first()).toBeVisible();
  const items = page.getByRole("list", { name: "Prior-year items" });
  await expect(items.getByText("Brokerage 1099-B")).toBeVisible();

  await items.getByLabel("Category").fill("Account");
  await items.getByLabel("Value").fill("Fidelity ****1234");
  await items.getByRole("button", { name: "Add line item" }).click();
  await expect(page.getByText("Line item added").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Line items of Brokerage 1099-B" })).toContainText("Account: Fidelity ****1234");
  await screenshot(page, "acme-prior-year-items");

  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "acme-prior-year-items-375");
  await page.getByRole("button", { name: "Remove Account" }).click();
  await expect(page.getByText("Line item deleted").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Line items of Brokerage 1099-B" })).toHaveCount(0);
});
