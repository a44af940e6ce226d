/**
 * Deliver classification in the browser: Acme's partner replaces a return through the upload
 * dialog (a small PDF straight to the store, with progress), the job processes it, the partner
 * marks page 2 as Form 8879 for the taxpayer, places a signature box by clicking the page, and
 * sends a draft. Screenshots of the classification page for both demo firms at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { insertReturn, replaceWithPdf } from "./deliver-support";
import { firmUrl, forgetSession, signIn, sql } from "./support";

const SHOTS = "/work/shots/deliver-classify";

test("a partner uploads a return, places the taxpayer's signature box on the 8879 page and sends a draft", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const ret = await insertReturn("acme");
  const id = await replaceWithPdf(page, "acme", ret);
  await page.goto(firmUrl("acme", `/tax-return-delivery-admin-view/${id}?companyId=${ret.companyId}`));
  await page.getByRole("button", { name: "Add e-sign form" }).click();
  await page.getByLabel("Pages", { exact: true }).first().fill("2");
  await expect(page.locator('[data-page="2"] canvas[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
  // Aim inside page 2's own box (its height follows the column width: 420 px wide → 543 px tall at 1280).
  const page2 = page.getByTestId("placement-page-2");
  await page2.scrollIntoViewIfNeeded();
  const box = (await page2.boundingBox())!;
  await page2.click({ position: { x: box.width * 0.4, y: box.height * 0.75 } });
  await expect(page.getByRole("button", { name: /^Signature: .*\(Taxpayer\), page 2/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/acme-1280.png`, fullPage: false });
  await page.getByRole("radio", { name: "Draft for approval" }).check();
  await page.getByRole("button", { name: "Send draft" }).click();
  await expect(page.getByText("Draft sent for approval")).toBeVisible();
  const [row] = await sql<{ status: string; fields: string }>(
    `SELECT t.status, (SELECT count(*) FROM signature_fields f WHERE f.tax_return_id = t.id AND f.page = 2 AND f.kind = 'signature')::text AS fields FROM tax_returns t WHERE t.id = $1`,
    [id],
  );
  expect(row).toEqual({ status: "draft", fields: "1" });
  // The box is centred where the page was clicked (fractions of the page).
  const [field] = await sql<{ cx: number; cy: number }>(
    `SELECT (x + width / 2)::float8 AS cx, (y + height / 2)::float8 AS cy FROM signature_fields WHERE tax_return_id = $1`,
    [id],
  );
  expect(field!.cx).toBeCloseTo(0.4, 1);
  expect(field!.cy).toBeCloseTo(0.75, 1);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/acme-375.png`, fullPage: false });
  await forgetSession(page);
});

test("the classification page for Summit", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  const ret = await insertReturn("summit");
  const id = await replaceWithPdf(page, "summit", ret);
  await page.goto(firmUrl("summit", `/tax-return-delivery-admin-view/${id}?companyId=${ret.companyId}`));
  await expect(page.locator('[data-page="1"] canvas[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/summit-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/summit-375.png` });
  await forgetSession(page);
});

test("the classification page names the entity, year and status, and on a phone the panel comes before the pages", async ({ page }) => {
  test.setTimeout(180_000);
  for (const [slug, email] of [
    ["acme", "partner@acme.test"],
    ["summit", "partner@summit.test"],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, email);
    const ret = await insertReturn(slug);
    const id = await replaceWithPdf(page, slug, ret);
    const [entity] = await sql<{ name: string }>(`SELECT name FROM companies WHERE id = $1`, [ret.companyId]);
    await page.goto(firmUrl(slug, `/tax-return-delivery-admin-view/${id}?companyId=${ret.companyId}`));
    await expect(page.getByRole("heading", { level: 1, name: entity!.name })).toBeVisible();
    await expect(page.getByText("Tax year 2025")).toBeVisible();
    await expect(page.getByText("Status: Action required")).toBeVisible();
    await expect(page.locator('[data-page="1"] canvas[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
    await page.screenshot({ path: `/work/shots/delrest/classify-${slug}-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // The panel starts within the first screen, not after every page.
    const panel = page.getByRole("form", { name: "Classification" });
    expect((await panel.boundingBox())!.y).toBeLessThan(800);
    await page.screenshot({ path: `/work/shots/delrest/classify-${slug}-375.png` });
    // The jump links stay in view: to the pages and back to the panel.
    await page.getByRole("navigation", { name: "On this page" }).getByRole("button", { name: "Pages" }).click();
    await expect(page.getByTestId("placement-page-1")).toBeInViewport();
    await page.getByRole("navigation", { name: "On this page" }).getByRole("button", { name: "Classification" }).click();
    await expect(panel.getByText("Send as", { exact: true })).toBeInViewport();
    await page.getByRole("link", { name: "Back to Deliver" }).click();
    await expect(page).toHaveURL(/\/tax-returns/);
    await forgetSession(page);
  }
});
