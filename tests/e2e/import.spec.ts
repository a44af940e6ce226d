/**
 * A partner imports a client list from the Import dialog on the Users page: a duplicate name is
 * dropped and an empty file ignored, the file uploads, the progress bar follows the background
 * job to its result, and the report of rejected rows downloads. Group-access staff see no Import
 * button. Screens at 1280 and 375 px, in two firms.
 */
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { firmUrl, screenshot, signIn, signOut, sql } from "./support";

const ROWS = 240;

function clientList(): string {
  const lines = ["First Name,Last Name,Email,Phone"];
  for (let i = 0; i < ROWS; i++) lines.push(`Imported${i},Client${String(i).padStart(3, "0")},e2e.import.${i}@example.com,(503) 555-${String(1000 + i)}`);
  lines.push("Broken,Row,not-an-email,");
  return `${lines.join("\n")}\n`;
}

// The imported clients leave the tables as they were for the browser tests that follow.
test.afterAll(async () => {
  await sql(
    `UPDATE companies SET deleted_at = now() WHERE firm_id = 'firm_acme' AND primary_owner_id IN (SELECT id FROM users WHERE firm_id = 'firm_acme' AND email LIKE 'e2e.import.%')`,
  );
  await sql(`UPDATE users SET deleted_at = now() WHERE firm_id = 'firm_acme' AND email LIKE 'e2e.import.%'`);
});

test("a partner imports a client list and follows its progress to the report", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.goto(firmUrl("acme", "/clients"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import" });
  await expect(dialog).toBeVisible();

  // Submitting with nothing chosen shows what is required.
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByText("Please select a file type")).toBeVisible();

  await dialog.getByLabel("File type").selectOption("client_list");
  await dialog.getByLabel("Client list type").selectOption("individuals");
  await expect(dialog.getByLabel("Assignee").locator("option", { hasText: "Priya Natarajan" })).toHaveCount(1);
  await dialog.getByLabel("Assignee").selectOption({ label: "Priya Natarajan" });
  await expect(dialog.getByRole("link", { name: "Individuals (1040)" })).toHaveAttribute("download", "client-list-individuals.csv");

  const csv = Buffer.from(clientList());
  const files = dialog.getByLabel("Files to import");
  await files.setInputFiles([
    { name: "acme-clients.csv", mimeType: "text/csv", buffer: csv },
    { name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) },
  ]);
  await files.setInputFiles([{ name: "acme-clients.csv", mimeType: "text/csv", buffer: csv }]);
  await expect(dialog.getByText("acme-clients.csv was already added. It will not be uploaded again.")).toBeVisible();
  await files.setInputFiles([{ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) }]);
  await expect(dialog.getByText("empty.csv is empty and was ignored.")).toBeVisible();
  await expect(dialog.getByTestId("import-file")).toHaveCount(1);
  await screenshot(page, "import-dialog-ready");

  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Upload successful")).toBeVisible();
  const bar = dialog.getByRole("progressbar", { name: "Importing acme-clients.csv" });
  await expect(bar).toBeVisible();
  await screenshot(page, "import-dialog-progress");

  const result = dialog.getByRole("status").filter({ hasText: "created" });
  await expect(result).toHaveText(`${ROWS} users and ${ROWS} entities created, 1 row rejected.Download report`, { timeout: 60_000 });
  await expect(dialog.getByText("Completed with rejected rows")).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await screenshot(page, "import-dialog-done");

  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Download report" }).click()]);
  expect(download.suggestedFilename()).toBe("acme-clients - rejected rows.csv");
  const report = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  expect(report.trim().split("\r\n")).toEqual(["Row,Reason,First Name,Last Name,Email,Phone", `${ROWS + 2},Invalid email address,Broken,Row,not-an-email,`]);

  const [{ n }] = await sql<{ n: string }>(
    `SELECT count(*) AS n FROM users u JOIN firms f ON f.id = u.firm_id WHERE f.slug = 'acme' AND u.email LIKE 'e2e.import.%'`,
  );
  expect(Number(n)).toBe(ROWS);

  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  // The table behind counts the imported users without a reload.
  const [{ total }] = await sql<{ total: string }>(
    `SELECT count(*) AS total FROM users u JOIN firms f ON f.id = u.firm_id WHERE f.slug = 'acme' AND u.kind = 'client' AND u.deleted_at IS NULL`,
  );
  await expect(page.getByRole("region", { name: "Users" }).getByRole("status")).toHaveText(`1-10 of ${total}`);

  // At 375 px the dialog still fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await dialog.getByLabel("File type").selectOption("client_list");
  await dialog.getByLabel("Client list type").selectOption("entities");
  await screenshot(page, "import-dialog-375");
});

test("another firm's theme, and no Import for group-access staff", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/clients"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import" });
  await dialog.getByLabel("File type").selectOption("rollover_items_import");
  await expect(dialog.getByLabel("Year")).toBeVisible();
  await expect(dialog.getByLabel("Tax software")).toBeVisible();
  await dialog.getByLabel("Year").selectOption("2024");
  await dialog.getByLabel("Tax software").selectOption("Drake");
  await dialog.getByLabel("Files to import").setInputFiles([{ name: "rollover.csv", mimeType: "text/csv", buffer: Buffer.from("Item,Value\nW-2,1\n") }]);
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByText("Received. Your firm's import team will process it.")).toBeVisible();
  await screenshot(page, "import-dialog-summit");
  const rows = await sql<{ year: number; tax_software: string }>(
    `SELECT j.year, j.tax_software FROM import_jobs j JOIN firms f ON f.id = j.firm_id WHERE f.slug = 'summit' AND j.file_name = 'rollover.csv'`,
  );
  expect(rows).toEqual([{ year: 2024, tax_software: "Drake" }]);
  await dialog.getByRole("button", { name: "Done" }).click();
  await signOut(page);

  await signIn(page, "summit", "nina.patel@summit.test");
  await page.goto(firmUrl("summit", "/clients"));
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
});
