/**
 * Staff entity dialogs in the browser: a partner edits an entity (the name rule refused in the
 * dialog, then saved with a setting from the Settings tab), adds an owner, and tags two entities
 * from the Entities table's selection. Screens of the dialogs at 1280 and 375 px for Acme (modern,
 * teal) and Summit (classic, navy; 'Entity' is 'Account' there).
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, forgetSession, screenshot, signIn, sql } from "./support";

/** A dialog as the user sees it (the viewport; dialogs scroll inside it). */
async function dialogShot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png` });
}

test.beforeEach(async ({ page }) => {
  // No fade-in: screenshots show dialogs fully drawn.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

async function hashOf(slug: string, name: string) {
  const [row] = await sql<{ hash_id: string }>(`SELECT c.hash_id FROM companies c JOIN firms f ON f.id = c.firm_id WHERE f.slug = $1 AND c.name = $2`, [
    slug,
    name,
  ]);
  return row!.hash_id;
}

test("a partner edits an entity, adds an owner and tags entities in bulk", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const hash = await hashOf("acme", "Marcus Johnson");
  await page.goto(firmUrl("acme", `/admin/${hash}`));
  await expect(page.getByRole("heading", { name: "Marcus Johnson", level: 1 })).toBeVisible();

  // Edit entity: the name rule is checked in the dialog, the Settings tab keeps its switch.
  await page.getByRole("button", { name: "Edit entity" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit entity" });
  await expect(dialog.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByLabel("Entity Name").fill("Marcus/Johnson");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText('Entity Name cannot contain a "/" character.')).toBeVisible();
  await dialog.getByLabel("Entity Name").fill("Marcus A. Johnson");
  await dialog.getByLabel("Country").selectOption("CA");
  await expect(dialog.getByLabel("Province/Territory")).toBeVisible();
  await expect(dialog.getByLabel("Postal Code")).toBeVisible();
  await dialog.getByLabel("Country").selectOption("US");
  await dialog.getByLabel("State").selectOption("OR");
  await dialogShot(page, "entity-edit-dialog-acme");
  await dialog.getByRole("tab", { name: "Settings" }).click();
  await dialog.getByRole("switch", { name: "Read-only" }).check();
  await dialog.getByRole("tab", { name: "Details" }).click();
  await expect(dialog.getByLabel("Entity Name")).toHaveValue("Marcus A. Johnson");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Marcus A. Johnson", level: 1 })).toBeVisible();
  await expect(page.getByText("Read-only", { exact: true }).first()).toBeVisible();
  const [saved] = await sql<{ readonly_access: boolean; state: string }>(`SELECT readonly_access, state FROM companies WHERE hash_id = $1`, [hash]);
  expect(saved).toEqual({ readonly_access: true, state: "OR" });

  // Add user as Owner.
  await page.getByRole("button", { name: "Add owner" }).click();
  const owner = page.getByRole("dialog", { name: "Add user as Owner" });
  await owner.getByRole("button", { name: "Add owner" }).click();
  await expect(owner.getByText("First name is required")).toBeVisible();
  await owner.getByLabel("First name").fill("Lena");
  await owner.getByLabel("Last name").fill("Johnson");
  await owner.getByLabel("Email").fill("marcus.johnson@example.com");
  await owner.getByLabel("Previous messages").selectOption("copy");
  await owner.getByRole("button", { name: "Add owner" }).click();
  await expect(owner.getByText("This email already exists")).toBeVisible();
  await owner.getByLabel("Email").fill("lena.johnson@example.com");
  await dialogShot(page, "entity-add-owner-acme");
  await owner.getByRole("button", { name: "Add owner" }).click();
  await expect(page.getByText("Owner added")).toBeVisible();
  await expect(page.getByRole("link", { name: "Lena Johnson" })).toBeVisible();
  await screenshot(page, "entity-view-owners-acme");
  await page.getByRole("button", { name: "Remove Lena Johnson as owner" }).click();
  await page.getByRole("dialog", { name: "Remove Lena Johnson as owner?" }).getByRole("button", { name: "Remove owner" }).click();
  await expect(page.getByText("Owner removed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Lena Johnson" })).toBeHidden();

  // Notes.
  await page.getByLabel("New note").fill("Prefers a call before 10 am.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("list", { name: "Notes" }).getByText("Prefers a call before 10 am.")).toBeVisible();

  // Entity Tags in bulk from the table's selection.
  await page.goto(firmUrl("acme", "/admin?sort=name&dir=asc&size=50"));
  const table = page.getByRole("region", { name: "Entities" });
  await page.getByRole("button", { name: "Entity Tags" }).click();
  await expect(page.getByText("No selected users or entities to update!")).toBeVisible();
  await table.getByLabel("Select Emily Chen").check();
  await table.getByLabel("Select Marcus A. Johnson").check();
  await page.getByRole("button", { name: "Entity Tags" }).click();
  const tags = page.getByRole("dialog", { name: "Entity Tags" });
  await expect(tags.getByText("2 selected entities")).toBeVisible();
  await tags.getByRole("button", { name: "Priority" }).click();
  await tags.getByLabel("New tag").fill("Priority");
  await expect(tags.getByText("Tag already exist")).toBeVisible();
  await expect(tags.getByRole("button", { name: "Add Tag", exact: true })).toBeDisabled();
  await tags.getByLabel("New tag").fill("Rush");
  await tags.getByRole("button", { name: "Add Tag", exact: true }).click();
  await dialogShot(page, "entity-tags-dialog-acme");
  await tags.getByRole("button", { name: "Add tags", exact: true }).click();
  await expect(tags).toBeHidden();
  const emily = table.getByRole("row", { name: /^Select Emily Chen/ });
  await expect(emily).toContainText("Rush");
  await expect(table.getByRole("row", { name: /^Select Marcus A\. Johnson/ })).toContainText("Priority");
  await screenshot(page, "entities-table-tagged-acme");
});

async function dialogScreens(page: Page, slug: string, entityName: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  const hash = await hashOf(slug, entityName);
  await page.goto(firmUrl(slug, `/admin/${hash}`));
  await expect(page.getByRole("heading", { name: entityName, level: 1 })).toBeVisible();
  const suffix = `${slug}-${width}`;
  await screenshot(page, `entity-view-${suffix}`);
  const editLabel = slug === "summit" ? "Edit account" : "Edit entity";
  // On phones the header's secondary actions are under More actions.
  if (width < 500) {
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: editLabel }).click();
  } else {
    await page.getByRole("button", { name: editLabel }).click();
  }
  const edit = page.getByRole("dialog", { name: editLabel });
  await expect(edit).toBeVisible();
  await dialogShot(page, `entity-edit-${suffix}`);
  await edit.getByRole("tab", { name: "Settings" }).click();
  await dialogShot(page, `entity-edit-settings-${suffix}`);
  await edit.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Add owner" }).click();
  await expect(page.getByRole("dialog", { name: "Add user as Owner" })).toBeVisible();
  await dialogShot(page, `entity-add-owner-${suffix}`);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("dialog", { name: /notification settings/ })).toBeVisible();
  await dialogShot(page, `entity-notifications-${suffix}`);
  await page.keyboard.press("Escape");

  await page.goto(firmUrl(slug, "/admin"));
  const newLabel = slug === "summit" ? "New account" : "New entity";
  await page.getByRole("button", { name: newLabel }).click();
  const select = page.getByRole("dialog", { name: slug === "summit" ? "Select User for new Account" : "Select User for new Entity" });
  await select.getByLabel(slug === "summit" ? "Find the account's owner" : "Find the entity's owner").fill(slug === "summit" ? "Adams" : "Chen");
  await select.getByRole("list", { name: "Users" }).getByRole("button").first().click();
  await select.getByRole("button", { name: "Continue" }).click();
  const create = page.getByRole("dialog", { name: slug === "summit" ? "Create account for selected user" : "Create entity for selected user" });
  await expect(create.getByLabel(slug === "summit" ? "Account type" : "Entity type")).toBeVisible();
  await expect(create.getByRole("option", { name: "Individual (Not Allowed)" })).toBeAttached();
  await dialogShot(page, `entity-create-${suffix}`);
}

test("entity dialogs for Acme and Summit at 1280 and 375 px", async ({ page }) => {
  await signIn(page, "acme", "partner@acme.test");
  await dialogScreens(page, "acme", "Emily Chen", 1280);
  await dialogScreens(page, "acme", "Emily Chen", 375);
  await forgetSession(page);
  await signIn(page, "summit", "partner@summit.test");
  await dialogScreens(page, "summit", "Christopher Adams", 1280);
  await dialogScreens(page, "summit", "Christopher Adams", 375);
});

test("the Firm Roles tab assigns staff to the firm's roles for one entity", async ({ page }) => {
  // Summit turns firm roles on for this test only (the firm cache follows the change at once).
  await sql(`UPDATE firm_preferences SET use_firm_roles = true WHERE firm_id = 'firm_summit'`);
  await sql(
    `INSERT INTO firm_roles (id, firm_id, role_name, permission_ids) VALUES ('role_e2e_preparer', 'firm_summit', 'Preparer', '{1}'), ('role_e2e_reviewer', 'firm_summit', 'Reviewer', '{2}')`,
  );
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "summit", "partner@summit.test");
    const hash = await hashOf("summit", "Christopher Adams");
    await page.goto(firmUrl("summit", `/admin/${hash}`));
    await page.getByRole("button", { name: "Edit account" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit account" });
    await dialog.getByRole("tab", { name: "Firm Roles" }).click();
    const preparer = dialog.getByRole("group", { name: "Preparer" });
    await preparer.getByLabel("Nina Patel").check();
    await dialogShot(page, "entity-edit-firm-roles-summit-1280");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Successfully updated")).toBeVisible();
    const rows = await sql<{ role_name: string; fname: string }>(
      `SELECT r.role_name, u.fname FROM firm_role_assignments a JOIN firm_roles r ON r.id = a.firm_role_id JOIN users u ON u.id = a.user_id JOIN companies c ON c.id = a.company_id WHERE c.hash_id = $1`,
      [hash],
    );
    expect(rows).toEqual([{ role_name: "Preparer", fname: "Nina" }]);
  } finally {
    await sql(`DELETE FROM firm_roles WHERE id IN ('role_e2e_preparer', 'role_e2e_reviewer')`);
    await sql(`UPDATE firm_preferences SET use_firm_roles = false WHERE firm_id = 'firm_summit'`);
  }
});

test("a partner creates an entity for a user: the dialog's messages, the server's, then the new entity", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/admin"));
  await page.getByRole("button", { name: "New entity" }).click();
  const select = page.getByRole("dialog", { name: "Select User for new Entity" });
  await select.getByLabel("Find the entity's owner").fill("Chen");
  await select.getByRole("list", { name: "Users" }).getByRole("button").first().click();
  await select.getByRole("button", { name: "Continue" }).click();
  const dialog = page.getByRole("dialog", { name: "Create entity for selected user" });

  // Checked in the dialog with the shared schema.
  await dialog.getByRole("button", { name: "Create entity" }).click();
  await expect(dialog.getByText("Entity type is required")).toBeVisible();
  await expect(dialog.getByText("Entity Name is required")).toBeVisible();
  await dialog.getByLabel("Entity type").selectOption("Partnership");
  await expect(dialog.getByText("Entity type is required")).toBeHidden();
  await dialog.getByLabel("Zip").fill("abc");
  await dialog.getByLabel("Entity Name").fill("Emily Chen");
  await dialog.getByRole("button", { name: "Create entity" }).click();
  await expect(dialog.getByText("Zip must be 5 digits, or ZIP+4 (12345-6789)")).toBeVisible();
  await dialog.getByLabel("Zip").fill("97201");

  // The server's refusal comes back onto the field, the typed values stay.
  await dialog.getByRole("button", { name: "Create entity" }).click();
  await expect(dialog.getByText("Entity Name already exists.")).toBeVisible();
  await expect(dialog.getByLabel("Zip")).toHaveValue("97201");

  const name = `Chen Partners ${Date.now()}`;
  await dialog.getByLabel("Entity Name").fill(name);
  await dialog.getByRole("button", { name: "Create entity" }).click();
  await expect(page.getByText("Entity created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const [created] = await sql<{ entity_type: string; zip: string }>(`SELECT entity_type, zip FROM companies WHERE name = $1`, [name]);
  expect(created).toEqual({ entity_type: "Partnership", zip: "97201" });
});
