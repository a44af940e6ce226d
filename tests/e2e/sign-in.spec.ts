import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { PASSWORD, completeSignIn, firmUrl, outboxMark, screenshot, signIn, signOut, sql } from "./support";

test("a client signs in with a password and sees the dashboard", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("heading", { name: /^Welcome, .+!$/ })).toBeVisible();
  // Two entities: the entity selector is shown.
  await expect(page.getByLabel("Entity", { exact: true })).toBeVisible();
  await screenshot(page, "acme-client-dashboard");
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "acme-client-dashboard-mobile");
});

test("staff sign in and see the staff home with the spec's navigation", async ({ page }) => {
  await signIn(page, "summit", "partner@summit.test");
  await expect(page.getByRole("heading", { name: "Collect" })).toBeVisible();
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Collect" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Firm Settings" })).toBeVisible();
  await screenshot(page, "summit-staff-home");

  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "summit-staff-home-mobile");
});

test("an advisor does not get Firm Settings", async ({ page }) => {
  await signIn(page, "acme", "advisor@acme.test");
  await expect(page.getByRole("heading", { name: "Collect" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Firm Settings" })).toHaveCount(0);
  await screenshot(page, "acme-advisor-home");
});

test("a wrong password gets the spec's message; an unknown email is answered like an emailed-link account", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test", "Wrong-Password-1!");
  await expect(page.getByText("Invalid password")).toBeVisible();

  // The answer to an unknown address tells nothing: the same "Check your email" as an account
  // that signs in by emailed link, with the address masked, and nothing is sent to it.
  const account = `e2e_${randomBytes(6).toString("hex")}@example.test`;
  await sql(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, preferred_sign_in_method, time_zone)
     SELECT $1, f.id, 'client', $2, 'Robin', 'Tester', 'email', f.time_zone FROM firms f WHERE f.slug = 'acme'`,
    [account.split("@")[0], account],
  );
  const answers = new Set<string>();
  // Another firm's user is unknown here.
  for (const email of ["nobody@acme.test", "client@summit.test", account]) {
    const mark = await outboxMark("acme");
    await signIn(page, "acme", email);
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page).toHaveURL(/\/signin\?state=sent-link&sent=sign_in_link&to=/);
    const [local, domain] = email.split("@");
    const masked = `${local[0]}•••${local.at(-1)}@${domain}`;
    await expect(page.getByText(`We sent a sign-in link to ${masked}.`)).toBeVisible();
    await expect(page.getByText("couldn't find a user")).toHaveCount(0);
    answers.add((await page.locator("main").innerText()).replace(masked, "<address>"));
    const [sent] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbound_messages m JOIN firms f ON f.id = m.firm_id WHERE f.slug = 'acme' AND m."to" = $1 AND m.created_at > $2`,
      [email, mark],
    );
    expect(sent.n, email).toBe(email === account ? 1 : 0);
  }
  // Word for word the same page for the unknown addresses and the real account.
  expect(answers.size).toBe(1);

  // The password step for an unknown address says the password is wrong, like for an account.
  await signIn(page, "acme", "client@acme.test", "Wrong-Password-1!");
  await page.getByLabel("Email").fill("nobody@acme.test");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid password")).toBeVisible();
  await expect(page.getByText("couldn't find a user")).toHaveCount(0);
});

test("an unauthenticated visit goes to /?redirect= and lands there after sign-in", async ({ page }) => {
  await page.goto(firmUrl("acme", "/firm?tab=brand"));
  await expect(page).toHaveURL(firmUrl("acme", "/?redirect=%2Ffirm%3Ftab%3Dbrand"));
  await page.getByLabel("Email").fill("partner@acme.test");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  // Staff: the second factor keeps the target.
  await completeSignIn(page, "acme", "partner@acme.test");
  await expect(page).toHaveURL(firmUrl("acme", "/firm?tab=brand"));
});

test("a session made on one firm is not valid on another", async ({ page, context }) => {
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("heading", { name: "Collect" })).toBeVisible();
  const cookies = await context.cookies(firmUrl("acme"));
  const session = cookies.find((c) => c.name.includes("session"));
  expect(session).toBeDefined();
  // Replay the acme session cookie against summit: still signed out there.
  await context.addCookies([{ ...session!, domain: "summit.localhost" }]);
  await page.goto(firmUrl("summit"));
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});

test("signing out ends the session", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  await signOut(page);
  await page.goto(firmUrl("acme", "/"));
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});
