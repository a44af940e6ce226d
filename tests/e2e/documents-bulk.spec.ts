/**
 * Selecting documents in the document browser: a client selects two files (one with the keyboard),
 * downloads them as one zip (exactly those two entries) and deletes them after confirming; staff
 * select a deleted and a live document and are told the mix is not available, then restore the
 * deleted one alone. Screens at 1280 and 375 px for acme and summit.
 */
import { inflateRawSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

const MIXED = "Not available for a mix of deleted and non-deleted documents";
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

/** A zip's entries (name → content) from its central directory. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, "not a zip").toBeGreaterThanOrEqual(0);
  const entries = new Map<string, string>();
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    entries.set(zip.subarray(at + 46, at + 46 + nameLength).toString("utf8"), (method === 8 ? inflateRawSync(data) : data).toString("latin1"));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

async function signedIn(page: Page, slug: string, email: string) {
  await signIn(page, slug, email);
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
}

/** A new folder of the page's entity, opened, with `files` uploaded into it. */
async function folderWith(page: Page, name: string, files: string[], uploaded: string) {
  await page.getByRole("button", { name: "Add Folder" }).click();
  await page.getByLabel("Folder name").fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("navigation", { name: "Folders" }).getByRole("link", { name }).click();
  await expect(page.getByText("There are no files in this folder.")).toBeVisible();
  await page.getByTestId("document-file-input").setInputFiles(files.map((f) => ({ name: f, mimeType: "application/pdf", buffer: pdf(f) })));
  await expect(page.getByText(uploaded).first()).toBeVisible();
  const list = page.getByRole("list", { name: "Documents" });
  for (const f of files) await expect(list.getByText(f, { exact: true })).toBeVisible();
}

/** The window as the user sees it (the selection bar sticks to its bottom), without the toasts. */
async function shot(page: Page, name: string) {
  const close = page.getByRole("region", { name: "Notifications" }).getByRole("button");
  while (await close.count()) await close.first().click();
  await page.screenshot({ path: `tests/screenshots/${name}.png` });
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const slug of ["acme", "summit"]) {
  test(`${slug}: a client selects two files, downloads them as one zip and deletes them`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedIn(page, slug, `client@${slug}.test`);
    await page.goto(firmUrl(slug, "/documents"));
    await expect(page).toHaveURL(/\/documents\/[^/?]+$/);
    await folderWith(page, `Selected ${Date.now()}`, ["W-2 Employer.pdf", "1099-INT Bank.pdf", "Receipt.pdf"], "Document(s) uploaded successfully");

    const selectAll = page.getByRole("checkbox", { name: "Select all files in this folder" });
    await expect(selectAll).not.toBeChecked();
    await page.getByRole("checkbox", { name: "Select W-2 Employer.pdf" }).check();
    // The second one with the keyboard.
    await page.getByRole("checkbox", { name: "Select 1099-INT Bank.pdf" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Select 1099-INT Bank.pdf" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Select Receipt.pdf" })).not.toBeChecked();
    expect(await selectAll.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);

    const bar = page.getByRole("region", { name: "Selected documents" });
    await expect(bar.getByText("2 selected")).toBeVisible();
    for (const action of ["Download", "Move", "Delete", "Clear"]) await expect(bar.getByRole("button", { name: action, exact: true })).toBeEnabled();
    await expect(bar.getByRole("button", { name: "Restore", exact: true })).toHaveCount(0);
    await screenshot(page, `${slug}-client-documents-selected`);

    const downloading = page.waitForEvent("download");
    await bar.getByRole("button", { name: "Download", exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    const entries = unzip(zip);
    expect([...entries.keys()].sort()).toEqual(["1099-INT Bank.pdf", "W-2 Employer.pdf"]);
    expect(entries.get("W-2 Employer.pdf")).toContain("% W-2 Employer.pdf");

    // At 375 px the bar and the rows still fit.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(bar).toBeVisible();
    await page.getByRole("checkbox", { name: "Select Receipt.pdf" }).scrollIntoViewIfNeeded();
    await shot(page, `${slug}-client-documents-selected-mobile`);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete asks first; Cancel keeps everything.
    await bar.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 2 documents?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(bar.getByText("2 selected")).toBeVisible();
    await bar.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete 2 documents?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Document removed successfully").first()).toBeVisible();
    const list = page.getByRole("list", { name: "Documents" });
    await expect(list.getByText("W-2 Employer.pdf", { exact: true })).toHaveCount(0);
    await expect(list.getByText("1099-INT Bank.pdf", { exact: true })).toHaveCount(0);
    await expect(list.getByText("Receipt.pdf", { exact: true })).toBeVisible();
    await expect(bar).toHaveCount(0);

    // Select all, then a search starts a new selection.
    await selectAll.check();
    await expect(page.getByRole("checkbox", { name: "Select Receipt.pdf" })).toBeChecked();
    await expect(bar.getByText("1 selected")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search documents" }).fill("Receipt");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText(/result.* for “Receipt”/)).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
}

for (const slug of ["acme", "summit"]) {
  test(`${slug}: staff select a deleted and a live document and see that the mix is not available`, async ({ page }) => {
    const [entity] = await sql<{ hash_id: string }>(
      `SELECT c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
        WHERE u.email = $1 AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY c.name LIMIT 1`,
      [`client@${slug}.test`],
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedIn(page, slug, `partner@${slug}.test`);
    await page.goto(firmUrl(slug, `/admin/${entity!.hash_id}/documents`));
    await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
    const stamp = Date.now();
    await folderWith(page, `Review ${stamp}`, [`Engagement ${stamp}.pdf`, `Organizer ${stamp}.pdf`], "Upload successful");

    await page.getByRole("button", { name: `Delete Organizer ${stamp}.pdf` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Document removed successfully").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Documents" }).getByText(`Organizer ${stamp}.pdf`, { exact: true })).toHaveCount(0);

    await page.getByRole("checkbox", { name: `Select Engagement ${stamp}.pdf` }).check();
    await page.getByText(/^Deleted documents \(/).click();
    await page.getByRole("checkbox", { name: `Select Organizer ${stamp}.pdf (deleted)` }).check();
    const bar = page.getByRole("region", { name: "Selected documents" });
    await expect(bar.getByText("2 selected")).toBeVisible();
    await expect(bar.getByText(MIXED)).toBeVisible();
    for (const action of ["Download", "Move", "Delete", "Restore"]) {
      const button = bar.getByRole("button", { name: action, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(MIXED);
    }
    await expect(bar.getByRole("button", { name: "Clear" })).toBeEnabled();
    await screenshot(page, `${slug}-staff-documents-mixed`);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(bar.getByText(MIXED)).toBeVisible();
    await page.getByRole("checkbox", { name: `Select Engagement ${stamp}.pdf` }).scrollIntoViewIfNeeded();
    await shot(page, `${slug}-staff-documents-mixed-mobile`);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The deleted one alone can be restored.
    await page.getByRole("checkbox", { name: `Select Engagement ${stamp}.pdf` }).uncheck();
    await expect(bar.getByText("1 selected")).toBeVisible();
    await expect(bar.getByText(MIXED)).toHaveCount(0);
    await expect(bar.getByRole("button", { name: "Download", exact: true })).toHaveCount(0);
    await bar.getByRole("button", { name: "Restore", exact: true }).click();
    await expect(page.getByText("Documents restored successfully").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Documents" }).getByText(`Organizer ${stamp}.pdf`, { exact: true })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
}

test("a large folder pages 100 items at a time (375 px)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const stamp = Date.now();
  const folder = `Paged ${stamp}`;
  const [entity] = await sql<{ id: string; hash_id: string; firm_id: string }>(
    `SELECT c.id, c.hash_id, c.firm_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = 'client@acme.test' AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY c.created_at LIMIT 1`,
  );
  await sql(
    `INSERT INTO documents (id, firm_id, company_id, item_type, path, name)
     SELECT 'paged' || $4 || '-' || n, $1, $2, 'file'::"DocumentItemType", $3, 'Receipt ' || lpad(n::text, 3, '0') || '.pdf' FROM generate_series(1, 120) n
     UNION ALL SELECT 'pagedf' || $4, $1, $2, 'folder'::"DocumentItemType", '/', $5`,
    [entity!.firm_id, entity!.id, `/${folder}`, stamp, folder],
  );
  await signedIn(page, "acme", "client@acme.test");
  await page.goto(firmUrl("acme", `/documents/${entity!.hash_id}?${new URLSearchParams({ path: `/${folder}` })}`));
  const pager = page.getByRole("navigation", { name: "Folder pages" });
  await expect(pager.getByRole("status")).toHaveText("1–100 of 120");
  const list = page.getByRole("list", { name: "Documents" });
  await expect(list.getByText("Receipt 001.pdf", { exact: true })).toBeVisible();
  await expect(pager.getByRole("link", { name: "Previous page" })).toHaveAttribute("aria-disabled", "true");
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(pager.getByRole("status")).toHaveText("101–120 of 120");
  await expect(list.getByText("Receipt 120.pdf", { exact: true })).toBeVisible();
  await expect(list.getByText("Receipt 001.pdf", { exact: true })).toHaveCount(0);
  expect(await noOverflow(page)).toBeLessThanOrEqual(0);
  await pager.scrollIntoViewIfNeeded();
  await shot(page, "acme-client-documents-pages-375");
});
