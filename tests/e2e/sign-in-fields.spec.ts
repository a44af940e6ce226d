/**
 * The sign-in card's forms put each refusal on its field: the message under the field (tied to it
 * for screen readers), what was typed kept, focus on the first invalid field. The browser checks
 * what it can before posting (with the server's messages); the rest comes back from the server.
 */
import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { firmUrl, sql } from "./support";

/** A password client of the firm for one test (the demo password): wrong guesses don't lock a shared account. */
async function makePasswordClient(slug: string) {
  const id = `e2e_${randomBytes(6).toString("hex")}`;
  const email = `${id}@example.test`;
  await sql(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, password_hash, preferred_sign_in_method, time_zone)
     SELECT $1, f.id, 'client', $2, 'Robin', 'Tester', (SELECT password_hash FROM users u WHERE u.firm_id = f.id AND u.email = $3), 'password', f.time_zone
       FROM firms f WHERE f.slug = $4`,
    [id, email, `client@${slug}.test`, slug],
  );
  return email;
}

/** Counts the card's posts (the browser's own checks send none). */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/signin")) posts.push(request.url());
  });
  return posts;
}

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: a password the server refuses is shown on the password field, the email typed is kept, focus goes to the field`, async ({ page }) => {
    const email = await makePasswordClient(slug);
    await page.goto(firmUrl(slug, "/signin"));
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toBeVisible();
    const posts = countPosts(page);
    await password.fill("Not-The-Password-1!");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(page.getByText("Invalid password")).toBeVisible();
    expect(posts.length).toBe(1);
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/Invalid password/);
    await expect(password).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.screenshot({ path: `tests/screenshots/ch-signin/password-refused-${slug}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `tests/screenshots/ch-signin/password-refused-${slug}-375.png`, fullPage: true });
  });

  test(`${slug}: the browser checks a step before posting, with the server's message on the field and the typed value kept`, async ({ page }) => {
    await page.goto(firmUrl(slug, "/signin"));
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    const posts = countPosts(page);
    const email = page.getByLabel("Email");
    await email.fill("robin@");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Invalid email address/);
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("robin@");
    expect(posts).toEqual([]);
    // Fixing it clears the message as it is typed.
    await email.fill("robin@example.test");
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
    await page.getByLabel("Email").fill("robin@");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.screenshot({ path: `tests/screenshots/ch-signin/email-checked-${slug}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `tests/screenshots/ch-signin/email-checked-${slug}-375.png`, fullPage: true });
  });
}
