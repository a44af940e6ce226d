/**
 * The client's document browser: uploads three files with a progress bar each, sees them in the
 * folder, renames one (the extension stays), downloads the folder as a zip; screens at 1280 and
 * 375 px. Staff see the same entity at /admin/{companyHash}/documents.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn } from "./support";

const PDF = Buffer.from("%PDF-1.4\n% e2e\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);

async function signedIn(page: Page, email: string) {
  await signIn(page, "acme", email);
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
}

test("a client uploads three files with progress, renames one and downloads the folder", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, "client@acme.test");
  await page.goto(firmUrl("acme", "/documents"));
  await expect(page).toHaveURL(/\/documents\/[^/?]+$/);
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();

  // A folder of its own, so reruns and other tests don't collide.
  const folder = `Uploads ${Date.now()}`;
  await page.getByRole("button", { name: "Add Folder" }).click();
  await page.getByLabel("Folder name").fill(folder);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("navigation", { name: "Folders" }).getByRole("link", { name: folder }).click();
  await expect(page.getByText("There are no files in this folder.")).toBeVisible();

  await page.getByTestId("document-file-input").setInputFiles([
    { name: "W-2 Employer.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "1099-INT Bank.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "Receipt.png", mimeType: "image/png", buffer: PNG },
  ]);
  const uploads = page.getByRole("region", { name: "Uploads" });
  await expect(uploads.getByRole("progressbar")).toHaveCount(3);
  await expect(uploads.locator("[data-upload-status='done']")).toHaveCount(3);
  await expect(page.getByText("Document(s) uploaded successfully").first()).toBeVisible();
  const list = page.getByRole("list", { name: "Documents" });
  for (const name of ["W-2 Employer.pdf", "1099-INT Bank.pdf", "Receipt.png"]) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await screenshot(page, "acme-client-documents");

  await page.getByRole("button", { name: "Rename W-2 Employer.pdf" }).click();
  await page.getByLabel("New name").fill("Wages 2025");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(list.getByText("Wages 2025.pdf", { exact: true })).toBeVisible();
  await expect(list.getByText("W-2 Employer.pdf", { exact: true })).toHaveCount(0);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download folder" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${folder}.zip`);
  const zip = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("latin1");
  });
  for (const name of ["Wages 2025.pdf", "1099-INT Bank.pdf", "Receipt.png"]) expect(zip).toContain(name);

  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "acme-client-documents-mobile");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("staff open a client entity's documents at /admin/{companyHash}/documents", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, "client@acme.test");
  await page.goto(firmUrl("acme", "/documents"));
  const entityUrl = new URL(page.url());
  const hash = entityUrl.pathname.split("/").pop();
  await page.context().clearCookies();
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("acme", `/admin/${hash}/documents`));
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
  await screenshot(page, "acme-staff-documents");
});
