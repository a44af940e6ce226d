import { expect, test, type Page } from "@playwright/test";
import { firmUrl, nextMessage, outboxMark, signIn, signOut, sql } from "./support";

const SHOTS = "tests/screenshots/statuses-roles";

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a partner creates a custom status, sets it from Collect with notify, and the client sees it on the card", async ({ page }) => {
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/settings/statuses"));
  await expect(page.getByRole("heading", { name: "Custom Statuses", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Add status" }).click();
  const dialog = page.getByRole("dialog", { name: "Add status" });
  await dialog.getByLabel("Status staff see").fill("Extension filed");
  await dialog.getByLabel("Status clients see").fill("Extension filed for you");
  await dialog.getByLabel("Instruction for the client").fill("Nothing to do now: we will file by October 15.");
  await dialog.getByText("Green").click();
  await shoot(page, "acme-status-dialog");
  await dialog.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status saved").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Custom statuses" }).getByText("Extension filed", { exact: true })).toBeVisible();
  await shoot(page, "acme-statuses");

  // Collect: the row's Status action, with notify.
  await page.goto(firmUrl("acme", "/?q=Jordan%20%26%20Casey%20Rivera"));
  const action = page.getByRole("button", { name: /^Set status of Jordan & Casey Rivera: / }).first();
  await expect(action).toBeVisible();
  const mark = await outboxMark("acme");
  await action.click();
  const set = page.getByRole("dialog", { name: "Set status" });
  await set.getByLabel("Status", { exact: true }).selectOption({ label: "Extension filed" });
  await set.getByText("Notify the client").click();
  await shoot(page, "acme-set-status");
  await set.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByText("Status updated and the client notified").first()).toBeVisible();
  const email = await nextMessage("acme", "client@acme.test", mark, "email");
  expect(email.subject).toContain("Extension filed for you");
  await signOut(page);

  await signIn(page, "acme", "client@acme.test");
  const card = page.getByRole("article").filter({ hasText: "Extension filed for you" });
  await expect(card.first()).toBeVisible();
  await expect(card.first().getByTestId("custom-status-instruction")).toHaveText("Nothing to do now: we will file by October 15.");
  await shoot(page, "acme-client-card");
});

test("a partner creates a firm role, assigns it in bulk from Entities, and Collect shows the role's column", async ({ page }) => {
  await sql(`UPDATE firm_preferences SET use_firm_roles = true WHERE firm_id = 'firm_summit'`);
  await signIn(page, "summit", "partner@summit.test");
  await expect(async () => {
    await page.goto(firmUrl("summit", "/settings/roles"));
    await expect(page.getByRole("heading", { name: "Firm Roles", exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel("New role").fill("Preparer");
  await page.getByRole("button", { name: "Add role" }).click();
  await expect(page.getByText("Role created").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Firm roles" }).getByText("Preparer", { exact: true })).toBeVisible();
  await shoot(page, "summit-roles");

  await page.goto(firmUrl("summit", "/admin?q=Christopher%20Adams"));
  await page.getByRole("checkbox", { name: "Select Christopher Adams" }).first().check();
  await page.getByRole("button", { name: "Assign role" }).click();
  const assign = page.getByRole("dialog", { name: "Assign role" });
  await assign.getByLabel("Role", { exact: true }).selectOption({ label: "Preparer" });
  const staff = assign.getByLabel("Staff member");
  const first = await staff.locator("option").nth(1).textContent();
  await staff.selectOption({ index: 1 });
  await shoot(page, "summit-assign-role");
  await assign.getByRole("button", { name: "Assign role" }).click();
  await expect(page.getByText("Role assigned").first()).toBeVisible();

  await page.goto(firmUrl("summit", "/?q=Christopher%20Adams"));
  await expect(page.getByRole("columnheader", { name: "Preparer" })).toBeVisible();
  await expect(page.getByRole("cell", { name: first!.trim(), exact: true }).first()).toBeVisible();
  await shoot(page, "summit-collect-roles");
});
