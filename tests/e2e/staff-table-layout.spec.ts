/**
 * The staff tables fit a 1280 px screen: the row's name (first column) and its action (last
 * column) are on screen without scrolling, and the page itself never scrolls sideways (only the
 * table does, when more columns are chosen). On a phone the page does not scroll sideways either.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { firmUrl, signIn, sql } from "./support";

async function expectInViewport(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  // A background refresh can re-render the row between the two reads: measure it once it stands.
  let box: Awaited<ReturnType<Locator["boundingBox"]>> = null;
  await expect.poll(async () => (box = await target.boundingBox())).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

async function expectNoPageScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The first row's cells: its name in the first column, and the last column's content. */
function firstRow(table: Locator) {
  // The first row whose name is a link or button (rows other tests add, such as a drop link's
  // holding entity, may show a plain name).
  const row = table
    .locator("tbody tr")
    .filter({ has: table.page().locator("td:not([data-select]) a, td:not([data-select]) button") })
    .first();
  return { name: row.locator("td:not([data-select])").first().locator("a, button").first(), last: row.locator("td").last() };
}

test("Collect, Users and Entities fit 1280 px with the row's name and action on screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "acme", "partner@acme.test");

  await page.goto(firmUrl("acme", "/"));
  const collect = page.getByRole("region", { name: "Organizers" });
  const open = collect
    .locator("tbody tr")
    .first()
    .getByRole("button", { name: /^Open / });
  await expectInViewport(page, open);
  await expectInViewport(page, firstRow(collect).name);
  await expectNoPageScroll(page);
  // The sidebar's background runs the page's whole height (the page is taller than the window).
  const heights = await page.evaluate(() => ({
    sidebar: document.querySelector("aside")!.getBoundingClientRect().height,
    page: document.documentElement.scrollHeight,
  }));
  expect(heights.page).toBeGreaterThan(800);
  // Within a pixel: layout heights are fractional.
  expect(heights.sidebar).toBeGreaterThanOrEqual(heights.page - 1);

  for (const [path, label] of [
    ["/clients", "Users"],
    ["/admin", "Entities"],
  ] as const) {
    await page.goto(firmUrl("acme", path));
    const table = page.getByRole("region", { name: label });
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const { name, last } = firstRow(table);
    await expectInViewport(page, name);
    await expectInViewport(page, last);
    await expectNoPageScroll(page);
  }

  // More columns than fit: the table scrolls, the name and the action stay put.
  await page.goto(firmUrl("acme", "/?cols=1"));
  await expect(collect.locator("tbody tr").first()).toBeVisible();
  await collect.locator("[data-table-scroller]").evaluate((el) => el.scrollBy({ left: 400 }));
  await expectInViewport(page, open);
  await expectInViewport(page, firstRow(collect).name);
  await expectNoPageScroll(page);

  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/", "/clients", "/admin"]) {
    await page.goto(firmUrl("acme", path));
    await expect(page.locator("main tbody tr").first()).toBeVisible();
    await expectInViewport(page, page.locator("main tbody tr").first().locator("td:not([data-select])").first().locator("a, button").first());
    await expectNoPageScroll(page);
  }
});

test("an entity's page and its owner's page list the questionnaires with the next step", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [entity] = await sql<{ hash_id: string; owner: string; n: string }>(
    `SELECT c.hash_id, c.primary_owner_id AS owner,
            (SELECT count(*) FROM questionnaires q WHERE q.company_id = c.id AND q.deleted_at IS NULL) AS n
       FROM companies c JOIN firms f ON f.id = c.firm_id
      WHERE f.slug = 'acme' AND c.deleted_at IS NULL AND c.primary_owner_id IS NOT NULL
      ORDER BY n DESC, c.hash_id LIMIT 1`,
  );
  expect(Number(entity!.n)).toBeGreaterThan(1);
  await signIn(page, "acme", "partner@acme.test");
  const step = /Next step: (Waiting for client|Review submitted answers|Send reminder|Send to client|Nothing to do: locked)/;

  await page.goto(firmUrl("acme", `/admin/${entity!.hash_id}`));
  const list = page.getByRole("list", { name: "Organizers" });
  await expect(list.getByRole("listitem")).toHaveCount(Number(entity!.n));
  for (const item of await list.getByRole("listitem").all()) await expect(item).toContainText(step);
  await list
    .getByRole("button", { name: /^Open / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(firmUrl("acme", `/clients/${entity!.owner}`));
  await expect(page.getByRole("list", { name: "Organizers" }).getByRole("listitem").first()).toContainText(step);

  // On a phone the header keeps its main action; the others are in More actions.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(firmUrl("acme", `/admin/${entity!.hash_id}`));
  await expect(page.getByRole("button", { name: "Edit entity" })).toBeHidden();
  await page.getByRole("button", { name: "More actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Edit entity" })).toBeVisible();
});
