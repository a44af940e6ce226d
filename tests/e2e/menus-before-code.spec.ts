/**
 * The header's menus (account menu, notification bell, entity selector) and a question's Actions
 * menu come as their buttons only; the live menu replaces a button when the reader reaches it (the
 * mouse over it, a click, an opening key). A reader who moved the focus to one of them before the
 * page's code ran keeps it there, and the menu opens from the keyboard once the code has run; a
 * click on the button the server sent, once the code has run (as React replays a click that landed
 * while the page hydrated), opens the menu.
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

for (const { what, name, opened } of cases) {
  test(`${what}: a click on the server's button, handled once the code has run, opens it`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "acme", "client@acme.test");
    const release = await openWithCodeHeld(page);
    const sent = await page.getByRole("button", { name }).elementHandle();
    if (!sent) throw new Error("no button in the server's HTML");

    release();
    await expect(page.locator("html[data-live]")).toBeAttached({ timeout: 15_000 });
    // The very element the server sent is still the page's (not replaced as the page hydrated),
    // and its click opens the menu.
    expect(await sent.evaluate((element) => element.isConnected)).toBe(true);
    await sent.dispatchEvent("click");
    await expect(opened(page)).toBeVisible();
    await expect(page.getByRole("button", { name })).toHaveAttribute("aria-expanded", "true");
  });
}

test("a questionnaire's Actions menus stay buttons until reached, then open by mouse and by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await page.getByRole("link", { name: "Additional Items Requested" }).first().click();
  await expect(page.getByText("Your progress is saved automatically.", { exact: false })).toBeVisible();
  const actions = page.getByRole("button", { name: /^Actions for question/ });
  await expect(actions.first()).toBeVisible();
  const count = await actions.count();
  expect(count).toBeGreaterThan(1);
  // None of the menus was mounted as the page hydrated.
  await expect(page.locator("button[data-headlessui-state][aria-label^='Actions for question']")).toHaveCount(0);

  // The mouse over one makes that one live; its click opens it.
  await actions.first().hover();
  await expect(page.locator("button[data-headlessui-state][aria-label^='Actions for question']")).toHaveCount(1);
  await actions.first().click();
  await expect(actions.first()).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(actions.first()).toHaveAttribute("aria-expanded", "false");
  await expect(actions.first()).toBeFocused();

  // Another, from the keyboard: the arrow opens it on its first item (the menu holds the focus
  // and marks its active item).
  await actions.nth(1).focus();
  await page.keyboard.press("ArrowDown");
  await expect(actions.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("menu")).toBeFocused();
  await expect(page.getByRole("menuitem").first()).toHaveAttribute("data-focus", "");
  await expect(actions).toHaveCount(count);
});

test("a header menu's code is fetched when the reader reaches it; clicks made while it comes open the menu once", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await page.goto(firmUrl("acme", "/"));
  await expect(page.locator("html[data-live]")).toBeAttached({ timeout: 15_000 });

  // From here on, the page's scripts are held until `release()`, and counted.
  const asked: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });

  const button = page.getByRole("button", { name: /^Account menu for / });
  // Nothing is fetched for the menus while nobody reaches them.
  await page.mouse.move(5, 600);
  await page.waitForTimeout(300);
  expect(asked).toEqual([]);

  // Two clicks while its code is on the way: none is lost, and they don't open and close it.
  await button.click();
  await button.click();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toHaveCount(0);
  release();
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // The bell's code comes when the mouse is over it, and a click then opens it.
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await bell.hover();
  await expect(page.locator("button[data-headlessui-state][data-testid='notification-bell']")).toHaveCount(1);
  await bell.click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 2 })).toBeVisible();
});

test("a click whose menu code can't be fetched loads the page again; one made before the reader moved on is not played late", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "client@acme.test");
  await page.goto(firmUrl("acme", "/"));
  await expect(page.locator("html[data-live]")).toBeAttached({ timeout: 15_000 });

  // The reader moves the focus elsewhere while the account menu's code comes: it goes live, closed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const account = page.getByRole("button", { name: /^Account menu for / });
  await account.click();
  await page.getByRole("link", { name: "Documents" }).first().focus();
  release();
  await expect(page.locator("button[data-headlessui-state][aria-label^='Account menu for']")).toHaveCount(1);
  await expect(account).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toHaveCount(0);
  await page.unroute(/\/build\/.+\.js$/);

  // The bell's code can't be fetched (a new version replaced it): its click loads the page again.
  await page.route(/\/build\/.+\.js$/, (route) => route.abort());
  await page.evaluate(() => ((window as unknown as { beforeReload?: boolean }).beforeReload = true));
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload === true)).toBe(false);
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
});
