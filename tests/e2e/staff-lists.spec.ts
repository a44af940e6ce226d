/**
 * A partner pages through the Users table, sorts by name, changes the page size and searches;
 * opening /clients again (and reloading) keeps the size and sort from the table's cookie.
 * Then the Entities table and an entity's overview. Screens at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

test("a partner pages, sorts and searches users; the state survives a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const [{ n }] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM users u JOIN firms f ON f.id = u.firm_id WHERE f.slug = 'acme' AND u.kind = 'client' AND u.deleted_at IS NULL`,
  );
  const total = Number(n);
  expect(total).toBeGreaterThan(20);

  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.getByRole("link", { name: "Users", exact: true }).first().click();
  await expect(page).toHaveURL(/\/clients/);
  const table = page.getByRole("region", { name: "Users" });
  const range = table.getByRole("status");
  await expect(range).toHaveText(`1-10 of ${total}`);
  await expect(table.locator("tbody tr")).toHaveCount(10);

  await table.getByRole("button", { name: "Next page" }).click();
  await expect(range).toHaveText(`11-20 of ${total}`);
  // The next and previous pages are read after (or before) the page the partner was on.
  await expect(page).toHaveURL(/[?&]after=/);
  const second = await table.locator("tbody tr").allInnerTexts();
  await table.getByRole("button", { name: "Previous page" }).click();
  await expect(range).toHaveText(`1-10 of ${total}`);
  await expect(page).toHaveURL(/[?&]before=/);
  await table.getByRole("button", { name: "Next page" }).click();
  await expect(range).toHaveText(`11-20 of ${total}`);
  expect(await table.locator("tbody tr").allInnerTexts()).toEqual(second);
  await table.getByRole("button", { name: "Last page" }).click();
  await expect(range).toHaveText(`${Math.floor((total - 1) / 10) * 10 + 1}-${total} of ${total}`);

  // Sorting goes back to page 1.
  await table.getByRole("button", { name: /^Name/ }).click();
  await expect(range).toHaveText(`1-10 of ${total}`);
  await expect(table.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
  const names = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
  const last = (s: string) => s.trim().split(/\s+/).pop()!.toLowerCase();
  expect(names.map(last)).toEqual([...names.map(last)].sort());

  await table.getByRole("button", { name: "Next page" }).click();
  await expect(range).toHaveText(`11-20 of ${total}`);
  await table.getByLabel("Rows per page").selectOption("20");
  await expect(range).toHaveText(`1-20 of ${total}`);
  await screenshot(page, "staff-users-table");

  // Search (debounced) narrows the rows and updates the URL.
  const first = names[0]!.trim();
  await table.getByLabel("Search users").fill(first);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(table.locator("tbody tr").first()).toContainText(first);
  await table.getByLabel("Search users").fill("");
  await expect(range).toHaveText(`1-20 of ${total}`);

  // The cookie keeps size and sort: a bare /clients and a reload show them.
  await page.goto(firmUrl("acme", "/clients"));
  await expect(range).toHaveText(`1-20 of ${total}`);
  await page.reload();
  await expect(range).toHaveText(`1-20 of ${total}`);
  await expect(table.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");

  // A user's page, and back.
  await table.locator("tbody tr").first().getByRole("link").first().click();
  await expect(page.getByRole("link", { name: "Back to Users" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Entities" })).toBeVisible();
  await screenshot(page, "staff-user-view");
  await page.getByRole("link", { name: "Back to Users" }).click();
  await expect(range).toHaveText(`1-20 of ${total}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "staff-users-table-375");
});

test("a partner opens the entities table and an entity's overview", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/admin"));
  const table = page.getByRole("region", { name: "Entities" });
  await expect(table.getByRole("status")).toHaveText(/^1-10 of \d+$/);
  await expect(page.getByText("drop_link")).toHaveCount(0);
  await screenshot(page, "staff-entities-table");
  await table.locator("tbody tr").first().getByRole("link").first().click();
  const nav = page.getByRole("navigation", { name: "Entity" });
  for (const label of ["Overview", "Back to Entities", "Documents"]) await expect(nav.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Entities" }).getByRole("listitem")).toHaveCount(5);
  await screenshot(page, "staff-entity-overview");
  await nav.getByRole("link", { name: "Documents" }).click();
  await expect(page).toHaveURL(/\/documents/);
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
});
