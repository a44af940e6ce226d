/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) on every main page of both
 * demo firms (their themes differ): the client pages at 1280 and 375 px, the staff pages, the
 * sign-in page and the root site. Menus, the entity selector and tabs are checked open too.
 * Every page must have zero violations.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { insertReturn, replaceWithPdf } from "./deliver-support";
import { firmUrl, rootUrl, signIn, sql } from "./support";

const FIRMS = ["acme", "summit"] as const;
const WIDTHS = [1280, 375] as const;
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page as it is and records its violations (soft: every page gets checked). */
async function expectAccessible(page: Page, what: string) {
  // Colour contrast is computed from the current opacity: let fades and slides finish first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(found, `${what} has accessibility violations`).toEqual([]);
}

/** Opens a page and waits until it has its main heading (and any entrance animation is over). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

async function ownEntity(slug: string, email: string) {
  const [entity] = await sql<{ hash_id: string }>(
    `SELECT c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id JOIN firms f ON f.id = c.firm_id
      WHERE f.slug = $1 AND u.email = $2 AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY c.name LIMIT 1`,
    [slug, email],
  );
  expect(entity, `${email} owns an active entity`).toBeTruthy();
  return entity.hash_id;
}

for (const slug of FIRMS) {
  test(`${slug}: the sign-in page and the root site`, async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, firmUrl(slug, "/"));
      await expect(page.getByLabel("Email")).toBeVisible();
      await expectAccessible(page, `${slug} sign-in at ${width} px`);
      await open(page, rootUrl("/"));
      await expectAccessible(page, `root site at ${width} px`);
    }
  });

  test(`${slug}: client pages at 1280 and 375 px`, async ({ page }) => {
    test.setTimeout(180_000);
    const email = `client@${slug}.test`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, email);
    await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
    await open(page, firmUrl(slug, "/"));
    const questionnaire = await page
      .getByRole("link", { name: /Continue|Start|View/ })
      .first()
      .getAttribute("href");
    expect(questionnaire, "the dashboard links to a questionnaire").toMatch(/^\/questionnaire\//);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const pages: [string, string][] = [
        ["dashboard", "/"],
        ["questionnaire", questionnaire!],
        ["documents", "/documents"],
        ["messages", "/inbox"],
        ["profile", "/profile"],
      ];
      for (const [name, path] of pages) {
        await open(page, firmUrl(slug, path));
        await expectAccessible(page, `${slug} client ${name} at ${width} px`);
      }

      // The widgets, open.
      await open(page, firmUrl(slug, "/"));
      // Both demo clients have several entities (Summit calls them accounts).
      const entity = page.getByRole("main").getByRole("button", { name: /^(Entity|Account) / });
      await entity.click();
      await expect(entity).toHaveAttribute("aria-expanded", "true");
      await expectAccessible(page, `${slug} entity selector open at ${width} px`);
      await page.keyboard.press("Escape");
      await expect(entity).toHaveAttribute("aria-expanded", "false");
      await page.getByRole("button", { name: /^Account menu for / }).click();
      await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
      await expectAccessible(page, `${slug} client account menu open at ${width} px`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
    }
  });

  test(`${slug}: staff pages`, async ({ page }) => {
    test.setTimeout(180_000);
    const entity = await ownEntity(slug, `client@${slug}.test`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `partner@${slug}.test`);
    await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
    const pages: [string, string][] = [
      ["Collect overview", "/"],
      ["Users", "/clients"],
      ["Entities", "/admin"],
      ["entity page", `/admin/${entity}`],
      ["entity documents", `/admin/${entity}/documents`],
      ["messages", "/messages"],
      ["templates", "/templates"],
      ["activities", "/activities"],
      ["firm settings", "/firm"],
      ["firm payments", "/firm/payments"],
      ["admin profile", "/admin-profile"],
      ["team", "/settings/team"],
      ["firm groups", "/settings/groups"],
      ["Deliver", "/tax-returns"],
    ];
    for (const [name, path] of pages) {
      await open(page, firmUrl(slug, path));
      await expectAccessible(page, `${slug} staff ${name}`);
    }

    // The account menu and in-page tabs (the Edit entity dialog), open.
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    await expectAccessible(page, `${slug} staff account menu open`);
    await page.keyboard.press("Escape");
    await open(page, firmUrl(slug, `/admin/${entity}`));
    await page.getByRole("button", { name: /^Edit/ }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("tab", { name: /^Details/ })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page, `${slug} staff edit dialog with tabs`);
  });
}

for (const slug of FIRMS) {
  test(`${slug}: the tax return classification page and its Replace dialog at 1280 and 375 px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `partner@${slug}.test`);
    const ret = await insertReturn(slug);
    await open(page, firmUrl(slug, `/tax-return-delivery-admin-view/${ret.id}?companyId=${ret.companyId}`));
    await page.getByRole("button", { name: "Replace" }).click();
    await expect(page.getByRole("dialog", { name: "Replace tax return" })).toBeVisible();
    await expectAccessible(page, `${slug} staff replace tax return dialog`);
    await page.keyboard.press("Escape");
    const id = await replaceWithPdf(page, slug, ret);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, firmUrl(slug, `/tax-return-delivery-admin-view/${id}?companyId=${ret.companyId}`));
      await expect(page.locator('[data-page="1"] canvas[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
      await page.getByRole("button", { name: "Add e-sign form" }).click();
      await expectAccessible(page, `${slug} staff classification page at ${width} px`);
    }
  });
}

for (const slug of FIRMS) {
  test(`${slug}: the client and staff inboxes with a conversation open, at 1280 and 375 px`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    // The demo conversation: a client's messages and the firm's answer.
    const [conversation] = await sql<{ id: string; hash: string }>(
      `SELECT m.conversation_id AS id, c.hash_id AS hash FROM messages m JOIN conversation_companies cc ON cc.conversation_id = m.conversation_id
         JOIN companies c ON c.id = cc.company_id JOIN firms f ON f.id = m.firm_id
        WHERE f.slug = $1 ORDER BY m.created_at LIMIT 1`,
      [slug],
    );
    expect(conversation, `${slug} has a conversation`).toBeTruthy();
    const [root] = await sql<{ id: string }>(`SELECT id FROM messages WHERE conversation_id = $1 AND thread_id IS NULL ORDER BY created_at LIMIT 1`, [
      conversation!.id,
    ]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `client@${slug}.test`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, firmUrl(slug, `/inbox/${conversation!.hash}/${conversation!.id}`));
      await expect(page.getByRole("list", { name: "Messages" })).toBeVisible();
      await expectAccessible(page, `${slug} client conversation at ${width} px`);
      await open(page, firmUrl(slug, `/inbox/${conversation!.hash}/${conversation!.id}?thread=${root!.id}`));
      await expectAccessible(page, `${slug} client thread at ${width} px`);
      await open(page, firmUrl(slug, `/inbox/${conversation!.hash}?new=1`));
      await expect(page.getByRole("textbox", { name: "Message to your firm" })).toBeVisible();
      await expectAccessible(page, `${slug} client new message at ${width} px`);
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await context.newPage();
    await signIn(staff, slug, `partner@${slug}.test`);
    await open(staff, firmUrl(slug, `/messages/${conversation!.id}`));
    // A scheduled message of the viewer's with 'Change time' open.
    const text = `Axe check (${Date.now()}).`;
    await staff.getByRole("textbox", { name: /^Message$/ }).fill(text);
    await staff.getByRole("checkbox", { name: "Schedule" }).check();
    await staff.getByRole("button", { name: "Send", exact: true }).click();
    const item = staff.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: text }).last();
    await expect(item.getByText(/Scheduled for/)).toBeVisible();
    for (const width of WIDTHS) {
      await staff.setViewportSize({ width, height: 900 });
      await open(staff, firmUrl(slug, `/messages/${conversation!.id}`));
      await expectAccessible(staff, `${slug} staff conversation at ${width} px`);
      await item.getByRole("button", { name: "Change time" }).click();
      await expect(item.getByLabel("New send time")).toBeVisible();
      await expectAccessible(staff, `${slug} staff 'Change time' at ${width} px`);
      await open(staff, firmUrl(slug, `/messages/${conversation!.id}?thread=${root!.id}`));
      await expectAccessible(staff, `${slug} staff thread at ${width} px`);
    }
    await context.close();
  });
}
