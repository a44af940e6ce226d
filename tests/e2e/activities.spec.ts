/**
 * A partner opens Activities from the navigation, filters by type, entity and questionnaire,
 * searches, and pages through 32 at a time; a second firm shows its own log in its own branding.
 * Screens at 1280 and 375 px.
 */
import { expect, test } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

async function probeEntity(slug: string) {
  const [row] = await sql<{ id: string; name: string; firm_id: string; questionnaire_id: string; questionnaire: string }>(
    `SELECT c.id, c.name, c.firm_id, q.id AS questionnaire_id, q.tax_year || ' ' || q.name AS questionnaire
       FROM companies c JOIN firms f ON f.id = c.firm_id JOIN questionnaires q ON q.company_id = c.id
      WHERE f.slug = $1 AND c.deleted_at IS NULL AND q.deleted_at IS NULL ORDER BY c.name, q.id LIMIT 1`,
    [slug],
  );
  return row!;
}

async function addProbes(entity: { id: string; firm_id: string; questionnaire_id: string }, prefix: string, count: number) {
  await sql(
    `INSERT INTO activity_logs (id, firm_id, type_id, title, description, company_id, questionnaire_id, created_at)
     SELECT 'act_e2e_' || $4 || g, $1, CASE WHEN g < 6 THEN 2 ELSE 1 END, $4 || ' ' || lpad(g::text, 2, '0'),
            CASE WHEN g < 6 THEN 'Uploaded W-2 ' || g || '.pdf' ELSE 'Changed the phone number' END,
            $2, CASE WHEN g < 3 THEN $3 ELSE NULL END, now() - make_interval(mins => 100 - g)
       FROM generate_series(0, $5 - 1) g
     ON CONFLICT (id) DO NOTHING`,
    [entity.firm_id, entity.id, entity.questionnaire_id, prefix, count],
  );
}

test("a partner filters, searches and pages the activity log", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const entity = await probeEntity("acme");
  await addProbes(entity, "Browser probe", 40);

  await signIn(page, "acme", "partner@acme.test");
  await page.getByRole("link", { name: "Activities", exact: true }).first().click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByRole("heading", { level: 1, name: "Activities" })).toBeVisible();
  const log = page.getByRole("region", { name: "Activity log" });
  const list = page.getByTestId("activity-list");
  await expect(list.locator("li").first()).toBeVisible();
  await screenshot(page, "activities-acme-desktop");

  // Search (debounced): 40 probes, 32 on the first page.
  await log.getByLabel("Search activities").fill("Browser probe");
  await expect(page).toHaveURL(/search=Browser\+probe/);
  await expect(log.getByRole("status")).toHaveText("1-32 of 40");
  await expect(list.locator("li")).toHaveCount(32);
  await expect(list.locator("li").first()).toContainText("Browser probe 39");
  await log.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(log.getByRole("status")).toHaveText("33-40 of 40");
  await expect(list.locator("li")).toHaveCount(8);
  await expect(log.getByText("Page 2 of 2")).toBeVisible();

  // Type: back to page 1, only documents.
  await log.getByLabel("Type").selectOption({ label: "Documents" });
  await expect(page).toHaveURL(/type_id=2/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(log.getByRole("status")).toHaveText("1-6 of 6");
  for (const text of await list.locator("li").allInnerTexts()) expect(text).toContain("Document");

  // Entity, then a questionnaire of it (the questionnaire filter waits for an entity).
  const questionnaireSelect = log.getByLabel("Organizer", { exact: true });
  await expect(questionnaireSelect).toBeDisabled();
  await log.getByLabel("Entity", { exact: true }).selectOption(entity.id);
  await expect(questionnaireSelect).toBeEnabled();
  await questionnaireSelect.selectOption(entity.questionnaire_id);
  await expect(log.getByRole("status")).toHaveText("1-3 of 3");
  await expect(list.locator("li").first()).toContainText(entity.name);

  // Nothing matches: the empty state resets the filters.
  await log.getByLabel("Search activities").fill("no such activity anywhere");
  await expect(log.getByText("No activities found")).toBeVisible();
  await screenshot(page, "activities-acme-empty");
  await log.getByRole("button", { name: "Reset filters" }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(list.locator("li").first()).toBeVisible();

  // Phones.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(firmUrl("acme", "/activities?search=Browser+probe&type_id=2"));
  await expect(log.getByRole("status")).toHaveText("1-6 of 6");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "activities-acme-375");
});

test("another firm sees only its own log, in its own branding", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const entity = await probeEntity("summit");
  await addProbes(entity, "Summit probe", 5);
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/activities?search=probe"));
  const log = page.getByRole("region", { name: "Activity log" });
  await expect(log.getByRole("status")).toHaveText("1-5 of 5");
  await expect(page.getByText("Browser probe")).toHaveCount(0);
  await screenshot(page, "activities-summit-desktop");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(log.getByRole("status")).toHaveText("1-5 of 5");
  await screenshot(page, "activities-summit-375");
});

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: sign-ins stay out of the log until asked for; titles in the firm's words, times with their zone`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const entity = await probeEntity(slug);
    await sql(
      `INSERT INTO activity_logs (id, firm_id, type_id, title, company_id, created_at) VALUES
         ('act_e2e_words_' || $2, $1, 1, 'Entity updated', $3, now()), ('act_e2e_signin_' || $2, $1, 0, 'Signed in', NULL, now())
       ON CONFLICT (id) DO NOTHING`,
      [entity.firm_id, slug, entity.id],
    );
    await signIn(page, slug, `partner@${slug}.test`);
    await page.goto(firmUrl(slug, "/activities"));
    const list = page.getByTestId("activity-list");
    const entityWord = slug === "summit" ? "Account" : "Entity";
    await expect(list.getByText(`${entityWord} updated`, { exact: true }).first()).toBeVisible();
    await expect(list.getByText("Signed in", { exact: true })).toHaveCount(0);
    await expect(list.locator("time").first()).toHaveText(/ (PST|PDT|MST|MDT)$/);
    await screenshot(page, `activities-words-${slug}-1280`);
    // The switch is the URL's: it turns on once the page has navigated.
    await page.getByLabel("Show sign-ins and verification codes").click();
    await expect(page).toHaveURL(/sign_ins=1/);
    await expect(list.getByText("Signed in", { exact: true }).first()).toBeVisible();
    await expect(page.getByLabel("Show sign-ins and verification codes")).toBeChecked();
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, `activities-words-${slug}-375`);
  });
}
