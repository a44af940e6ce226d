/**
 * Exports: an advisor opens a questionnaire's preview dialog, presses Export, picks Spreadsheet,
 * keeps the default name '{entity} - {questionnaire} ({tax year}) {date}', and sees 'Export in
 * progress' become a Download link that saves the .xlsx; the bell shows the ready export. From
 * Collect's selection, two questionnaires export as two files. Screens at 1280 and 375 px for
 * Acme and Summit (saved to /work/shots/exports when that folder exists, else tests/screenshots).
 */
import { existsSync, mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

const SHOTS = process.env.SHOTS_DIR ?? (existsSync("/work/shots") ? "/work/shots/exports" : "tests/screenshots");

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The dialog slides in again when the viewport crosses the mobile breakpoint.
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function openFirstPreview(page: Page, table: string) {
  const rows = page.getByRole("region", { name: table }).locator("tbody tr");
  await rows
    .first()
    .getByRole("button", { name: /^Open / })
    .click();
  const dialog = page.getByRole("dialog").first();
  await expect(dialog.getByRole("tab", { name: "Sections" })).toBeVisible();
  return dialog;
}

for (const [firm, table] of [
  ["acme", "Organizers"],
  ["summit", "Checklists"],
] as const) {
  test(`${firm}: export from the preview dialog, follow its progress and download it`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, firm, `partner@${firm}.test`);
    const preview = await openFirstPreview(page, table);
    const title = (await preview.getByRole("heading").first().textContent()) ?? "";
    await preview.getByRole("button", { name: "Export", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: /^Export (Organizer|Checklist|Questionnaire)\(s\)$/ });
    await expect(dialog).toBeVisible();
    const name = dialog.getByRole("textbox", { name: "File name" });
    await expect(name).toHaveValue(new RegExp(`^.+ - ${title.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d{4}\\) \\d{4}-\\d{2}-\\d{2}$`));
    await shot(page, `export-dialog-${firm}-1280`);
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, `export-dialog-${firm}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });

    const fileName = await name.inputValue();
    await dialog.getByRole("radio", { name: "Spreadsheet" }).check();
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const progress = page.getByRole("dialog", { name: "Export in progress" });
    await expect(progress).toBeVisible();
    const download = progress.getByRole("link", { name: "Download" });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(progress.getByText("Your export is ready.")).toBeVisible();
    await shot(page, `export-progress-${firm}-1280`);
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, `export-progress-${firm}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe(`${fileName}.xlsx`);
  });
}

test("acme: export two questionnaires from Collect's selection", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const rows = page.getByRole("region", { name: "Organizers" }).locator("tbody tr");
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await page.getByRole("toolbar", { name: "Selected rows" }).getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: /^Export (Organizer|Checklist|Questionnaire)\(s\)$/ });
  await expect(dialog.getByRole("list", { name: "Files" }).getByRole("listitem")).toHaveCount(2);
  await dialog.getByRole("radio", { name: "PDF" }).check();
  await dialog.getByRole("checkbox", { name: /Remove 'No' and 'N\/A' answers/ }).check();
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const progress = page.getByRole("dialog", { name: "Export in progress" });
  await expect(progress.getByRole("link", { name: "Download" })).toHaveCount(2, { timeout: 30_000 });
  await shot(page, "export-bulk-acme-1280");
});
