import { expect, test } from "@playwright/test";
import { firmUrl, rootUrl, screenshot } from "./support";

test("a firm signs itself up and lands signed in on its own subdomain", async ({ page }) => {
  const slug = `e2e-${Date.now().toString(36)}`;
  await page.goto(rootUrl("/create-firm"));
  await page.getByLabel("Firm name").fill("Harbor Tax Partners");
  await page.getByLabel("Subdomain").fill(slug);
  await expect(page.getByText(`${slug}.localhost`)).toBeVisible();
  await expect(page.getByText(/is available/)).toBeVisible();
  await page.getByLabel("First name").fill("Morgan");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email").fill("morgan@harbor.test");
  await page.locator('input[name="password"]').fill("Harbor-Tax-2026!");
  await page.getByLabel("Confirm password").fill("Harbor-Tax-2026!");
  await screenshot(page, "create-firm-filled");
  await page.getByRole("button", { name: "Create my firm's portal" }).click();

  await expect(page).toHaveURL(firmUrl(slug, "/"));
  await expect(page.getByRole("heading", { name: "Collect" })).toBeVisible();
  await expect(page.getByText("Harbor Tax Partners").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Firm Settings", exact: true })).toBeVisible();
  await screenshot(page, "new-firm-staff-home");

  // The handoff token was single-use: the same subdomain can't be taken again either.
  await page.goto(rootUrl("/create-firm"));
  await page.getByLabel("Subdomain").fill(slug);
  await expect(page.getByText("This subdomain is already taken").first()).toBeVisible();
});

test("the sign-up form explains what is wrong", async ({ page }) => {
  await page.goto(rootUrl("/create-firm"));
  await page.getByLabel("Subdomain").fill("admin");
  await expect(page.getByText("This subdomain is reserved").first()).toBeVisible();
  await page.getByLabel("Subdomain").fill("acme");
  await expect(page.getByText("This subdomain is already taken").first()).toBeVisible();
  await page.locator('input[name="password"]').fill("short");
  await page.locator('input[name="password"]').blur();
  await expect(page.getByText("Password must be greater than 10 characters")).toBeVisible();
});

test("the server refuses a taken subdomain even without the browser's checks", async ({ request }) => {
  const response = await request.post(rootUrl("/create-firm"), {
    form: {
      firmName: "Copycat",
      subdomain: "summit",
      firstName: "A",
      lastName: "B",
      email: "a@b.test",
      password: "Copycat-Firm-2026!",
      confirmPassword: "Copycat-Firm-2026!",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(409);
  const bad = await request.post(rootUrl("/create-firm"), { form: { firmName: "", subdomain: "A!" }, maxRedirects: 0 });
  expect(bad.status()).toBe(400);
});
