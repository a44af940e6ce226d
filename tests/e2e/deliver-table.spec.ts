/**
 * Deliver: a partner opens the tax returns table, sees the seeded returns, reads what a sent
 * return still needs, opens a draft with changes requested, marks a sent return finished and sees
 * the toast, reads its activity log and downloads its signature pages. Screens at 1280 and 375 px
 * for Acme and Summit (saved under SHOTS_DIR when set). Other specs add returns to the demo
 * firms, so the counts come from the database, and the seeded rows are found by their entities.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { PDFDocument } from "@cantoo/pdf-lib";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  // Animations finished: a dialog is shot as it stands once open, not mid fade-in.
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true, animations: "disabled" });
}

const PAGE_SIZE = 10;

/** The firm's returns the partner sees (every entity's, not deleted), and how many of them match `where`. */
async function returnCount(slug: string, where = "TRUE"): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM tax_returns t JOIN companies c ON c.id = t.company_id JOIN firms f ON f.id = t.firm_id
      WHERE f.slug = $1 AND t.deleted_at IS NULL AND c.deleted_at IS NULL AND (${where})`,
    [slug],
  );
  return row!.n;
}

/** The entity of a seeded return in `status` matching `where` (the demo seed's ids start with trn_). */
async function seededEntity(slug: string, status: string, where = "TRUE"): Promise<string> {
  const [row] = await sql<{ name: string }>(
    `SELECT c.name FROM tax_returns t JOIN companies c ON c.id = t.company_id JOIN firms f ON f.id = t.firm_id
      WHERE f.slug = $1 AND t.id LIKE 'trn\\_%' AND t.status = $2 AND t.deleted_at IS NULL AND (${where}) ORDER BY t.updated_at DESC LIMIT 1`,
    [slug, status],
  );
  return row!.name;
}

/** Returns with exactly one signature left to give (the Signature cell's '1 signature(s) still needed'). */
const ONE_SIGNATURE_LEFT = `(SELECT count(*) FROM e_sign_form_signatures s JOIN e_sign_forms ef ON ef.id = s.e_sign_form_id
  WHERE ef.tax_return_id = t.id AND s.signed_at IS NULL AND NOT ef.wet_signatures_required) = 1`;

test("a partner marks a sent tax return finished from Deliver", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  await page.getByRole("link", { name: "Deliver" }).first().click();
  await expect(page.getByRole("heading", { name: "Deliver", level: 1 })).toBeVisible();
  const table = page.getByRole("region", { name: "Tax returns" });
  const total = await returnCount("acme");
  expect(total).toBeGreaterThanOrEqual(8);
  await expect(table.getByRole("status")).toHaveText(`1-${Math.min(total, PAGE_SIZE)} of ${total}`);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(Math.min(total, PAGE_SIZE));
  await shot(page, "deliver-acme-desktop");

  // Every return on one page: each status as often as the database has it.
  await page.goto(firmUrl("acme", "/tax-returns?size=50"));
  await expect(rows).toHaveCount(total);
  await expect(rows.filter({ hasText: "Action Required" })).toHaveCount(await returnCount("acme", "t.status = 'action_required'"));
  await expect(rows.filter({ hasText: "Changes Requested" })).toHaveCount(await returnCount("acme", "t.status = 'change_requested'"));
  const oneLeft = rows.filter({ hasText: "1 signature(s) still needed on these forms" });
  await expect(oneLeft).toHaveCount(await returnCount("acme", ONE_SIGNATURE_LEFT));

  // What is still missing, in a popover (the seeded sent return that one spouse has yet to sign).
  const partial = oneLeft.filter({ hasText: await seededEntity("acme", "sent", ONE_SIGNATURE_LEFT) }).first();
  await partial.getByRole("button", { name: /^1 signature\(s\) still needed on these forms: show the missing signatures/ }).click();
  await expect(page.getByText(/^Form 8879 - IRS e-file Signature Authorization \(/)).toBeVisible();
  await shot(page, "deliver-acme-signatures-popover");
  await page.keyboard.press("Escape");

  // The seeded draft with changes requested shows the client's reason.
  const changes = rows.filter({ hasText: "Changes Requested" }).filter({ hasText: await seededEntity("acme", "change_requested") });
  await changes.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "View draft" }).click();
  const draft = page.getByRole("dialog", { name: "Tax Return Draft - Changes requested" });
  await expect(draft.getByText(/the interest is missing on Schedule B/)).toBeVisible();
  await expect(draft.getByRole("button", { name: "Replace Tax Return Draft" })).toBeVisible();
  await expect(draft.getByRole("link", { name: "Start Classification" })).toHaveAttribute("href", /^\/tax-return-delivery-admin-view\/[^?]+\?companyId=/);
  await shot(page, "deliver-acme-draft-dialog");
  await draft.getByRole("button", { name: "Close" }).first().click();

  // Mark a sent return finished.
  const sent = rows.filter({ has: page.locator("td span", { hasText: /^Sent$/ }) }).first();
  const name = (await sent.locator("td").nth(1).innerText()).trim();
  await sent.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Mark as finished" }).click();
  await expect(page.getByText("Tax return has been marked as finished", { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: name }).first()).toContainText("Finished");
  const [activity] = await sql<{ title: string }>(
    `SELECT a.title FROM activity_logs a JOIN firms f ON f.id = a.firm_id WHERE f.slug = 'acme' AND a.tax_return_id IS NOT NULL ORDER BY a.created_at DESC LIMIT 1`,
  );
  expect(activity?.title).toBe("Marked as finished");

  // Its activity log, newest first.
  const finished = rows.filter({ hasText: name }).filter({ hasText: "Finished" }).first();
  await finished.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Activity log" }).click();
  const log = page.getByRole("dialog", { name: "Activity log" });
  await expect(log.getByRole("listitem").first()).toContainText("Marked as finished");
  await log.getByRole("button", { name: "Close" }).first().click();
  await expect(log).toBeHidden();

  // Its signature pages: a PDF of the 8879 page alone.
  await finished.getByRole("button", { name: /^Actions for / }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Download signature pages" }).click()]);
  expect(download.suggestedFilename()).toMatch(/ - signature pages\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deliver", level: 1 })).toBeVisible();
  await shot(page, "deliver-acme-phone");
});

test("Summit's Deliver table at 1280 and 375 px; the empty state offers Reset filters", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/tax-returns"));
  const table = page.getByRole("region", { name: "Tax returns" });
  const shown = Math.min(await returnCount("summit"), PAGE_SIZE);
  expect(await returnCount("summit")).toBeGreaterThanOrEqual(8);
  await expect(table.locator("tbody tr")).toHaveCount(shown);
  await shot(page, "deliver-summit-desktop");
  await table.getByLabel("Search by account name").fill("no entity has this name");
  await expect(table.getByText("No tax returns were found")).toBeVisible();
  await expect(table.getByRole("button", { name: "Reset filters" })).toBeVisible();
  await shot(page, "deliver-summit-empty");
  await table.getByRole("button", { name: "Reset filters" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(shown);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deliver", level: 1 })).toBeVisible();
  await shot(page, "deliver-summit-phone");
  // On a phone the filters fold under a Filters button (the same toolbar as Collect's).
  await expect(table.getByRole("combobox", { name: "Status", exact: true })).toBeHidden();
  await table.getByRole("button", { name: "Filters" }).click();
  await expect(table.getByRole("combobox", { name: "Status", exact: true })).toBeVisible();
  await page.screenshot({ path: "/work/shots/delrest/deliver-filters-summit-375.png" });
});

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: a return's row menu, activity log and Send to documents at 1280 and 375 px`, async ({ page }) => {
    await signIn(page, slug, `partner@${slug}.test`);
    const entity = await seededEntity(slug, "signed");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(firmUrl(slug, "/tax-returns?size=50"));
      const row = page
        .getByRole("region", { name: "Tax returns" })
        .locator("tbody tr")
        .filter({ hasText: entity })
        .filter({ has: page.locator("td span", { hasText: /^Signed$/ }) })
        .first();
      const actions = row.getByRole("button", { name: /^Actions for / });
      await actions.click();
      for (const item of ["Download", "Download signature pages", "Download with all pages", "Send to documents", "Activity log"])
        await expect(page.getByRole("menuitem", { name: item, exact: true })).toBeVisible();
      await shot(page, `deliver-row-menu-${slug}-${width}`);

      await page.getByRole("menuitem", { name: "Send to documents" }).click();
      const send = page.getByRole("dialog", { name: "Send tax return to documents" });
      await expect(send.getByLabel("Folder")).toHaveValue(/^\/\d{4}\/Tax Return$/);
      // On a phone too: the box is checked and the subject and message appear.
      await send.getByLabel("Notify the client").check();
      await expect(send.getByRole("textbox", { name: "Subject" })).toBeVisible();
      await shot(page, `deliver-send-to-documents-${slug}-${width}`);
      if (width === 375) {
        await page.screenshot({ path: `/work/shots/delrest/send-to-documents-${slug}-375.png` });
        // The phone's larger tap margin around the box still toggles it.
        const box = (await send.getByLabel("Notify the client").boundingBox())!;
        await page.mouse.click(box.x - 8, box.y + box.height / 2);
        await expect(send.getByLabel("Notify the client")).not.toBeChecked();
        await send.getByRole("button", { name: "Cancel" }).click();
        await expect(send).toBeHidden();
      } else {
        // Sent: the toast, the dialog closes, and the document is in the entity's folder.
        await send.getByLabel("Notify the client").uncheck();
        const name = await send.getByLabel("Document name").inputValue();
        await send.getByRole("button", { name: "Send to documents" }).click();
        await expect(page.getByText("Sent to documents successfully", { exact: true })).toBeVisible();
        await expect(send).toBeHidden();
        const [doc] = await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM documents d JOIN companies c ON c.id = d.company_id WHERE c.name = $1 AND d.firm_id = $2 AND d.name LIKE $3`,
          [entity, `firm_${slug}`, `${name.replace(/\.pdf$/i, "")}%`],
        );
        expect(doc!.n).toBeGreaterThanOrEqual(1);
      }

      // The activity log: the copy to documents is its newest entry.
      await actions.click();
      await page.getByRole("menuitem", { name: "Activity log" }).click();
      const log = page.getByRole("dialog", { name: "Activity log" });
      await expect(log.getByRole("listitem").first()).toContainText("Sent to documents");
      await shot(page, `deliver-activity-log-${slug}-${width}`);
      await log.getByRole("button", { name: "Close" }).first().click();
      await expect(log).toBeHidden();
    }
  });
}

for (const slug of ["acme", "summit"] as const) {
  test(`with firm roles on, ${slug}'s Deliver table shows who holds each role, at 1280 and 375 px`, async ({ page }) => {
    const [firm] = await sql<{ id: string; on: boolean }>(
      `SELECT f.id, p.use_firm_roles AS on FROM firms f JOIN firm_preferences p ON p.firm_id = f.id WHERE f.slug = $1`,
      [slug],
    );
    // The entity of the most recently changed return (the first row of the default sort) and a staff member to hold the role.
    const [entity] = await sql<{ id: string; name: string }>(
      `SELECT c.id, c.name FROM tax_returns t JOIN companies c ON c.id = t.company_id
        WHERE t.firm_id = $1 AND t.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY t.updated_at DESC, t.id DESC LIMIT 1`,
      [firm!.id],
    );
    const [holder] = await sql<{ id: string; name: string }>(`SELECT id, trim(fname || ' ' || lname) AS name FROM users WHERE firm_id = $1 AND email = $2`, [
      firm!.id,
      `partner@${slug}.test`,
    ]);
    const roleId = `e2e_role_${slug}`;
    await sql(`INSERT INTO firm_roles (id, firm_id, role_name) VALUES ($1, $2, 'Return preparer')`, [roleId, firm!.id]);
    await sql(`INSERT INTO firm_role_assignments (id, firm_id, firm_role_id, company_id, user_id) VALUES ($1, $2, $3, $4, $5)`, [
      `e2e_assign_${slug}`,
      firm!.id,
      roleId,
      entity!.id,
      holder!.id,
    ]);
    await sql(`UPDATE firm_preferences SET use_firm_roles = true WHERE firm_id = $1`, [firm!.id]);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, slug, `partner@${slug}.test`);
      await page.goto(firmUrl(slug, "/tax-returns"));
      const table = page.getByRole("region", { name: "Tax returns" });
      const header = table.getByRole("columnheader", { name: /Return preparer/ });
      // The firm's settings are cached for a moment: reload until the preference shows.
      await expect(async () => {
        await page.reload();
        await expect(header).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      const row = table.locator("tbody tr").filter({ hasText: entity!.name }).first();
      await expect(row).toContainText(holder!.name);
      // Offered in the column choice like every other column.
      await table.getByText("Columns", { exact: true }).click();
      await expect(table.getByRole("group", { name: "Visible columns" }).getByRole("checkbox", { name: "Return preparer" })).toBeChecked();
      await table.getByText("Columns", { exact: true }).click();
      // Sortable like every other column: its holders first.
      await header.getByRole("button").click();
      await expect(page).toHaveURL(new RegExp(`sort=role_${roleId}`));
      await expect(table.locator("tbody tr").first()).toContainText(holder!.name);
      await table
        .locator("tbody tr")
        .first()
        .getByText(holder!.name)
        .last()
        .evaluate((el) => el.scrollIntoView({ inline: "center", block: "nearest" }));
      await shot(page, `deliver-roles-${slug}-1280`);
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await table
        .locator("tbody tr")
        .first()
        .getByText(holder!.name)
        .last()
        .evaluate((el) => el.scrollIntoView({ inline: "center", block: "nearest" }));
      await shot(page, `deliver-roles-${slug}-375`);
    } finally {
      await sql(`UPDATE firm_preferences SET use_firm_roles = $2 WHERE firm_id = $1`, [firm!.id, firm!.on]);
      await sql(`DELETE FROM firm_roles WHERE id = $1`, [roleId]);
    }
  });
}
