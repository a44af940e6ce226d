/**
 * The staff entity page's Deliver cards: for an entity with demo tax returns and signature
 * requests in Acme and Summit, the cards list them with the tables' status labels, stay clean to
 * axe and stack on a phone without the page scrolling sideways; a row's link opens its page (the
 * classification page, the signature request's review page), and 'Send Tax Return' opens the
 * upload dialog with this entity chosen. Screens at 1280 and 375 px (saved under SHOTS_DIR when set).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true, animations: "disabled" });
}

async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

/** The firm's first entity (by name) with a tax return and a signature request that can be opened (not processing). */
async function entityWithBoth(slug: string) {
  const [row] = await sql<{ hash_id: string; name: string; return_name: string; form_name: string }>(
    `SELECT c.hash_id, c.name,
        (SELECT t.tax_return_name FROM tax_returns t WHERE t.company_id = c.id AND t.deleted_at IS NULL AND t.status <> 'processing' ORDER BY t.tax_year DESC, t.updated_at DESC, t.id DESC LIMIT 1) AS return_name,
        (SELECT r.form_name FROM signature_requests r WHERE r.company_id = c.id AND r.deleted_at IS NULL AND r.status <> 'processing' ORDER BY r.tax_year DESC, r.updated_at DESC, r.id DESC LIMIT 1) AS form_name
       FROM companies c JOIN firms f ON f.id = c.firm_id
      WHERE f.slug = $1 AND c.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM tax_returns t WHERE t.company_id = c.id AND t.deleted_at IS NULL AND t.status <> 'processing')
        AND EXISTS (SELECT 1 FROM signature_requests r WHERE r.company_id = c.id AND r.deleted_at IS NULL AND r.status <> 'processing')
      ORDER BY c.name LIMIT 1`,
    [slug],
  );
  expect(row, `${slug} has an entity with tax returns and signature requests`).toBeTruthy();
  return row!;
}

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: an entity's tax returns and signature requests, at 1280 and 375 px, open from the entity page`, async ({ page }) => {
    test.setTimeout(120_000);
    const entity = await entityWithBoth(slug);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `partner@${slug}.test`);
    const url = firmUrl(slug, `/admin/${entity.hash_id}`);
    await page.goto(url);
    const returns = page.getByRole("list", { name: "Tax returns" });
    const requests = page.getByRole("list", { name: "Signature requests" });
    await expect(page.getByRole("heading", { name: "Tax returns", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Signature requests", level: 2 })).toBeVisible();
    await expect(returns.getByRole("link", { name: new RegExp(`^Open ${entity.return_name}`) }).first()).toBeVisible();
    await expect(requests.getByRole("link", { name: new RegExp(`^Open ${entity.form_name}`) }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, `${slug} entity page at 1280 px`);
    await shot(page, `entity-deliver-${slug}-1280`);

    // 'Send Tax Return' opens the upload dialog with this entity already chosen.
    await page.getByRole("button", { name: "Send Tax Return" }).click();
    const dialog = page.getByRole("dialog", { name: "Send tax return" });
    await expect(dialog.getByRole("combobox", { name: /Entity/ })).toHaveValue(entity.name);
    await shot(page, `entity-deliver-${slug}-send-dialog-1280`);
    // The entity's options open with the dialog: the first click outside them only closes them.
    await expect(async () => {
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });

    // On a phone the cards stack (one under the other, each as wide as the page allows) and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url);
    await expect(returns).toBeVisible();
    await page.waitForLoadState("networkidle");
    const a = (await returns.boundingBox())!;
    const b = (await requests.boundingBox())!;
    expect(b.y).toBeGreaterThan(a.y + a.height);
    expect(a.x + a.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, `${slug} entity page at 375 px`);
    await shot(page, `entity-deliver-${slug}-375`);

    // A row's link opens its page, as in the tables.
    await page.setViewportSize({ width: 1280, height: 900 });
    await returns
      .getByRole("link", { name: new RegExp(`^Open ${entity.return_name}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/tax-return-delivery-admin-view\/[^/?]+\?companyId=/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.goto(url);
    await requests
      .getByRole("link", { name: new RegExp(`^Open ${entity.form_name}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/review-signature-request\/[^/?]+\?companyId=/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  });
}

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: an entity without returns or requests says so and offers both uploads`, async ({ page }) => {
    const [entity] = await sql<{ hash_id: string }>(
      `SELECT c.hash_id FROM companies c JOIN firms f ON f.id = c.firm_id
        WHERE f.slug = $1 AND c.deleted_at IS NULL AND c.primary_owner_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM tax_returns t WHERE t.company_id = c.id AND t.deleted_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM signature_requests r WHERE r.company_id = c.id AND r.deleted_at IS NULL)
        ORDER BY c.name LIMIT 1`,
      [slug],
    );
    expect(entity, `${slug} has an entity without returns or requests`).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `partner@${slug}.test`);
    await page.goto(firmUrl(slug, `/admin/${entity!.hash_id}`));
    await expect(page.getByText("No tax returns yet.")).toBeVisible();
    await expect(page.getByText("No signature requests yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Tax Return" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload signature request" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, `${slug} entity page without returns or requests`);
    await shot(page, `entity-deliver-${slug}-empty-1280`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByText("No signature requests yet.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, `entity-deliver-${slug}-empty-375`);
  });
}
