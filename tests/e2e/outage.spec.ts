/**
 * A database outage while a client works: the typed answer is kept, a 'Reconnecting…' bar says
 * so, nobody is signed out, and once the database is back the answer is saved and the bar goes.
 * A page loaded during the outage shows the 'temporarily unavailable' text, and its Refresh
 * loads that same page again.
 *
 * The outage: the app's database login is refused new connections ("too many connections for
 * role") and its open ones are cut, as while PostgreSQL restarts; the test server's other login
 * (the superuser the tests read with) is untouched.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { firmUrl, forgetSession, signIn, sql } from "./support";

const APP_LOGIN = "portal_app_login";
const RECONNECTING = "Reconnecting… What you typed is kept and will be saved.";
const UNAVAILABLE = "The portal is temporarily unavailable. Try again in a moment.";
const SHOTS = "tests/screenshots/outage-ui";

async function databaseDown() {
  await sql(`ALTER ROLE ${APP_LOGIN} CONNECTION LIMIT 0`);
  // Its open connections are cut, and cut again a moment later until none is left: a connection
  // that was starting as the limit changed got past it, and is listed only once started.
  const cut = async () => (await sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [APP_LOGIN])).length;
  await cut();
  await new Promise((resolve) => setTimeout(resolve, 250)); // a starting connection is listed by then
  await expect.poll(cut, { intervals: [250] }).toBe(0);
}

async function databaseUp() {
  await sql(`ALTER ROLE ${APP_LOGIN} CONNECTION LIMIT -1`);
}

test.afterEach(databaseUp);

/**
 * Runs `load` while the questionnaires are locked (the session check and the shell's queries go
 * through, the page's own query waits), and cuts the app's connections that wait: the database
 * goes away in the middle of the page's loader.
 */
async function dropMidLoader<T>(load: () => Promise<T>): Promise<T> {
  const port = readFileSync(path.join(process.env.E2E_DATA_DIR!, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  const locker = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/portal` });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE questionnaires IN ACCESS EXCLUSIVE MODE");
    const loading = load();
    await expect
      .poll(async () => {
        const rows = await sql<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE usename = $1 AND wait_event_type = 'Lock'`, [APP_LOGIN]);
        for (const { pid } of rows) await sql(`SELECT pg_terminate_backend($1)`, [pid]);
        return rows.length;
      })
      .toBeGreaterThan(0);
    return await loading;
  } finally {
    await locker.query("ROLLBACK").catch(() => {});
    await locker.end();
  }
}

interface TextQuestion {
  id: string;
  text: string;
  path: string;
}

/** A text question in an always-shown section of the client's open questionnaire, and its page. */
async function textQuestionOf(email: string): Promise<TextQuestion> {
  const [row] = await sql<{ qid: string; hash_id: string; section_id: string; id: string; text: string }>(
    `SELECT q.id AS qid, c.hash_id, s.id AS section_id, qu.id, qu.text
       FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users u ON u.id = c.primary_owner_id
       JOIN sections s ON s.questionnaire_id = q.id JOIN questions qu ON qu.section_id = s.id
      WHERE u.email = $1 AND q.deleted_at IS NULL AND NOT q.is_draft AND NOT q.locked AND NOT q.completed
        AND (q.due_date IS NULL OR q.due_date >= current_date)
        AND qu.question_type = 'text' AND qu.deleted_at IS NULL AND qu.follow_up_question_id IS NULL AND s.trigger_question_id IS NULL
      ORDER BY q.tax_year DESC, q.created_at, s."order", qu."order" LIMIT 1`,
    [email],
  );
  expect(row, `an open questionnaire with a text question for ${email}`).toBeTruthy();
  return { id: row.id, text: row.text, path: `/questionnaire/${row.hash_id}?questionnaireId=${row.qid}&sectionId=${row.section_id}` };
}

async function savedAnswer(questionId: string): Promise<string | null> {
  const [row] = await sql<{ answer: string | null }>(`SELECT answer FROM questions WHERE id = $1`, [questionId]);
  return row?.answer ?? null;
}

async function openQuestion(page: Page, slug: string, question: TextQuestion) {
  await page.goto(firmUrl(slug, question.path));
  await expect(page.getByText("Your progress is saved automatically.", { exact: false })).toBeVisible();
  return page
    .locator("section[data-status]")
    .filter({ hasText: question.text.slice(0, 40) })
    .first()
    .getByRole("textbox");
}

test("an answer typed during an outage is kept, the page says it is reconnecting, and it is saved once the database is back", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  const question = await textQuestionOf("client@acme.test");
  const input = await openQuestion(page, "acme", question);
  const bar = page.getByRole("status").filter({ hasText: RECONNECTING });
  await expect(bar).toHaveCount(0);

  const saves: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/questionnaires/")) saves.push(String(response.status()));
  });
  const typed = `Kept ${Date.now() % 100_000}`;
  await databaseDown();
  await input.fill(typed);
  await input.press("Tab");

  await expect(bar).toBeVisible();
  // The save was refused and is being tried again: the page stays, signed in, with the answer typed.
  await expect.poll(() => saves.filter((status) => status === "503").length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(page).toHaveURL(firmUrl("acme", question.path));
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await expect(input).toHaveValue(typed);
  expect(await savedAnswer(question.id)).not.toBe(typed);

  await databaseUp();
  await expect.poll(() => savedAnswer(question.id), { timeout: 30_000 }).toBe(typed);
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await expect(input).toHaveValue(typed);
});

test("a page loaded during an outage says the portal is unavailable, and Refresh loads that page again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  const question = await textQuestionOf("client@acme.test");
  await databaseDown();
  const answer = await page.goto(firmUrl("acme", question.path));
  expect(answer?.status()).toBe(503);
  await expect(page.getByRole("heading", { name: UNAVAILABLE })).toBeVisible();
  const refresh = page.getByRole("link", { name: "Refresh" });
  await expect(refresh).toHaveAttribute("href", question.path);

  await databaseUp();
  await refresh.click();
  await expect(page).toHaveURL(firmUrl("acme", question.path));
  await expect(page.getByText("Your progress is saved automatically.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
});

test("a database drop in the middle of a page's loader shows the text inside the page, with a Refresh of that page", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const slug of ["acme", "summit"]) {
    const email = `client@${slug}.test`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, email);
    const question = await textQuestionOf(email);
    const answer = await dropMidLoader(() => page.goto(firmUrl(slug, question.path)));
    expect(answer?.status()).toBe(503);
    const alert = page.getByRole("alert").filter({ hasText: UNAVAILABLE });
    await expect(alert).toBeVisible();
    // Still signed in, in the firm's shell.
    await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
    await expect(alert.getByRole("link", { name: "Refresh" })).toHaveAttribute("href", question.path);
    await page.screenshot({ path: `${SHOTS}/page-unavailable-${slug}-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/page-unavailable-${slug}-375.png` });
    await alert.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByText("Your progress is saved automatically.", { exact: false })).toBeVisible();
    await forgetSession(page);
  }
});

test("the reconnecting bar and the outage page, for both firms at desktop and phone widths", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const slug of ["acme", "summit"]) {
    const email = `client@${slug}.test`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, email);
    const question = await textQuestionOf(email);
    const input = await openQuestion(page, slug, question);
    await databaseDown();
    await input.fill(`Typed ${Date.now() % 100_000}`);
    await input.press("Tab");
    const bar = page.getByRole("status").filter({ hasText: RECONNECTING });
    await expect(bar).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reconnecting-${slug}-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(bar).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reconnecting-${slug}-375.png` });

    await page.goto(firmUrl(slug, "/"));
    await expect(page.getByRole("heading", { name: UNAVAILABLE })).toBeVisible();
    // The firm's own page: its name on the card and in the title (its theme: see the screenshots).
    const firmName = slug === "acme" ? "Acme Tax & Advisory" : "Summit CPA Group";
    await expect(page.getByText(firmName, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${firmName} · Client Portal`);
    await page.screenshot({ path: `${SHOTS}/unavailable-${slug}-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/unavailable-${slug}-1280.png` });
    await databaseUp();
    await forgetSession(page);
  }
});
