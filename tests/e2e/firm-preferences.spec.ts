/**
 * Firm setup in the browser:
 * - a Summit partner turns on document drop-off on the Documents preferences page, and the firm's
 *   client can then drop off files; the preference is turned off again at the end;
 * - the firm's in-app banner shows to a client and is dismissed for the browser session;
 * - "Sign in" on the root domain: a subdomain goes to the firm's sign-in page, an email gets the
 *   same answer and the firm's email with the link.
 * Screens of both demo firms at 1280 and 375 px (in SHOTS_DIR, when it is set).
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, forgetSession, nextMessage, outboxMark, rootUrl, signIn, sql } from "./support";

const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a partner turns on document drop-off and the firm's client can drop off files", async ({ page, browser }) => {
  const [target] = await sql<{ questionnaire_id: string; company_id: string }>(
    `SELECT q.id AS questionnaire_id, c.id AS company_id FROM questionnaires q
       JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = 'client@summit.test' AND q.deleted_at IS NULL AND c.deleted_at IS NULL AND NOT c.inactive
      ORDER BY q.created_at LIMIT 1`,
  );
  const dropOff = firmUrl("summit", `/document-drop-off?${new URLSearchParams({ questionnaireId: target!.questionnaire_id, companyId: target!.company_id })}`);

  const client = await (await browser.newContext()).newPage();
  await signIn(client, "summit", "client@summit.test");
  await client.goto(dropOff);
  await expect(client.getByRole("heading", { name: "Page not available" })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "partner@summit.test");
  await page.goto(firmUrl("summit", "/firm"));
  await page.getByRole("navigation", { name: "Firm settings" }).getByRole("link", { name: "Documents" }).click();
  await expect(page).toHaveURL(/\/firm\/preferences\/documents$/);
  const toggle = page.getByRole("switch", { name: /Document drop-off/ });
  await expect(toggle).not.toBeChecked();
  await shoot(page, "summit-preferences-documents");
  await toggle.check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Document drop-off/ })).toBeChecked();

  await client.goto(dropOff);
  await expect(client.getByRole("heading", { name: "Drop off documents" })).toBeVisible();

  // A bad value gets the field's message.
  await page.goto(firmUrl("summit", "/firm/preferences/reminders"));
  await page.getByLabel("Remind every (days)").fill("abc");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Enter a whole number of days from 0 to 90")).toBeVisible();

  // Back as it was.
  await page.goto(firmUrl("summit", "/firm/preferences/documents"));
  await page.getByRole("switch", { name: /Document drop-off/ }).uncheck();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  await client.goto(dropOff);
  await expect(client.getByRole("heading", { name: "Page not available" })).toBeVisible();
});

test("the preferences pages of both firms open for their partners", async ({ page }) => {
  for (const slug of ["acme", "summit"]) {
    await signIn(page, slug, `partner@${slug}.test`);
    for (const group of ["communication", "branding", "reminders"]) {
      await page.goto(firmUrl(slug, `/firm/preferences/${group}`));
      await expect(page.getByRole("button", { name: "Save preferences" })).toBeVisible();
      await shoot(page, `${slug}-preferences-${group}`);
    }
    await forgetSession(page);
  }
});

test("the firm's banner shows to a client and stays dismissed for the session", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "summit", "client@summit.test");
  const banner = page.getByRole("status", { name: "Announcement" });
  await expect(banner).toContainText("Extension deadline for business returns is September 15.");
  await shoot(page, "summit-banner");
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("status", { name: "Announcement" })).toHaveCount(0);
});

test("Sign in on the root domain: a subdomain goes to the firm, an email gets the firm's link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(rootUrl("/"));
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await shoot(page, "root-sign-in");

  const mark = await outboxMark("acme");
  await page.getByLabel("Email or firm subdomain").fill("client@acme.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("If that email has an account, we've sent you a link to your firm's sign-in page.")).toBeVisible();
  await shoot(page, "root-sign-in-sent");
  const email = await nextMessage("acme", "client@acme.test", mark, "email");
  expect(email.subject).toBe("Sign in to Acme Tax & Advisory");
  expect(email.body).toContain(firmUrl("acme", "/signin"));

  await page.getByLabel("Email or firm subdomain").fill("no-such-firm");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("We couldn't find a firm at that address. Check the spelling, or enter your email instead.")).toBeVisible();

  await page.getByLabel("Email or firm subdomain").fill("summit");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(firmUrl("summit", "/signin"));
  await expect(page.getByLabel("Email")).toBeVisible();
});
