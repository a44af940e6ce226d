/** Drop link: a partner saves the notified users and copies the link; a visitor sends a file without signing in. */
import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn } from "./support";

const PDF = Buffer.from("%PDF-1.4\n% drop link test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

test("drop link: saved by a partner, then used without signing in", async ({ page, browser }) => {
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await page.goto(firmUrl("acme", "/drop-link"));
  await expect(page.getByRole("heading", { name: "Drop Link" })).toBeVisible();
  const copy = page.getByRole("button", { name: "Copy link" });
  await expect(copy).toBeDisabled();
  await page.getByLabel(/Derek Chung/).check();
  await page.getByRole("button", { name: "Save" }).click();
  const url = (await page.getByTestId("drop-link-url").textContent())!;
  expect(url).toMatch(/\/drop-link\/[A-Za-z0-9_-]{40,}$/);
  await expect(copy).toBeEnabled();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, "acme-drop-link-settings");

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.setViewportSize({ width: 1280, height: 900 });
  await publicPage.goto(url);
  await expect(publicPage.getByRole("heading", { name: "Send files" })).toBeVisible();
  await publicPage.getByLabel("Your name").fill("Ann Visitor");
  await publicPage.getByLabel("Your email").fill("ann@example.com");
  await publicPage.getByLabel("Files").setInputFiles({ name: "W-2 2025.pdf", mimeType: "application/pdf", buffer: PDF });
  await publicPage.getByRole("button", { name: "Send files" }).click();
  await expect(publicPage.getByText(/Upload successful: 1 of 1 file sent to/)).toBeVisible();
  await screenshot(publicPage, "acme-drop-link-upload");
  await publicPage.setViewportSize({ width: 375, height: 800 });
  await screenshot(publicPage, "acme-drop-link-upload-mobile");
  await publicPage.goto(firmUrl("acme", `/drop-link/${"x".repeat(43)}`));
  await expect(publicPage.getByText("This upload link has expired or is not valid.")).toBeVisible();
  await screenshot(publicPage, "acme-drop-link-expired-mobile");
  await visitor.close();
});
