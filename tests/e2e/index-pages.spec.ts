/**
 * `/` is the sign-in page, Collect or the client dashboard (routes/_index). The browser loads the
 * sign-in page's and Collect's code only when it shows them (app/home/index-pages.tsx): the server
 * still sends each page in full, and each hydrates without errors and works.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { firmUrl, forgetSession, signIn } from "./support";

/** Uncaught errors and React's hydration errors on the page, from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /react|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** `/` as the server renders it, in a browser without JavaScript, with the page's cookies. */
async function withoutJavaScript(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const serverPage = await context.newPage();
  await serverPage.goto(firmUrl("acme", "/"));
  return serverPage;
}

/** The app's scripts a full load of `/` fetches. */
async function scriptsOfLoad(page: Page): Promise<string[]> {
  const scripts: string[] = [];
  const onResponse = (response: { url(): string }) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/build/") && url.pathname.endsWith(".js")) scripts.push(url.pathname);
  };
  page.on("response", onResponse);
  await page.reload();
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  return scripts;
}

test("a visitor's `/` is the sign-in page in the server's HTML, and it works once loaded", async ({ browser, page }) => {
  const server = await withoutJavaScript(browser, page);
  await expect(server.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
  await expect(server.getByLabel("Email")).toBeVisible();
  await server.context().close();

  const errors = pageErrors(page);
  await page.goto(firmUrl("acme", "/"));
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill("partner@acme.test");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("staff's `/` is Collect in the server's HTML and hydrates; a client's dashboard loads none of Collect's code", async ({ browser, page }) => {
  await signIn(page, "acme", "partner@acme.test");
  await expect(page.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
  const server = await withoutJavaScript(browser, page);
  await expect(server.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
  await expect(server.getByRole("region", { name: "Organizers" }).getByRole("status")).toHaveText(/^1-10 of \d+$/);
  await server.context().close();

  const errors = pageErrors(page);
  const staffScripts = await scriptsOfLoad(page);
  await expect(page.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
  // Hydrated: the table's filters work in place.
  const table = page.getByRole("region", { name: "Organizers" });
  await table.getByRole("combobox", { name: "Status", exact: true }).selectOption("opened");
  await expect(page).toHaveURL(/status=opened/);
  await expect(page.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);

  await forgetSession(page);
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("heading", { name: /^Welcome, .+!$/ })).toBeVisible();
  const clientScripts = await scriptsOfLoad(page);
  await expect(page.getByRole("heading", { name: /^Welcome, .+!$/ })).toBeVisible();
  // Hydrated: the entity selector opens.
  await page.getByRole("button", { name: /^Entity / }).click();
  await expect(page.getByRole("button", { name: /Rivera Design Studio LLC/ })).toBeVisible();
  expect(errors).toEqual([]);

  // Collect's code comes in scripts of its own, which the client's dashboard does not fetch.
  const collectOnly = staffScripts.filter((script) => !clientScripts.includes(script));
  expect(collectOnly.length).toBeGreaterThan(0);
});
