import { expect, test, type Page } from "@playwright/test";
import { firmUrl, rootUrl, screenshot } from "./support";

async function brandOf(page: Page) {
  const button = page.getByRole("button", { name: "Sign In" });
  await expect(button).toBeVisible();
  return button.evaluate((el) => getComputedStyle(el).backgroundColor);
}

test("each demo firm renders in its own name, theme and brand colour", async ({ page }) => {
  await page.goto(firmUrl("acme"));
  await expect(page.getByText("Acme Tax & Advisory").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  const acmeBrand = await brandOf(page);
  const acmeFont = await page.locator("body").evaluate((el) => getComputedStyle(el).fontFamily);
  await screenshot(page, "acme-sign-in");

  await page.goto(firmUrl("summit"));
  await expect(page.getByText("Summit CPA Group").first()).toBeVisible();
  await expect(page.getByText("Acme Tax & Advisory")).toHaveCount(0);
  const summitBrand = await brandOf(page);
  const summitFont = await page.locator("body").evaluate((el) => getComputedStyle(el).fontFamily);
  await screenshot(page, "summit-sign-in");

  expect(acmeBrand).not.toBe(summitBrand);
  expect(acmeBrand).not.toBe("rgba(0, 0, 0, 0)");
  expect(`${acmeBrand}|${acmeFont}`).not.toBe(`${summitBrand}|${summitFont}`);
});

test("the root domain shows the public site with a way to sign a firm up", async ({ page }) => {
  await page.goto(rootUrl("/"));
  const cta = page.getByRole("link", { name: "Sign up your firm" }).first();
  await expect(cta).toBeVisible();
  await screenshot(page, "root-home");
  await cta.click();
  await expect(page).toHaveURL(rootUrl("/create-firm"));
  await expect(page.getByRole("heading", { name: "Sign up your firm" })).toBeVisible();
});

test("an unknown subdomain gets the neutral 404 page linking to the root domain", async ({ page }) => {
  const response = await page.goto(firmUrl("no-such-firm"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find that portal" })).toBeVisible();
  const link = page.getByRole("link", { name: "Go to the main site" });
  await expect(link).toHaveAttribute("href", `http://localhost:${new URL(page.url()).port}`);
  await screenshot(page, "unknown-subdomain");
});

test("a reserved subdomain is not a firm", async ({ page }) => {
  const response = await page.goto(firmUrl("admin"));
  expect(response?.status()).toBe(404);
});

test("an unknown path on a firm's site shows the 404 panel in the firm's shell", async ({ page }) => {
  const response = await page.goto(firmUrl("acme", "/no-such-page"));
  expect(response?.status()).toBe(404);
});
