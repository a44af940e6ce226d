/**
 * Every sign-in path in Chromium, on both demo firms: password (with the staff second factor),
 * magic link, code by email, code by SMS (and the panel when SMS fails), forgot password, a link
 * sent by staff leading to set-sign-in-method and set-password, expired link, template sign-up
 * confirmed by an emailed link, account changes from the card that need the owner's proof
 * (current password or an emailed code) and a new phone confirmed by a texted code, and the
 * sign-out notice in another window. Links and codes are read from the outbox.
 * Screenshots of each state at 1280 px and 375 px go to tests/screenshots/.
 */
import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { PASSWORD, codeIn, completeSignIn, firmUrl, linkIn, nextMessage, outboxMark, signIn, signOut, sql } from "./support";

const FIRMS = ["acme", "summit"] as const;
type Slug = (typeof FIRMS)[number];

/**
 * A screenshot of the current page at 1280 px, and at 375 px for acme (summit's phone layout is
 * the same card) or when `mobile` asks for it.
 */
async function shoot(page: Page, name: string, { mobile = false }: { mobile?: boolean } = {}) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: true });
  if (mobile || name.endsWith("-acme") || name.startsWith("sign-in-login-")) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `tests/screenshots/${name}-mobile.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

const signedIn = (page: Page) => page.getByRole("button", { name: /^Account menu for / });

/** A client of the firm for one test, signing in the given way (the demo password, unless `password: false`). */
async function makeClient(
  slug: Slug,
  options: { method: "password" | "email" | "sms" | null; enabled2fa?: boolean; phone?: string | null; password?: boolean },
) {
  const id = `e2e_${randomBytes(6).toString("hex")}`;
  const email = `${id}@example.test`;
  await sql(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, password_hash, preferred_sign_in_method, enabled_2fa, phone_number, time_zone)
     SELECT $1, f.id, 'client', $2, 'Robin', 'Tester', CASE WHEN $8 THEN (SELECT password_hash FROM users u WHERE u.firm_id = f.id AND u.email = $3) END,
            $4::"SignInMethod", $5, $6, f.time_zone
       FROM firms f WHERE f.slug = $7`,
    [
      id,
      email,
      `client@${slug}.test`,
      options.method,
      options.enabled2fa ?? false,
      options.phone === undefined ? "5035550188" : options.phone,
      slug,
      options.password ?? true,
    ],
  );
  return { id, email };
}

async function enterEmail(page: Page, slug: Slug, email: string, path = "/signin") {
  await page.goto(firmUrl(slug, path));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

for (const slug of FIRMS) {
  test.describe(`${slug}`, () => {
    test("password sign-in, email first; staff finish with a code (2-Factor Auth)", async ({ page }) => {
      await page.goto(firmUrl(slug, "/signin"));
      await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
      await shoot(page, `sign-in-login-${slug}`);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByText("Email is missing")).toBeVisible();

      await page.getByLabel("Email").fill(`admin@${slug}.test`);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1!");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByText("Invalid password")).toBeVisible();
      // What was typed stays.
      await expect(page.getByLabel("Email")).toHaveValue(`admin@${slug}.test`);
      await shoot(page, `sign-in-password-${slug}`);

      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByRole("heading", { name: "2-Factor Auth" })).toBeVisible();
      await shoot(page, `sign-in-2fa-${slug}`);
      const mark = await outboxMark(slug);
      await page.getByRole("button", { name: /^Text a code to / }).click();
      await expect(page.getByLabel("Verification code")).toBeVisible();
      const sms = await nextMessage(slug, "+1" + (await phoneOf(slug, `admin@${slug}.test`)), mark, "sms");
      await page.getByLabel("Verification code").fill("000000" === codeIn(sms) ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("Invalid or expired verification code")).toBeVisible();
      await shoot(page, `sign-in-2fa-code-${slug}`);
      await page.getByLabel("Verification code").fill(codeIn(sms));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(signedIn(page)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Collect" })).toBeVisible();
    });

    test("magic link: the link opens a page, its button signs in, a second use is an expired link", async ({ page, browser }) => {
      const user = await makeClient(slug, { method: "email" });
      const mark = await outboxMark(slug);
      await enterEmail(page, slug, user.email);
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
      await expect(page.getByText(/We sent a sign-in link to e•••.@example\.test/)).toBeVisible();
      await shoot(page, `sign-in-sent-link-${slug}`);
      const link = linkIn(await nextMessage(slug, user.email, mark, "email"));
      expect(new URL(link).host).toBe(new URL(firmUrl(slug)).host);

      // Another browser (the phone the email was read on) opens it.
      const other = await browser.newContext();
      const phone = await other.newPage();
      await phone.goto(link);
      await expect(phone.getByRole("heading", { name: "Sign In" })).toBeVisible();
      await expect(phone.getByRole("button", { name: "Continue" })).toBeVisible();
      await shoot(phone, `sign-in-link-page-${slug}`);
      await phone.getByRole("button", { name: "Continue" }).click();
      await expect(signedIn(phone)).toBeVisible();

      await page.goto(link);
      await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
      await other.close();
    });

    test("code by email when two-factor applies (Sign in via email)", async ({ page }) => {
      const user = await makeClient(slug, { method: "email", enabled2fa: true });
      const mark = await outboxMark(slug);
      await enterEmail(page, slug, user.email);
      await expect(page.getByRole("heading", { name: "Sign in via email" })).toBeVisible();
      await shoot(page, `sign-in-sent-email-${slug}`);
      const code = codeIn(await nextMessage(slug, user.email, mark, "email"));
      await page.getByLabel("Verification code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(signedIn(page)).toBeVisible();
    });

    test("code by SMS (Sign in via SMS); when the SMS can't be sent, the panel resets the method", async ({ page }) => {
      const texter = await makeClient(slug, { method: "sms", phone: "5035550177" });
      let mark = await outboxMark(slug);
      await enterEmail(page, slug, texter.email);
      await expect(page.getByRole("heading", { name: "Sign in via SMS" })).toBeVisible();
      await expect(page.getByText("(•••) •••-0177")).toBeVisible();
      await shoot(page, `sign-in-sent-text-${slug}`);
      const code = codeIn(await nextMessage(slug, "+15035550177", mark, "sms"));
      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(signedIn(page)).toBeVisible();
      await signOut(page);

      const noPhone = await makeClient(slug, { method: "sms", phone: null });
      await enterEmail(page, slug, noPhone.email);
      await expect(page.getByText("Failed to send SMS code")).toBeVisible();
      await shoot(page, `sign-in-sms-failed-${slug}`);
      mark = await outboxMark(slug);
      await page.getByRole("button", { name: "Reset sign-in method" }).click();
      await expect(page.getByText(/a link to reset how you sign in/)).toBeVisible();
      await page.goto(linkIn(await nextMessage(slug, noPhone.email, mark, "email")));
      await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "How do you want to sign in next time?" })).toBeVisible();
      await page.getByText("Text message", { exact: true }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Sign in via SMS" })).toBeVisible();
      // The reset link that led here is the owner's proof: no current password or code asked.
      await expect(page.getByLabel("Current password")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Email me a code" })).toHaveCount(0);
      await page.getByLabel("Mobile phone").pressSequentially("50355501");
      await expect(page.getByLabel("Mobile phone")).toHaveValue("(503) 555-01");
      await page.getByRole("button", { name: "Text me a code" }).click();
      await expect(page.getByText("Phone number must be 10 digits")).toBeVisible();
      await shoot(page, `sign-in-set-phone-number-${slug}`);
      mark = await outboxMark(slug);
      await page.getByLabel("Mobile phone").fill("5035550166");
      await page.getByRole("button", { name: "Text me a code" }).click();
      // The number is saved only once the code texted to it comes back.
      await expect(page.getByRole("button", { name: "Confirm number" })).toBeVisible();
      await expect(page.getByText("(•••) •••-0166")).toBeVisible();
      const [waiting] = await sql<{ phone_number: string | null }>(`SELECT phone_number FROM users WHERE id = $1`, [noPhone.id]);
      expect(waiting.phone_number).toBeNull();
      await page.getByLabel("Verification code").fill(codeIn(await nextMessage(slug, "+15035550166", mark, "sms")));
      await page.getByRole("button", { name: "Confirm number" }).click();
      await expect(signedIn(page)).toBeVisible();
      const [row] = await sql<{ preferred_sign_in_method: string; phone_number: string }>(
        `SELECT preferred_sign_in_method::text, phone_number FROM users WHERE id = $1`,
        [noPhone.id],
      );
      expect(row).toEqual({ preferred_sign_in_method: "sms", phone_number: "5035550166" });
    });

    test("forgot password: reset link, then set up a new password", async ({ page }) => {
      const user = await makeClient(slug, { method: "password" });
      await enterEmail(page, slug, user.email);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(user.email);
      await shoot(page, `sign-in-forgot-password-${slug}`);
      const mark = await outboxMark(slug);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText(/a link to choose a new password/)).toBeVisible();
      await page.goto(linkIn(await nextMessage(slug, user.email, mark, "email")));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Set up password" })).toBeVisible();
      // The reset link is the proof: the old password is not asked for.
      await expect(page.getByLabel("Current password")).toHaveCount(0);
      await page.getByLabel("New password", { exact: true }).fill("weakpassword");
      await page.getByLabel("Confirm password", { exact: true }).fill("weakpassword");
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(page.getByText("Password must contain an uppercase letter")).toBeVisible();
      await shoot(page, `sign-in-set-password-${slug}`);
      await page.getByLabel("New password", { exact: true }).fill("Fresh-Start-2026!");
      await page.getByLabel("Confirm password", { exact: true }).fill("Fresh-Start-2026!");
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(signedIn(page)).toBeVisible();
      await signOut(page);
      await signIn(page, slug, user.email, "Fresh-Start-2026!");
      await expect(signedIn(page)).toBeVisible();
    });

    test("a sign-in link from staff resets the password and leads to set-sign-in-method", async ({ page, browser }) => {
      const user = await makeClient(slug, { method: "password" });
      await signIn(page, slug, `advisor@${slug}.test`);
      await expect(signedIn(page)).toBeVisible();
      // Staff sign in with a password and a code: the only method offered to them is Password.
      await page.goto(firmUrl(slug, "/set-sign-in-method"));
      await expect(page.getByRole("heading", { name: "How do you want to sign in next time?" })).toBeVisible();
      await expect(page.getByText("Password", { exact: true })).toBeVisible();
      await expect(page.getByText("Text message", { exact: true })).toHaveCount(0);
      await expect(page.getByText("Email", { exact: true })).toHaveCount(0);
      await page.goto(firmUrl(slug, "/"));
      const mark = await outboxMark(slug);
      // The call the Users table will make (from the page: same origin, the staff session).
      const response = await page.evaluate(
        async (userIds) => {
          const r = await fetch("/api/users/send-sign-in-links", {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ userIds }),
          });
          return { status: r.status, body: (await r.json()) as { message?: string } };
        },
        [user.id],
      );
      expect(response.status).toBe(200);
      expect(response.body.message).toBe("Sign in link(s) sent successfully");
      const link = linkIn(await nextMessage(slug, user.email, mark, "email"));

      const clientContext = await browser.newContext();
      const client = await clientContext.newPage();
      await client.goto(link);
      await client.getByRole("button", { name: "Continue" }).click();
      await expect(client.getByRole("heading", { name: "How do you want to sign in next time?" })).toBeVisible();
      await client.getByRole("button", { name: "Continue" }).click();
      await expect(client.getByText("Please choose how you want to sign in")).toBeVisible();
      await shoot(client, `sign-in-set-sign-in-method-${slug}`);
      await expect(client.getByText("Text message", { exact: true })).toBeVisible();
      await client.getByText("Password", { exact: true }).click();
      await client.getByRole("button", { name: "Continue" }).click();
      await expect(client.getByRole("heading", { name: "Set up password" })).toBeVisible();
      // The staff-sent link that led here is the proof (the old password was cleared anyway).
      await expect(client.getByLabel("Current password")).toHaveCount(0);
      await client.getByLabel("New password", { exact: true }).fill("Chosen-Password-2026!");
      await client.getByLabel("Confirm password", { exact: true }).fill("Chosen-Password-2026!");
      await client.getByRole("button", { name: "Save password" }).click();
      await expect(signedIn(client)).toBeVisible();
      await clientContext.close();
      // The old password no longer works.
      await signOut(page);
      await signIn(page, slug, user.email);
      await expect(page.getByText("Invalid password")).toBeVisible();
    });

    test("an expired link offers a new link or a texted code", async ({ page }) => {
      const user = await makeClient(slug, { method: "email" });
      let mark = await outboxMark(slug);
      await enterEmail(page, slug, user.email);
      const link = linkIn(await nextMessage(slug, user.email, mark, "email"));
      await sql(`UPDATE sign_in_tokens SET expires_at = now() - interval '1 second', created_at = now() - interval '20 minutes' WHERE user_id = $1`, [user.id]);
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
      await shoot(page, `sign-in-expired-link-${slug}`);
      mark = await outboxMark(slug);
      await page.getByRole("button", { name: "Email me a new link" }).click();
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
      await page.goto(linkIn(await nextMessage(slug, user.email, mark, "email")));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(signedIn(page)).toBeVisible();
    });

    test("template sign-up: nothing is created until the link emailed to the address is opened; then a client of the firm, signed in", async ({
      page,
      browser,
    }) => {
      const [template] = await sql<{ hash_id: string; name: string }>(
        `SELECT t.hash_id, t.name FROM questionnaire_templates t JOIN firms f ON f.id = t.firm_id WHERE f.slug = $1 AND t.deleted_at IS NULL ORDER BY t.name LIMIT 1`,
        [slug],
      );
      await page.goto(firmUrl(slug, `/template/${template.hash_id}`));
      await expect(page.getByRole("heading", { name: "Get started" })).toBeVisible();
      await expect(page.getByText(template.name)).toBeVisible();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Please enter your email")).toBeVisible();
      await shoot(page, `sign-in-template-start-${slug}`);
      const email = `template-${randomBytes(4).toString("hex")}@example.test`;
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await page.getByLabel("First name").fill("Quinn");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Please enter your first and last name")).toBeVisible();
      await expect(page.getByLabel("First name")).toHaveValue("Quinn");
      await shoot(page, `sign-in-template-sign-up-${slug}`);
      await page.getByLabel("Last name").fill("Okafor");
      const mark = await outboxMark(slug);
      await page.getByRole("button", { name: "Create account" }).click();

      // Not signed in, nothing created: a link goes to the address first.
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
      await expect(page).toHaveURL(/\/signin\?state=sent-link&sent=template_sign_up&to=/);
      await expect(page.getByText(/We sent a link to confirm your email and finish creating your account to t•••.@example\.test/)).toBeVisible();
      await expect(signedIn(page)).toHaveCount(0);
      await shoot(page, `sign-in-template-sent-link-${slug}`, { mobile: true });
      const created = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email]))[0].n;
      expect(await created()).toBe(0);

      const message = await nextMessage(slug, email, mark, "email");
      expect(message.subject).toContain("Confirm your email");
      const link = linkIn(message);
      expect(new URL(link).host).toBe(new URL(firmUrl(slug)).host);
      // Opened on another device (the phone the email was read on): the page changes nothing, its button does.
      const other = await browser.newContext();
      const phone = await other.newPage();
      await phone.goto(link);
      await expect(phone.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await expect(phone.getByText(/^Continue to create your .+ account as t•••.@example\.test\.$/)).toBeVisible();
      await shoot(phone, `sign-in-template-link-page-${slug}`, { mobile: true });
      expect(await created()).toBe(0);
      await phone.getByRole("button", { name: "Continue" }).click();
      await expect(phone.getByRole("heading", { name: "How do you want to sign in next time?" })).toBeVisible();
      expect(await created()).toBe(1);
      // The confirmed link is the proof for choosing how to sign in: no password or code asked.
      await phone.getByText("Email", { exact: true }).click();
      await phone.getByRole("button", { name: "Continue" }).click();
      await expect(phone.getByRole("heading", { name: "Sign in with email" })).toBeVisible();
      await expect(phone.getByLabel("Email")).toHaveValue(email);
      await expect(phone.getByRole("button", { name: "Email me a code" })).toHaveCount(0);
      await shoot(phone, `sign-in-set-email-${slug}`);
      await phone.getByRole("button", { name: "Save" }).click();
      await expect(signedIn(phone)).toBeVisible();
      const [row] = await sql<{ kind: string; entities: string }>(
        `SELECT u.kind::text, string_agg(c.name, ',') AS entities FROM users u JOIN firms f ON f.id = u.firm_id
           JOIN company_owners o ON o.user_id = u.id JOIN companies c ON c.id = o.company_id
          WHERE f.slug = $1 AND u.email = $2 GROUP BY u.kind`,
        [slug, email],
      );
      expect(row).toEqual({ kind: "client", entities: "Quinn Okafor" });
      await other.close();
      // The link worked once.
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    });

    test("a signed-in client choosing SMS gives the current password, then the code texted to the new number", async ({ page }) => {
      const user = await makeClient(slug, { method: "password", phone: "5035550155" });
      await signIn(page, slug, user.email);
      await expect(signedIn(page)).toBeVisible();
      await page.goto(firmUrl(slug, "/set-sign-in-method"));
      await page.getByText("Text message", { exact: true }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Sign in via SMS" })).toBeVisible();
      await expect(page.getByLabel("Mobile phone")).toHaveValue("(503) 555-0155");
      // A password sign-in is no proof for an account change: the current password is asked for.
      const current = page.getByLabel("Current password");
      await expect(current).toBeVisible();
      const mark = await outboxMark(slug);
      await page.getByLabel("Mobile phone").fill("5035550178");
      await page.getByRole("button", { name: "Text me a code" }).click();
      await expect(page.getByText("Enter your current password to make this change")).toBeVisible();
      await expect(page.getByLabel("Mobile phone")).toHaveValue("(503) 555-0178");
      await current.fill("Not-The-Password-1!");
      await page.getByRole("button", { name: "Text me a code" }).click();
      await expect(page.getByText("Invalid password")).toBeVisible();
      await shoot(page, `sign-in-set-phone-reauth-${slug}`, { mobile: true });
      // Nothing is texted without the proof.
      expect(await sentTo(slug, "+15035550178", mark)).toBe(0);
      await current.fill(PASSWORD);
      await page.getByRole("button", { name: "Text me a code" }).click();

      // The card's code step: the number changes only when the code texted to it comes back.
      await expect(page.getByRole("button", { name: "Confirm number" })).toBeVisible();
      await expect(page.getByText(/Enter the 6-digit code we texted to \(•••\) •••-0178 to confirm this number\./)).toBeVisible();
      await expect(page.getByLabel("Current password")).toHaveCount(0);
      await shoot(page, `sign-in-set-phone-code-${slug}`, { mobile: true });
      const before = await userRow(user.id);
      expect(before).toEqual({ phone_number: "5035550155", preferred_sign_in_method: "password" });
      const code = codeIn(await nextMessage(slug, "+15035550178", mark, "sms"));
      await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Confirm number" }).click();
      await expect(page.getByText("Invalid or expired verification code")).toBeVisible();
      expect(await userRow(user.id)).toEqual(before);
      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Confirm number" }).click();
      await expect(signedIn(page)).toBeVisible();
      expect(await userRow(user.id)).toEqual({ phone_number: "5035550178", preferred_sign_in_method: "sms" });

      // Proved a moment ago: the next change in this session asks nothing more.
      await page.goto(firmUrl(slug, "/set-sign-in-method"));
      await page.getByText("Email", { exact: true }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Sign in with email" })).toBeVisible();
      await expect(page.getByLabel("Current password")).toHaveCount(0);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(signedIn(page)).toBeVisible();
      expect((await userRow(user.id)).preferred_sign_in_method).toBe("email");
    });

    test("a client without a password confirms a new password with a code emailed to the account", async ({ page }) => {
      const user = await makeClient(slug, { method: "email", password: false });
      let mark = await outboxMark(slug);
      await enterEmail(page, slug, user.email);
      await page.goto(linkIn(await nextMessage(slug, user.email, mark, "email")));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(signedIn(page)).toBeVisible();
      // An ordinary sign-in by link is no proof: choosing a password asks for an emailed code.
      await page.goto(firmUrl(slug, "/set-sign-in-method"));
      await page.getByText("Password", { exact: true }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Set up password" })).toBeVisible();
      await expect(page.getByLabel("Current password")).toHaveCount(0);
      await expect(page.getByText(/confirm it's you with a code we email to e•••.@example\.test/)).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-9!");
      await page.getByLabel("Confirm password", { exact: true }).fill("Brand-New-Pass-9!");
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(page.getByText("Enter the code we emailed you to make this change")).toBeVisible();
      await shoot(page, `sign-in-set-password-reauth-${slug}`, { mobile: true });
      mark = await outboxMark(slug);
      await page.getByRole("button", { name: "Email me a code" }).click();
      await expect(page.getByText(/We emailed a code to e•••.@example\.test/)).toBeVisible();
      const codeField = page.getByLabel("Code from your email");
      await expect(codeField).toBeVisible();
      await shoot(page, `sign-in-set-password-code-${slug}`, { mobile: true });
      const code = codeIn(await nextMessage(slug, user.email, mark, "email"));
      await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-9!");
      await page.getByLabel("Confirm password", { exact: true }).fill("Brand-New-Pass-9!");
      await codeField.fill(code);
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(signedIn(page)).toBeVisible();
      await signOut(page);
      await signIn(page, slug, user.email, "Brand-New-Pass-9!");
      await expect(signedIn(page)).toBeVisible();
    });
  });
}

test("a user of one firm can't sign in on the other, and links don't cross", async ({ page }) => {
  const user = await makeClient("acme", { method: "email" });
  // Unknown on summit: answered like an account (Check your email), and summit sends nothing.
  const summitMark = await outboxMark("summit");
  await enterEmail(page, "summit", user.email);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("Summit CPA Group").first()).toBeVisible();
  expect(await sentTo("summit", user.email, summitMark)).toBe(0);
  const mark = await outboxMark("acme");
  await enterEmail(page, "acme", user.email);
  const link = new URL(linkIn(await nextMessage("acme", user.email, mark, "email")));
  await page.goto(firmUrl("summit", `${link.pathname}${link.search}`));
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(page.getByText("Summit CPA Group").first()).toBeVisible();
});

test("signing out in one window shows a lasting notice in the others", async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, "acme", "client@acme.test");
  await expect(signedIn(first)).toBeVisible();
  const second = await context.newPage();
  await second.goto(firmUrl("acme", "/"));
  await expect(signedIn(second)).toBeVisible();
  await signOut(second);
  const notice = first.getByText("You signed out in another window. Sign in again to continue.");
  await expect(notice).toBeVisible();
  // Not auto-closing: still there after a normal toast would have gone (4 s).
  await first.waitForTimeout(5000);
  await expect(notice).toBeVisible();
  await first.setViewportSize({ width: 1280, height: 800 });
  await first.screenshot({ path: "tests/screenshots/sign-in-signed-out-elsewhere.png" });
  // The flag used by windows without BroadcastChannel is cleared after 10 s (SIGN_OUT_FLAG_MS).
  await expect.poll(() => second.evaluate(() => window.localStorage.getItem("portal:signed-out")), { timeout: 15_000 }).toBeNull();
  await first.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(first.getByRole("heading", { name: "Sign In" })).toBeVisible();
});

test("staff sign-in with the helper still works after the 2FA step (both firms)", async ({ page }) => {
  for (const slug of FIRMS) {
    await signIn(page, slug, `partner@${slug}.test`);
    await expect(page.getByRole("heading", { name: "Collect" })).toBeVisible();
    await signOut(page);
  }
  // completeSignIn is a no-op for a user without a second factor.
  await signIn(page, "acme", "client@acme.test");
  await completeSignIn(page, "acme", "client@acme.test");
  await expect(signedIn(page)).toBeVisible();
});

async function phoneOf(slug: Slug, email: string): Promise<string> {
  const [row] = await sql<{ phone_number: string }>(`SELECT u.phone_number FROM users u JOIN firms f ON f.id = u.firm_id WHERE f.slug = $1 AND u.email = $2`, [
    slug,
    email,
  ]);
  return row.phone_number;
}

/** Messages the firm sent to `to` (after `since`). */
async function sentTo(slug: Slug, to: string, since = new Date(0)): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbound_messages m JOIN firms f ON f.id = m.firm_id WHERE f.slug = $1 AND m."to" = $2 AND m.created_at > $3`,
    [slug, to, since],
  );
  return row.n;
}

async function userRow(id: string) {
  const [row] = await sql<{ phone_number: string | null; preferred_sign_in_method: string | null }>(
    `SELECT phone_number, preferred_sign_in_method::text FROM users WHERE id = $1`,
    [id],
  );
  return row;
}
