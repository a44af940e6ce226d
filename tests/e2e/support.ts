import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Portal-Demo-2026!";
export const PORT = Number(process.env.E2E_PORT ?? 3210);

/** A firm's site (Chromium resolves *.localhost to this machine). */
export function firmUrl(slug: string, path = "/") {
  return `http://${slug}.localhost:${PORT}${path}`;
}

export function rootUrl(path = "/") {
  return `http://localhost:${PORT}${path}`;
}

export async function signIn(page: Page, slug: string, email: string, password = PASSWORD) {
  await page.goto(firmUrl(slug, "/"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Opens the account menu and signs out. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" })).click();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: true });
}
