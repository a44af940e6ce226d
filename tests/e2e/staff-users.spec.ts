/**
 * A partner creates a user and their Individual entity with a spouse (email checked as typed,
 * phone mask, derived entity name), edits the user, deactivates them, and tags users in bulk from
 * the table's selection. Dialog screenshots at 1280 and 375 px, in two firms with different branding.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, signIn, sql } from "./support";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  // The dialog becomes a sheet on phones and animates in again.
  await page.waitForTimeout(600);
  await page.screenshot({ path: `tests/screenshots/${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(600);
}

test("a partner creates, edits, deactivates and tags users", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/clients"));

  // Create User and Entity.
  await page.getByRole("button", { name: "Create User and Entity" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User and Entity" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();
  await expect(dialog.getByText("Assigned preparer is required")).toBeVisible();

  await dialog.getByLabel("First name").fill("Maya");
  await dialog.getByLabel("Last name").fill("Browser");
  await dialog.getByLabel("Email", { exact: true }).fill("client@acme.test");
  await expect(dialog.getByText("This email already exists").first()).toBeVisible();
  await dialog.getByLabel("Email", { exact: true }).fill("maya.browser@example.com");
  await expect(dialog.getByText("Available")).toBeVisible();
  await dialog.getByLabel("Phone").pressSequentially("5035550142");
  await expect(dialog.getByLabel("Phone")).toHaveValue("(503) 555-0142");
  await dialog.getByLabel("Entity type").selectOption("Individual");
  await dialog.getByLabel("Has spouse").check();
  await dialog.getByLabel("Spouse first name").fill("Leo");
  await dialog.getByLabel("Spouse last name").fill("Browser");
  await expect(dialog.getByLabel("Entity name")).toHaveValue("Maya & Leo Browser");
  await dialog.getByLabel("Assigned preparer").selectOption({ label: "Priya Natarajan" });
  await shot(page, "staff-create-user-dialog");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "Maya Browser" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Maya & Leo Browser" })).toBeVisible();

  // Edit user.
  await page.getByRole("button", { name: "Edit user" }).click();
  const edit = page.getByRole("dialog", { name: "Edit user" });
  await edit.getByLabel("Preferred name").fill("May");
  await edit.getByLabel("Email", { exact: true }).fill("client@acme.test");
  await expect(edit.getByText("This email already exists").first()).toBeVisible();
  await edit.getByLabel("Email", { exact: true }).fill("maya.b@example.com");
  await shot(page, "staff-edit-user-details");
  await edit.getByRole("tab", { name: "Settings" }).click();
  await edit.getByLabel("Assigned preparer").selectOption({ label: "Sam Whitfield" });
  await expect(edit.getByText("Updating the assigned firm user updates it for all of this user's entities.")).toBeVisible();
  await shot(page, "staff-edit-user-settings");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Assigned firm user was updated successfully")).toBeVisible();
  // A new email: the Update Entity Email prompt offers it to the entity she is primary contact of.
  const prompt = page.getByRole("dialog", { name: "Update Entity Email" });
  await expect(prompt.getByText("Do you also want to use maya.b@example.com as this entity's email address?")).toBeVisible();
  await shot(page, "staff-update-entity-email");
  await prompt.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText("Entity email updated")).toBeVisible();
  await expect(prompt).toHaveCount(0);
  const [entity] = await sql<{ business_email: string }>(`SELECT business_email FROM companies WHERE name = 'Maya & Leo Browser'`);
  expect(entity!.business_email).toBe("maya.b@example.com");
  await expect(page.getByText("maya.b@example.com").first()).toBeVisible();
  await expect(page.getByText("Sam Whitfield")).toBeVisible();

  // Deactivate.
  await page.getByRole("button", { name: "Deactivate" }).click();
  const deactivate = page.getByRole("dialog", { name: "Deactivate User" });
  await deactivate.getByLabel(/Also deactivate all/).check();
  await shot(page, "staff-deactivate-user-dialog");
  await deactivate.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("User deactivated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate" })).toBeVisible();
  const [row] = await sql<{ paying: boolean }>(`SELECT paying FROM users WHERE email = 'maya.b@example.com'`);
  expect(row!.paying).toBe(false);

  // User Tags in bulk from the table's selection.
  await page.getByRole("link", { name: "Back to Users" }).click();
  const table = page.getByRole("region", { name: "Users" });
  await table.getByRole("button", { name: "User Tags" }).click();
  await expect(page.getByText("No selected users or entities to update!")).toBeVisible();
  await table.getByLabel("Search users").fill("Browser");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await table.getByLabel("Select all on this page").check();
  await expect(table.getByText("2 selected")).toBeVisible();
  await table.getByRole("button", { name: "User Tags" }).click();
  const tags = page.getByRole("dialog", { name: "User Tags" });
  await tags.getByLabel("New tag").fill("Household");
  await tags.getByRole("button", { name: "Add Tag" }).click();
  await shot(page, "staff-user-tags-dialog");
  await tags.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("You have successfully updated the list of users.")).toBeVisible();
  await expect(table.locator("tbody tr").filter({ hasText: "Household" })).toHaveCount(2);
  await page.screenshot({ path: "tests/screenshots/staff-users-tagged.png" });

  // Sign-in links in bulk for the selected users: confirmed first. Leo has no email and Maya is
  // deactivated, so both are reported as not sent and nothing goes out.
  await table.getByLabel("Select all on this page").check();
  await table.getByRole("button", { name: "Send sign-in links" }).click();
  const links = page.getByRole("dialog", { name: "Send sign-in links to 2 users?" });
  await links.getByRole("button", { name: "Send links" }).click();
  await expect(page.getByText(/^Not sent: /).first()).toBeVisible();
  await expect(links).toHaveCount(0);
  const [sent] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM outbound_messages WHERE firm_id = 'firm_acme' AND "to" = 'maya.b@example.com' AND subject ILIKE '%sign%in%'`,
  );
  expect(Number(sent!.n)).toBe(0);

  // Delete a user from their page, then restore them from Deleted users.
  await table.getByRole("link", { name: "Leo Browser" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete user" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText("User deleted")).toBeVisible();
  await table.getByRole("combobox", { name: "Active" }).selectOption("deleted");
  const deletedRow = table.locator("tbody tr").filter({ hasText: "Leo Browser" });
  await expect(deletedRow.getByText("Deleted")).toBeVisible();
  await deletedRow.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("User restored")).toBeVisible();
  await expect(table.locator("tbody tr").filter({ hasText: "Leo Browser" })).toHaveCount(0);
  await table.getByRole("combobox", { name: "Active" }).selectOption("");
  await expect(table.locator("tbody tr").filter({ hasText: "Leo Browser" })).toHaveCount(1);
});

test("another firm's branding and vocabulary in the create dialog", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/clients"));
  await page.getByRole("button", { name: "Create User and Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User and Account" });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Firm group is required")).toBeVisible();
  await shot(page, "staff-create-user-dialog-summit");
});

test("creating without an email asks first; the server's refusal comes back onto its field", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/clients"));
  await page.getByRole("button", { name: "Create User and Entity" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User and Entity" });
  await dialog.getByLabel("First name").fill("Noah");
  await dialog.getByLabel("Last name").fill("Blank");
  await dialog.getByLabel("Entity type").selectOption("Partnership");
  await dialog.getByLabel("Entity name").fill("Emily Chen");
  await dialog.getByLabel("Assigned preparer").selectOption({ label: "Priya Natarajan" });
  await dialog.getByRole("button", { name: "Create" }).click();
  const confirm = page.getByRole("dialog", { name: "Blank Email Confirmation" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Proceed" }).click();
  await expect(dialog.getByText("Entity Name already exists.")).toBeVisible();
  await expect(dialog.getByLabel("First name")).toHaveValue("Noah");
  await expect(dialog.getByLabel("Entity name")).toHaveValue("Emily Chen");
});
