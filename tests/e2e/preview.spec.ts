/**
 * Advisor modes in the browser: an advisor previews a client's questionnaire (mock answers and a
 * note, nothing saved), marks the deposit paid and unpaid, previews a template and a client's
 * dashboard; a client cannot open a preview. Screenshots at 1280 and 375 px.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatInTimeZone } from "date-fns-tz";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ianaZone } from "../../app/time-zones";
import { firmUrl, questionAction, screenshot, signIn } from "./support";

// The test server's database, as its superuser (the embedded PostgreSQL in E2E_DATA_DIR; its port is in postmaster.pid).
let pool: pg.Pool | null = null;
async function sql<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  if (!pool) {
    const port = readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", "postgres", "postmaster.pid"), "utf8")
      .split("\n")[3]
      ?.trim();
    pool = new pg.Pool({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/portal`, max: 2 });
  }
  return (await pool.query(text, values)).rows as R[];
}
test.afterAll(async () => {
  await pool?.end();
  pool = null;
});

const ACCOUNT_MENU = /^Account menu for /;

async function signInAs(page: Page, email: string) {
  await signIn(page, "acme", email);
  await expect(page.getByRole("button", { name: ACCOUNT_MENU })).toBeVisible();
}

async function questionnaireOf(email: string, name: string) {
  const rows = await sql<{ id: string; company_id: string; hash_id: string }>(
    `SELECT q.id, c.id AS company_id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = $1 AND q.name = $2 ORDER BY q.tax_year DESC LIMIT 1`,
    [email, name],
  );
  return rows[0]!;
}

/** Everything a questionnaire page could write for one questionnaire. */
async function fingerprint(questionnaireId: string) {
  const rows = await sql<{ h: string }>(
    `SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS h FROM (
       SELECT id || coalesce(answer, '') || coalesce(answer_by::text, '') || coalesce(special_answer::text, '') || coalesce(answered_at::text, '') AS x FROM questions WHERE questionnaire_id = $1
       UNION ALL SELECT c.id FROM question_comments c JOIN questions q ON q.id = c.question_id WHERE q.questionnaire_id = $1
       UNION ALL SELECT e.id || coalesce(e.value, '') FROM question_entries e JOIN questions q ON q.id = e.question_id WHERE q.questionnaire_id = $1
       UNION ALL SELECT id || marked_completed FROM sections WHERE questionnaire_id = $1
       UNION ALL SELECT id || completed || in_progress || coalesce(opened_at::text, '') || coalesce(current_section_id, '') || coalesce(last_activity_at::text, '') FROM questionnaires WHERE id = $1
       UNION ALL SELECT id FROM activity_logs WHERE questionnaire_id = $1) t`,
    [questionnaireId],
  );
  return rows[0]!.h;
}

test("an advisor previews a client's questionnaire: mock answers and notes, nothing saved", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const target = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
  const before = await fingerprint(target.id);
  await signInAs(page, "advisor@acme.test");
  await page.goto(firmUrl("acme", `/preview/${target.company_id}/questionnaire/${target.id}`));
  await expect(page.getByText("Preview: answers you give here are not saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");

  // Find a section with a text question and answer it, mark another N/A, add a note.
  const sections = page.getByRole("navigation", { name: "Sections" }).getByRole("button");
  const count = await sections.count();
  for (let i = 0; i < count; i++) {
    await sections.nth(i).click();
    await expect(sections.nth(i)).toHaveAttribute("aria-current", "step");
    if ((await page.locator('section[data-status] input[type="text"][aria-labelledby^="q-"]').count()) > 0) break;
  }
  const question = page
    .locator("section[data-status]")
    .filter({ has: page.locator('input[type="text"][aria-labelledby^="q-"]') })
    .first();
  await question.locator('input[type="text"][aria-labelledby^="q-"]').fill("Answered in preview");
  await expect(question.getByRole("status")).toHaveText("Saved");
  await questionAction(question, "Add Note");
  await question.getByLabel("Note").fill("Please bring last year's return");
  await question.getByRole("button", { name: "Save Note" }).click();
  await expect(question.getByText("Acme Tax & Advisory Team: Please bring last year's return")).toBeVisible();
  // Advisors can't use Upload Later (or Answer Later): the question's menu leaves them out.
  await question.getByRole("button", { name: /^Actions for question/ }).click();
  await expect(page.getByRole("menuitem", { name: "Mark N/A" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: /^(Upload|Answer) Later$/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  const otherId = await page
    .locator("section[data-status]")
    .filter({ has: page.getByRole("button", { name: /^Actions for question/ }) })
    .nth(1)
    .getAttribute("id");
  const other = page.locator(`section[id="${otherId}"]`);
  await questionAction(other, "Mark N/A");
  await expect(other.getByText("You marked this question as not applicable to you.")).toBeVisible();
  await screenshot(page, "acme-preview-questionnaire");

  // The engagement letter: Print and Sign; the advisor is not a signer.
  const agreement = (
    await sql<{ id: string; name: string; marked_completed: boolean }>(
      `SELECT id, name, marked_completed FROM sections WHERE questionnaire_id = $1 AND section_type = 2 LIMIT 1`,
      [target.id],
    )
  )[0];
  if (agreement) {
    await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: agreement.name }).click();
    if (agreement.marked_completed) await expect(page.getByText("Your signature isn't required.")).toBeVisible();
    await page.getByRole("button", { name: "Print and Sign" }).click();
    await expect(page.getByRole("dialog", { name: "Print and Sign" }).getByRole("article", { name: "Engagement letter" })).toBeVisible();
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, "acme-preview-print-and-sign");
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).last().click();
  }

  // Nothing reached the database.
  await page.waitForTimeout(1000);
  expect(await fingerprint(target.id)).toBe(before);

  // Phone width.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByText("Preview: answers you give here are not saved.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await screenshot(page, "acme-preview-questionnaire-mobile");
});

test("an advisor marks the deposit paid and unpaid from the preview", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const target = await questionnaireOf("client@acme.test", "2025 S-Corporation Questionnaire");
  await signInAs(page, "advisor@acme.test");
  await page.goto(firmUrl("acme", `/preview/${target.company_id}/questionnaire/${target.id}`));
  await page.getByRole("button", { name: "Mark as paid" }).click();
  await expect(page.getByText("Organizer marked as paid")).toBeVisible();
  expect((await sql<{ s: string }>(`SELECT deposit_status::text AS s FROM questionnaires WHERE id = $1`, [target.id]))[0]!.s).toBe("marked_paid");
  await screenshot(page, "acme-preview-deposit-paid");
  await page.getByRole("button", { name: "Mark as unpaid" }).click();
  await expect(page.getByText("Organizer marked as unpaid")).toBeVisible();
  expect((await sql<{ s: string }>(`SELECT deposit_status::text AS s FROM questionnaires WHERE id = $1`, [target.id]))[0]!.s).toBe("pending");
  await sql(`UPDATE questionnaires SET deposit_status = 'unpaid' WHERE id = $1`, [target.id]);
});

test("template preview: tax year minus 1, the template tags banner, nothing answerable", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const template = (
    await sql<{ id: string; name: string }>(
      `SELECT t.id, t.name FROM questionnaire_templates t JOIN firms f ON f.id = t.firm_id WHERE f.slug = 'acme' AND t.deleted_at IS NULL
      ORDER BY (SELECT count(*) FROM template_questions q WHERE q.template_id = t.id) DESC LIMIT 1`,
    )
  )[0]!;
  await signInAs(page, "advisor@acme.test");
  await page.goto(firmUrl("acme", `/preview/template/${template.id}`));
  await expect(page.getByText("Template tags such as {client_fname} are replaced", { exact: false })).toBeVisible();
  // Last year where the firm is (its time zone), not where the test runs.
  const [{ zone }] = await sql<{ zone: string }>(`SELECT time_zone AS zone FROM firms WHERE slug = 'acme'`);
  const lastYear = Number(formatInTimeZone(new Date(), ianaZone(zone!), "yyyy")) - 1;
  await expect(page.getByText(`Tax year ${lastYear}`, { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Actions for question/ })).toHaveCount(0);
  await screenshot(page, "acme-preview-template");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByText("Template tags such as {client_fname} are replaced", { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await screenshot(page, "acme-preview-template-mobile");
});

test("an advisor previews a client's dashboard read-only and opens a questionnaire in preview", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const target = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
  const client = (
    await sql<{ id: string; default_company_id: string | null }>(
      `SELECT u.id, u.default_company_id FROM users u JOIN firms f ON f.id = u.firm_id WHERE f.slug = 'acme' AND u.email = 'client@acme.test'`,
    )
  )[0]!;
  await signInAs(page, "advisor@acme.test");
  await page.goto(firmUrl("acme", `/preview/user/${client.id}?previewCompanyHash=${target.hash_id}`));
  await expect(page.getByText("Previewing Jordan Rivera")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await screenshot(page, "acme-preview-client-dashboard");
  await page.getByRole("link", { name: "2025 Individual Tax Organizer" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/preview/${target.company_id}/questionnaire/${target.id}$`));
  await expect(page.getByText("Preview: answers you give here are not saved.")).toBeVisible();
  const after = (await sql<{ default_company_id: string | null }>(`SELECT default_company_id FROM users WHERE id = $1`, [client.id]))[0]!;
  expect(after.default_company_id).toBe(client.default_company_id);
});

test("a client cannot open a preview", async ({ page }) => {
  const target = await questionnaireOf("client@acme.test", "2025 Individual Tax Organizer");
  await signInAs(page, "client@acme.test");
  const response = await page.goto(firmUrl("acme", `/preview/${target.company_id}/questionnaire/${target.id}`));
  expect(response?.status()).toBe(404);
  const template = await page.goto(firmUrl("acme", `/preview/template/anything`));
  expect(template?.status()).toBe(404);
});
