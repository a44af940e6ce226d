/**
 * The header's menus (account menu, notification bell, entity selector) come in the server's HTML
 * as their buttons only; the live menus replace them as the page hydrates. A reader who moved the
 * focus to one of them before the page's code ran keeps it there, and the menu opens from the
 * keyboard once the code has run.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, signIn } from "./support";

/** Opens the client's dashboard with the page's code held back until `release()`. */
async function openWithCodeHeld(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(firmUrl("acme", "/"), { waitUntil: "domcontentloaded" });
  return release;
}

const cases = [
  { what: "the account menu", name: /^Account menu for /, opened: (page: Page) => page.getByRole("menuitem", { name: "Sign out" }) },
  { what: "the notification bell", name: /^Notifications/, opened: (page: Page) => page.getByRole("heading", { name: "Notifications", level: 2 }) },
  { what: "the entity selector", name: /^Entity /, opened: (page: Page) => page.getByRole("button", { name: /Rivera Design Studio LLC/ }) },
] as const;

for (const { what, name, opened } of cases) {
  test(`${what}, focused before the page's code ran, keeps the focus and opens with Enter`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "acme", "client@acme.test");
    const release = await openWithCodeHeld(page);

    // The server's HTML: the button, collapsed, with its name.
    const button = page.getByRole("button", { name });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.focus();
    await expect(button).toBeFocused();

    release();
    await expect(page.locator("html[data-live]")).toBeAttached({ timeout: 15_000 });
    // The live menu's button took the focus over; the keyboard opens it.
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(opened(page)).toBeVisible();
  });
}
