import { expect, test } from "@playwright/test";
import { PASSWORD, completeSignIn, firmUrl, screenshot, signIn, signOut } from "./support";

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

test("wrong password and unknown email get the spec's messages", async ({ page }) => {
  await signIn(page, "acme", "client@acme.test", "Wrong-Password-1!");
  await expect(page.getByText("Invalid password")).toBeVisible();
  await signIn(page, "acme", "nobody@acme.test");
  await expect(page.getByText("Sorry, we couldn't find a user with that email address")).toBeVisible();
  // A user of another firm is unknown here.
  await signIn(page, "acme", "client@summit.test");
  await expect(page.getByText("Sorry, we couldn't find a user with that email address")).toBeVisible();
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
