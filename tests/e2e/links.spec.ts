/**
 * The app's links (app/components/ui/link.tsx: rendered on the server without resolving their
 * paths, hydrated by Remix's own) behave as Remix's: a click navigates inside the app without reloading the page, adds a history entry
 * (Back returns), and a click on the page the reader is on replaces the entry instead; the
 * navigation's current-page mark follows; a Ctrl-click is left to the browser (a new tab).
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./support";

test("links navigate in the app, keep the history and mark the current page", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await expect(page.locator("html[data-live]")).toBeAttached({ timeout: 15_000 });
  const nav = page.getByRole("navigation", { name: "Main" });
  const home = nav.getByRole("link", { name: "Dashboard" });
  const profile = nav.getByRole("link", { name: "Profile" });
  await expect(home).toHaveAttribute("aria-current", "page");

  // No reload: what the page's window holds survives the navigation.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const entries = await page.evaluate(() => history.length);
  await profile.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profile).toHaveAttribute("aria-current", "page");
  await expect(home).not.toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  // The page the reader is on: the entry is replaced, not added.
  await profile.click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(home).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // A Ctrl-click is the browser's: a new tab opens the page, this one stays.
  const [tab] = await Promise.all([context.waitForEvent("page"), profile.click({ modifiers: ["Control"] })]);
  await tab.waitForLoadState("domcontentloaded");
  expect(tab.url()).toMatch(/\/profile$/);
  await expect(page).toHaveURL(/\/$/);
  await tab.close();
});
