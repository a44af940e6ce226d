/**
 * A staff page whose lazily loaded shell arrives late: the live-events stream opens before that
 * part of the page has hydrated, and the page must keep its server HTML without an error (React's
 * error 421 came from an urgent update reaching the part still hydrating).
 */
import { expect, test } from "@playwright/test";
import { firmUrl, signIn, sql } from "./support";

test("the live stream opening before the staff shell's code arrives raises no page error", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "partner@acme.test");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route(/\/build\/_shared\/staff-shell-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto(firmUrl("acme", "/templates"));
  await expect(page.locator("html[data-live='open']")).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  // The shell hydrated: its account menu opens.
  await expect(async () => {
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" }))).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  expect(errors).toEqual([]);
});

test("a message typed before the page's code has run is kept, and sends once it has", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await page.goto(firmUrl("acme", "/inbox"));
  const composer = page.getByRole("textbox", { name: /^Message( to your firm)?$/ });
  await expect(page.locator("html[data-live]")).toBeAttached();
  if (!(await composer.isVisible())) await page.getByRole("link", { name: "New message" }).click();
  await expect(composer).toBeVisible();
  const url = page.url();

  // The same page again, its code held back while the client types.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const text = `Typed early ${Date.now()}`;
  await composer.fill(text);
  release();
  await expect(page.locator("html[data-live]")).toBeAttached({ timeout: 15_000 });
  await expect(composer).toHaveValue(text);
  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole("list", { name: "Messages" }).getByText(text)).toBeVisible();
  // Other tests start from this client's empty inbox: the conversation goes again.
  const [made] = await sql<{ id: string }>(`SELECT conversation_id AS id FROM messages WHERE text = $1`, [text]);
  await sql(`DELETE FROM notifications WHERE link LIKE '%' || $1 || '%'`, [made!.id]);
  await sql(`DELETE FROM conversations WHERE id = $1`, [made!.id]);
});
