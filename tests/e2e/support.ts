import { expect, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export const PASSWORD = "Portal-Demo-2026!";
export const PORT = Number(process.env.E2E_PORT ?? 3210);

/** A firm's site (Chromium resolves *.localhost to this machine). */
export function firmUrl(slug: string, path = "/") {
  return `http://${slug}.localhost:${PORT}${path}`;
}

export function rootUrl(path = "/") {
  return `http://localhost:${PORT}${path}`;
}

// ─── The test server's database (what the product "sent": the outbox) ───
//
// The tests read the outbox where it lives, whether or not /dev/outbox.json is served: the
// embedded PostgreSQL that scripts/start.ts started in E2E_DATA_DIR (its port is in
// postmaster.pid), as its superuser (the tables' owner; the app itself logs in as
// portal_app_login and sees one firm at a time).

let pool: pg.Pool | null = null;

function database(): pg.Pool {
  if (pool) return pool;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (tests/playwright.config.ts sets it)");
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  pool = new pg.Pool({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/portal`, max: 2 });
  return pool;
}

/** A query on the test server's database, as its superuser (row-level security does not apply). */
export async function sql<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  const { rows } = await database().query(text, values);
  return rows as R[];
}

export interface SentMessage {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  body: string;
  created_at: Date;
}

/** The id of the newest message a firm sent so far: later messages come after it. */
export async function outboxMark(slug: string): Promise<Date> {
  const rows = await sql<{ at: Date | null }>(`SELECT max(m.created_at) AS at FROM outbound_messages m JOIN firms f ON f.id = m.firm_id WHERE f.slug = $1`, [
    slug,
  ]);
  return rows[0]?.at ?? new Date(0);
}

/** Waits (up to 10 s) for the firm to send a message to `to` after `mark` that `accept` takes, and returns the newest such. */
export async function nextMessage(
  slug: string,
  to: string,
  mark: Date,
  channel?: "email" | "sms",
  accept: (message: SentMessage) => boolean = () => true,
): Promise<SentMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await sql<SentMessage & Record<string, unknown>>(
      `SELECT m.id, m.channel::text AS channel, m."to", m.subject, m.body, m.created_at
         FROM outbound_messages m JOIN firms f ON f.id = m.firm_id
        WHERE f.slug = $1 AND m."to" = $2 AND m.created_at > $3 AND ($4::text IS NULL OR m.channel::text = $4)
        ORDER BY m.created_at DESC`,
      [slug, to, mark, channel ?? null],
    );
    const found = rows.find(accept);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Nothing was sent to ${to} by ${slug}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The 6-digit code in a message. */
export function codeIn(message: SentMessage): string {
  const code = `${message.subject ?? ""}\n${message.body}`.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the message to ${message.to}`);
  return code;
}

/** The one-time link in an email. */
export function linkIn(message: SentMessage): string {
  const link = message.body.match(/https?:\/\/\S+\/auth\/(?:link|confirm-email)\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`No link in the email to ${message.to}`);
  return link;
}

// ─── Signing in ───

/**
 * Signs in at `/` with the email-first flow: email, then the password; staff (two-factor) then
 * get a code by email, read from the outbox. Returns when the sign-in is done or the form shows
 * an error (tests assert on it), or at "Check your email" when the address is answered like an
 * emailed-link account (an unknown address is answered that way too).
 */
/**
 * Forgets the browser's session. The page first leaves the firm's site: its background calls
 * (the bell's count, the session check) would otherwise see the session gone and navigate to the
 * sign-in page under the test's next navigation.
 */
export async function forgetSession(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/**
 * Opens a signed-in page and waits until its code has run (the live-events stream sets
 * <html data-live> from an effect; the staff shell sets data-staff-shell): a control changed
 * before that would change only the HTML.
 */
export async function gotoReady(page: Page, url: string, options: { staff?: boolean } = {}) {
  await page.goto(url);
  await expect(page.locator("html[data-live]")).toHaveCount(1);
  // A staff page's content sits in the staff shell, whose code arrives after the page's.
  if (options.staff) await expect(page.locator("html[data-staff-shell=ready]")).toHaveCount(1, { timeout: 20_000 });
}

export async function signIn(page: Page, slug: string, email: string, password = PASSWORD) {
  await page.goto(firmUrl(slug, "/"));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const passwordField = page.getByLabel("Password", { exact: true });
  const sentLink = page.getByRole("heading", { name: "Check your email" });
  await expect(passwordField.or(sentLink)).toBeVisible();
  if (await sentLink.isVisible()) return;
  await passwordField.fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await completeSignIn(page, slug, email);
}

/** After the first factor: waits for the result, and does the second factor (by email) when asked. */
export async function completeSignIn(page: Page, slug: string, email: string) {
  const twoFactor = page.getByRole("heading", { name: "2-Factor Auth" });
  const error = page.locator('main form [role="alert"], main form [id$="-error"]');
  const signedIn = page.getByRole("button", { name: /^Account menu for / });
  await expect(twoFactor.or(error).or(signedIn).first()).toBeVisible();
  if (!(await twoFactor.isVisible())) return;
  const mark = await outboxMark(slug);
  await page.getByRole("button", { name: /^Email a code to / }).click();
  // The code's email: a job may email the same person meanwhile (a notification of an earlier test's doing).
  const code = codeIn(await nextMessage(slug, email, mark, "email", (m) => /\b\d{6}\b/.test(`${m.subject ?? ""}\n${m.body}`)));
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(signedIn.or(page.getByRole("heading", { name: "How do you want to sign in next time?" })).first()).toBeVisible();
}

/** Opens the account menu and signs out. */
export async function signOut(page: Page) {
  const menu = page.getByRole("button", { name: /^Account menu for / });
  const item = page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" }));
  // A click that lands before the page is interactive opens nothing: click again until it opens.
  await expect(async () => {
    if (!(await item.isVisible())) await menu.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
}

/** Runs one of a questionnaire question's actions (Add Note, Mark N/A, Provided Elsewhere, …) from its Actions menu. */
export async function questionAction(question: Locator, label: string) {
  const button = question.getByRole("button", { name: /^Actions for question/ });
  const item = question.page().getByRole("menuitem", { name: label, exact: true });
  // A click that lands before the page is interactive opens nothing: click again until it opens.
  await expect(async () => {
    if (!(await item.isVisible())) await button.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: true });
}
