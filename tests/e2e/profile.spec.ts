/**
 * Profiles in the browser, on both demo firms: a client edits their profile and their entity
 * (Canada relabels the address), changes their phone (the current password, then the code texted
 * to the new number) and their email (the current password, then the emailed link), staff see
 * Profile Settings with two-factor locked on, a read-only client sees everything disabled, and
 * the dashboard's persistent 'Confirm this information' dialog.
 *
 * Test data is set up and put back directly in the test server's database (the embedded
 * PostgreSQL that scripts/start.ts started in E2E_DATA_DIR), so other specs see the seed as is.
 */
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PASSWORD, codeIn, firmUrl, linkIn, nextMessage, outboxMark, signIn } from "./support";

let pool: pg.Pool | null = null;

/** A statement on the test server's database, as its superuser. */
async function db<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  if (!pool) {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error("E2E_DATA_DIR is not set (tests/playwright.config.ts sets it)");
    const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
      .split("\n")[3]
      ?.trim();
    pool = new pg.Pool({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/portal`, max: 2 });
  }
  return (await pool.query(text, values)).rows as R[];
}

test.afterAll(async () => {
  await pool?.end();
  pool = null;
});

/** Puts a user's profile fields back as they were. */
async function snapshotUser(slug: string, email: string) {
  const [row] = await db<Record<string, unknown> & { id: string }>(
    `SELECT u.id, u.email, u.pending_email, u.phone_number, u.work_phone_number, u.work_phone_extension, u.preferred_contact_method::text AS method,
            u.time_zone, u.enabled_2fa, u.contact_confirmed_at
       FROM users u JOIN firms f ON f.id = u.firm_id WHERE f.slug = $1 AND u.email = $2`,
    [slug, email],
  );
  if (!row) throw new Error(`No user ${email} in ${slug}`);
  return {
    id: row.id,
    restore: () =>
      db(
        `UPDATE users SET email = $2, pending_email = $3, phone_number = $4, work_phone_number = $5, work_phone_extension = $6,
                preferred_contact_method = $7::"ContactMethod", time_zone = $8, enabled_2fa = $9, contact_confirmed_at = $10 WHERE id = $1`,
        [
          row.id,
          row.email,
          row.pending_email,
          row.phone_number,
          row.work_phone_number,
          row.work_phone_extension,
          row.method,
          row.time_zone,
          row.enabled_2fa,
          row.contact_confirmed_at,
        ],
      ),
  };
}

/**
 * The newest email to `to`: from /dev/outbox.json where the server shows it (a local portal with
 * no email provider, as the browser tests' server is), else from the outbox table.
 */
async function latestEmail(page: Page, slug: string, to: string): Promise<string> {
  const outbox = await page.evaluate(async () => {
    const response = await fetch("/dev/outbox.json");
    return response.ok ? ((await response.json()) as { messages: { to: string; channel: string; body: string }[] }) : null;
  });
  if (outbox) {
    const message = outbox.messages.find((m) => m.to === to && m.channel === "email");
    if (message) return message.body;
  }
  const rows = await db<{ body: string }>(
    `SELECT m.body FROM outbound_messages m JOIN firms f ON f.id = m.firm_id
      WHERE f.slug = $1 AND m."to" = $2 AND m.channel = 'email' ORDER BY m.created_at DESC LIMIT 1`,
    [slug, to],
  );
  if (!rows[0]) throw new Error(`Nothing was emailed to ${to}`);
  return rows[0].body;
}

/**
 * A screenshot into tests/screenshots: from the top of the page, nothing focused (the skip link
 * shows on focus), animations finished. Dialogs are shot at the viewport's size (`fullPage: false`).
 */
async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: options.fullPage ?? true, animations: "disabled" });
}

function confirmationLink(body: string): string {
  const link = body.match(/https?:\/\/\S+\/profile\/confirm-email\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error("No confirmation link in the email");
  return link;
}

async function goToProfile(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", exact: true, level: 1 })).toBeVisible();
}

test("a client updates their profile: masked phones sent as digits, the spec's messages, disabled Update without an email", async ({ page }) => {
  const saved = await snapshotUser("acme", "client@acme.test");
  try {
    await signIn(page, "acme", "client@acme.test");
    await goToProfile(page);
    const email = page.getByLabel("Primary email");
    // By role: once "Email & Text" is chosen the label also shows a required star.
    const phone = page.getByRole("textbox", { name: "Phone", exact: true });
    const update = page.getByRole("button", { name: "Update Profile" });
    await expect(email).toHaveValue("client@acme.test");
    await expect(phone).toHaveValue("(503) 555-0142");
    await expect(page.getByLabel("Time zone")).toHaveValue("Pacific Time (US & Canada)");
    const currentPassword = page.getByLabel("Current password");
    await expect(currentPassword).toHaveCount(0);

    await email.fill("");
    await expect(update).toBeDisabled();
    await email.fill("client@acme.test");
    await expect(update).toBeEnabled();

    await phone.fill("503555");
    await expect(phone).toHaveValue("(503) 555");
    await update.click();
    await expect(page.getByText("Phone number must be 10 digits")).toBeVisible();
    await expect(phone).toHaveValue("(503) 555");

    await phone.fill("");
    await expect(page.getByText("You must have a phone number to receive SMS notifications.")).toBeVisible();
    // Editing the phone asks for proof that it's the owner; back to the saved number, it doesn't.
    await expect(currentPassword).toBeVisible();
    await phone.fill("+1 (503) 555-0142");
    await expect(phone).toHaveValue("(503) 555-0142");
    await expect(currentPassword).toHaveCount(0);
    await page.getByLabel("Contact method").selectOption({ label: "Email & Text" });
    await page.getByLabel("Work phone").fill("5035550100");
    await page.getByLabel("Extension").fill("12");
    await page.getByLabel("Time zone").selectOption("Eastern Time (US & Canada)");
    await update.click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    // The form shows the saved values and keeps the keyboard where it was.
    await expect(update).toBeFocused();

    const [row] = await db<{ phone_number: string; work_phone_number: string; method: string; time_zone: string }>(
      `SELECT phone_number, work_phone_number, preferred_contact_method::text AS method, time_zone FROM users WHERE id = $1`,
      [saved.id],
    );
    expect(row).toEqual({ phone_number: "5035550142", work_phone_number: "5035550100", method: "sms", time_zone: "Eastern Time (US & Canada)" });
    await page.reload();
    await expect(phone).toHaveValue("(503) 555-0142");
    await expect(page.getByLabel("Work phone")).toHaveValue("(503) 555-0100");
    await expect(page.getByLabel("Contact method")).toHaveValue("sms");
    await shot(page, "acme-client-profile");
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "acme-client-profile-mobile");
  } finally {
    await saved.restore();
  }
});

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: a new phone number needs the current password, and is saved only once the code texted to it is entered`, async ({ page }) => {
    const saved = await snapshotUser(slug, `client@${slug}.test`);
    const area = slug === "acme" ? "503" : "303";
    try {
      await signIn(page, slug, `client@${slug}.test`);
      await goToProfile(page);
      const phone = page.getByRole("textbox", { name: "Phone", exact: true });
      const update = page.getByRole("button", { name: "Update Profile" });
      const before = (await db<{ phone_number: string }>(`SELECT phone_number FROM users WHERE id = $1`, [saved.id]))[0].phone_number;
      const currentPassword = page.getByLabel("Current password");
      await expect(currentPassword).toHaveCount(0);
      await phone.fill(`${area}5550199`);
      await expect(currentPassword).toBeVisible();
      const mark = await outboxMark(slug);
      await update.click();
      await expect(page.getByText("Enter your current password to make this change")).toBeVisible();
      await currentPassword.fill("Wrong-Password-1!");
      await update.click();
      await expect(page.getByText("Invalid password")).toBeVisible();
      // Nothing is texted without the proof.
      expect(await db(`SELECT 1 FROM outbound_messages WHERE "to" = $1 AND created_at > $2`, [`+1${area}5550199`, mark])).toHaveLength(0);
      await currentPassword.fill(PASSWORD);
      await update.click();
      await expect(page.getByText("Profile updated successfully")).toBeVisible();

      // Waiting for the code: the number on the account has not changed yet.
      await expect(page.getByText("Confirm your new phone number", { exact: true })).toBeVisible();
      const codeField = page.getByLabel("Code we texted to (•••) •••-0199");
      await expect(codeField).toBeVisible();
      await expect(phone).toHaveValue(`(${area}) 555-${before.slice(-4)}`);
      expect((await db<{ phone_number: string }>(`SELECT phone_number FROM users WHERE id = $1`, [saved.id]))[0].phone_number).toBe(before);
      await shot(page, `${slug}-profile-confirm-phone`);
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, `${slug}-profile-confirm-phone-mobile`);
      await page.setViewportSize({ width: 1280, height: 720 });

      const code = codeIn(await nextMessage(slug, `+1${area}5550199`, mark, "sms"));
      await codeField.fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Confirm number" }).click();
      await expect(page.getByText("Invalid or expired verification code")).toBeVisible();
      expect((await db<{ phone_number: string }>(`SELECT phone_number FROM users WHERE id = $1`, [saved.id]))[0].phone_number).toBe(before);
      await codeField.fill(code);
      await page.getByRole("button", { name: "Confirm number" }).click();
      await expect(page.getByText("Phone number confirmed")).toBeVisible();
      await expect(page.getByText("Confirm your new phone number", { exact: true })).toHaveCount(0);
      await expect(phone).toHaveValue(`(${area}) 555-0199`);
      expect((await db<{ phone_number: string }>(`SELECT phone_number FROM users WHERE id = $1`, [saved.id]))[0].phone_number).toBe(`${area}5550199`);
    } finally {
      await saved.restore();
    }
  });
}

test("a client without a password confirms a profile change with a code emailed to the account", async ({ page }) => {
  const email = "chris.adams@example.com";
  const saved = await snapshotUser("summit", email);
  const [before] = await db<{ password_hash: string | null; method: string | null }>(
    `SELECT password_hash, preferred_sign_in_method::text AS method FROM users WHERE id = $1`,
    [saved.id],
  );
  await db(`UPDATE users SET password_hash = NULL, preferred_sign_in_method = 'email' WHERE id = $1`, [saved.id]);
  try {
    let mark = await outboxMark("summit");
    await page.goto(firmUrl("summit", "/"));
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await page.goto(linkIn(await nextMessage("summit", email, mark, "email")));
    await page.getByRole("button", { name: "Continue" }).click();
    await goToProfile(page);

    const phone = page.getByRole("textbox", { name: "Phone", exact: true });
    const update = page.getByRole("button", { name: "Update Profile" });
    const sendCode = page.getByRole("button", { name: "Email me a code" });
    await expect(sendCode).toHaveCount(0);
    await phone.fill("3035550198");
    // No password to give: a code emailed to the account is the proof.
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await expect(page.getByText("confirm it's you with a code we email to c•••s@example.com")).toBeVisible();
    await update.click();
    await expect(page.getByText("Enter the code we emailed you to make this change")).toBeVisible();
    mark = await outboxMark("summit");
    await sendCode.click();
    await expect(page.getByRole("button", { name: "Email me a new code" })).toBeVisible();
    const codeField = page.getByLabel("Code from your email");
    await expect(codeField).toBeVisible();
    await shot(page, "summit-profile-emailed-code");
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "summit-profile-emailed-code-mobile");
    await page.setViewportSize({ width: 1280, height: 720 });
    await codeField.fill(codeIn(await nextMessage("summit", email, mark, "email")));
    await update.click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByLabel("Code we texted to (•••) •••-0198")).toBeVisible();
  } finally {
    await db(`UPDATE users SET password_hash = $2, preferred_sign_in_method = $3::"SignInMethod" WHERE id = $1`, [
      saved.id,
      before.password_hash,
      before.method,
    ]);
    await saved.restore();
  }
});

test("a client edits their entity's address; Canada shows Province/Territory and Postal Code", async ({ page }) => {
  const [entity] = await db<{
    id: string;
    hash_id: string;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    country: string;
    business_email: string | null;
  }>(
    `SELECT c.id, c.hash_id, c.street, c.city, c.state, c.zip, c.country, c.business_email
       FROM companies c JOIN firms f ON f.id = c.firm_id
      WHERE f.slug = 'summit' AND c.name = (SELECT min(c2.name) FROM companies c2 JOIN company_owners o ON o.company_id = c2.id AND o.firm_id = c2.firm_id
                                             JOIN users u ON u.id = o.user_id AND u.firm_id = o.firm_id WHERE u.email = 'client@summit.test' AND NOT c2.inactive)`,
  );
  try {
    await signIn(page, "summit", "client@summit.test");
    await goToProfile(page);
    // Summit calls entities "accounts".
    await expect(page.getByRole("heading", { name: "Account profile" })).toBeVisible();
    await page.getByLabel("Account", { exact: true }).selectOption(entity.hash_id);
    await expect(page).toHaveURL(/entity=/);
    await expect(page.getByLabel("State", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Zip")).toBeVisible();

    await page.getByLabel("Country").selectOption("CA");
    await expect(page.getByLabel("Province/Territory")).toBeVisible();
    await expect(page.getByLabel("Postal Code")).toBeVisible();
    await expect(page.getByLabel("State", { exact: true })).toHaveCount(0);
    await page.getByLabel("Street").fill("290 Bremner Blvd");
    await page.getByLabel("City").fill("Toronto");
    await page.getByLabel("Province/Territory").selectOption({ label: "Ontario" });
    await page.getByLabel("Postal Code").fill("80202");
    const save = page.getByRole("button", { name: "Save Information" });
    await save.click();
    await expect(page.getByText("Postal Code must look like A1A 1A1")).toBeVisible();
    await page.getByLabel("Postal Code").fill("m5v 3l9");
    await page.getByLabel("Account email").fill("not-an-email");
    await save.click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByLabel("Account email").fill("books@example.ca");
    await save.click();
    await expect(page.getByText("Successfully updated")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Postal Code")).toHaveValue("M5V 3L9");
    await expect(page.getByLabel("Province/Territory")).toHaveValue("ON");
    await expect(page.getByLabel("Country")).toHaveValue("CA");
    const [row] = await db<{ zip: string; state: string; country: string }>(`SELECT zip, state, country FROM companies WHERE id = $1`, [entity.id]);
    expect(row).toEqual({ zip: "M5V 3L9", state: "ON", country: "CA" });
    await shot(page, "summit-client-entity-profile");
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "summit-client-entity-profile-mobile");
  } finally {
    await db(`UPDATE companies SET street = $2, city = $3, state = $4, zip = $5, country = $6, business_email = $7 WHERE id = $1`, [
      entity.id,
      entity.street,
      entity.city,
      entity.state,
      entity.zip,
      entity.country,
      entity.business_email,
    ]);
  }
});

test("a new email is used only once the emailed link is confirmed, on the firm's own site, once", async ({ page }) => {
  const saved = await snapshotUser("acme", "marcus.johnson@example.com");
  const newEmail = "marcus.j@newmail.example";
  try {
    await signIn(page, "acme", "marcus.johnson@example.com");
    await goToProfile(page);
    // Changing the email asks for the current password (the field shows once the email is edited).
    const currentPassword = page.getByLabel("Current password");
    await expect(currentPassword).toHaveCount(0);
    await page.getByLabel("Primary email").fill(newEmail);
    await expect(currentPassword).toBeVisible();
    await shot(page, "acme-profile-current-password");
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "acme-profile-current-password-mobile");
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText("Enter your current password to make this change")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Confirmation email sent" })).toHaveCount(0);
    expect((await db<{ pending_email: string | null }>(`SELECT pending_email FROM users WHERE id = $1`, [saved.id]))[0].pending_email).toBeNull();
    await currentPassword.fill(PASSWORD);
    await page.getByRole("button", { name: "Update Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmation email sent" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(newEmail);
    await shot(page, "acme-profile-email-sent", { fullPage: false });
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Waiting for confirmation")).toBeVisible();
    // Not changed yet.
    await expect(page.getByLabel("Primary email")).toHaveValue("marcus.johnson@example.com");

    const link = confirmationLink(await latestEmail(page, "acme", newEmail));
    expect(new URL(link).host).toBe(new URL(firmUrl("acme")).host);

    // Another firm's site doesn't know the link.
    const url = new URL(link);
    await page.goto(firmUrl("summit", `${url.pathname}${url.search}`));
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
    await expect(page.getByText(newEmail)).toBeVisible();
    await shot(page, "acme-confirm-email");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(page.getByLabel("Primary email")).toHaveValue(newEmail);
    await expect(page.getByText("Waiting for confirmation")).toHaveCount(0);

    // Used once.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  } finally {
    await saved.restore();
  }
});

test("staff edit Profile Settings; two-factor stays on, with the reason next to it", async ({ page }) => {
  const saved = await snapshotUser("summit", "partner@summit.test");
  try {
    await signIn(page, "summit", "partner@summit.test");
    await page.getByRole("link", { name: "Profile Settings" }).click();
    await expect(page.getByRole("heading", { name: "Profile Settings", level: 1 })).toBeVisible();
    const twoFactor = page.getByRole("switch", { name: "Two-factor authentication" });
    await expect(twoFactor).toBeChecked();
    await expect(twoFactor).toBeDisabled();
    await expect(page.getByText(/FTC Safeguards Rule requires multi-factor authentication/)).toBeVisible();
    await page.getByLabel("Work phone").fill("3035550199");
    await page.getByLabel("Extension").fill("7");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    const [row] = await db<{ work_phone_number: string; enabled_2fa: boolean }>(`SELECT work_phone_number, enabled_2fa FROM users WHERE id = $1`, [saved.id]);
    expect(row).toEqual({ work_phone_number: "3035550199", enabled_2fa: true });
    await shot(page, "summit-staff-profile");
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "summit-staff-profile-mobile");
  } finally {
    await saved.restore();
  }
});

test("an advisor opening /profile gets their own Profile Settings", async ({ page }) => {
  await signIn(page, "acme", "advisor@acme.test");
  await page.goto(firmUrl("acme", "/profile"));
  await expect(page).toHaveURL(firmUrl("acme", "/admin-profile"));
  await expect(page.getByRole("heading", { name: "Profile Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Information" })).toHaveCount(0);
});

test("a read-only client sees the profile with everything disabled", async ({ page }) => {
  await signIn(page, "acme", "harold.whitman@example.com");
  await goToProfile(page);
  await expect(page.getByText("This account is read-only.").first()).toBeVisible();
  await expect(page.getByLabel("Primary email")).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Phone", exact: true })).toBeDisabled();
  await expect(page.getByRole("switch", { name: "Two-factor authentication" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Update Profile" })).toBeDisabled();
  await expect(page.getByLabel("Street")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save Information" })).toBeDisabled();
});

test("'Confirm this information' can't be dismissed, needs an email, asks for the password for a new phone, and saves", async ({ page }) => {
  const saved = await snapshotUser("acme", "aisha.haddad@example.com");
  // An open questionnaire of her entity asks for a profile update.
  const [questionnaire] = await db<{ id: string; company_id: string; sent_at: Date }>(
    `SELECT q.id, q.company_id, q.sent_at FROM questionnaires q JOIN company_owners o ON o.company_id = q.company_id AND o.firm_id = q.firm_id
      WHERE o.user_id = $1 AND NOT q.completed AND NOT q.locked AND NOT q.is_draft AND q.deleted_at IS NULL AND q.sent_at IS NOT NULL
      ORDER BY q.name LIMIT 1`,
    [saved.id],
  );
  const [entity] = await db<{ street: string | null; city: string | null; state: string | null; zip: string | null; country: string }>(
    `SELECT street, city, state, zip, country FROM companies WHERE id = $1`,
    [questionnaire.company_id],
  );
  await db(`UPDATE questionnaires SET update_profile_section = true, sent_at = now() WHERE id = $1`, [questionnaire.id]);
  await db(`UPDATE users SET contact_confirmed_at = NULL WHERE id = $1`, [saved.id]);
  const [{ phone_number: ownPhone }] = await db<{ phone_number: string }>(`SELECT phone_number FROM users WHERE id = $1`, [saved.id]);
  try {
    await signIn(page, "acme", "aisha.haddad@example.com");
    const dialog = page.getByRole("dialog", { name: "Confirm this information" });
    await expect(dialog).toBeVisible();

    // Persistent: no close button, Escape and the backdrop leave it open.
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    const email = dialog.getByLabel("Primary contact email");
    const phone = dialog.getByRole("textbox", { name: "Cell phone" });
    const sms = dialog.getByRole("checkbox", { name: /text messages/ });
    const confirm = dialog.getByRole("button", { name: "Confirm" });
    await expect(email).toHaveValue("aisha.haddad@example.com");
    await expect(dialog.getByLabel("Street")).toHaveValue(entity.street ?? "");

    await email.fill("");
    await expect(confirm).toBeDisabled();
    await email.fill("aisha.haddad@example.com");
    await expect(confirm).toBeEnabled();

    await phone.fill("");
    await expect(sms).toBeDisabled();
    await expect(dialog.getByText("You must have a phone number to receive SMS notifications.")).toBeVisible();
    // A new number: the dialog asks for the current password, and the number waits for a texted code.
    const currentPassword = dialog.getByLabel("Current password");
    await phone.fill(ownPhone);
    await expect(currentPassword).toHaveCount(0);
    await phone.fill("5035550188");
    await expect(currentPassword).toBeVisible();
    await expect(sms).toBeEnabled();
    await sms.check();
    await currentPassword.fill(PASSWORD);
    await shot(page, "acme-confirm-contact-dialog", { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "acme-confirm-contact-dialog-mobile", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });

    const mark = await outboxMark("acme");
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByText("We texted a code to (•••) •••-0188: enter it on your profile to change your phone number.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const contact = () =>
      db<{ confirmed: boolean; phone_number: string; method: string }>(
        `SELECT contact_confirmed_at IS NOT NULL AS confirmed, phone_number, preferred_contact_method::text AS method FROM users WHERE id = $1`,
        [saved.id],
      );
    expect((await contact())[0]).toEqual({ confirmed: true, phone_number: ownPhone, method: "sms" });

    // The code texted to the new number, entered on the profile, changes it.
    await goToProfile(page);
    await page.getByLabel("Code we texted to (•••) •••-0188").fill(codeIn(await nextMessage("acme", "+15035550188", mark, "sms")));
    await page.getByRole("button", { name: "Confirm number" }).click();
    await expect(page.getByText("Phone number confirmed")).toBeVisible();
    expect((await contact())[0]).toEqual({ confirmed: true, phone_number: "5035550188", method: "sms" });
  } finally {
    await db(`UPDATE questionnaires SET update_profile_section = false, profile_updated_at = NULL, sent_at = $2 WHERE id = $1`, [
      questionnaire.id,
      questionnaire.sent_at,
    ]);
    await db(`UPDATE companies SET street = $2, city = $3, state = $4, zip = $5, country = $6 WHERE id = $1`, [
      questionnaire.company_id,
      entity.street,
      entity.city,
      entity.state,
      entity.zip,
      entity.country,
    ]);
    await saved.restore();
  }
});

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: a phone corrected after its error is saved by one click on Update Profile`, async ({ page }) => {
    const saved = await snapshotUser(slug, `client@${slug}.test`);
    const area = slug === "acme" ? "503" : "303";
    try {
      await signIn(page, slug, `client@${slug}.test`);
      await goToProfile(page);
      const workPhone = page.getByLabel("Work phone");
      const update = page.getByRole("button", { name: "Update Profile" });
      await workPhone.fill(`${area}555`);
      await workPhone.blur();
      await expect(page.getByText("Phone number must be 10 digits")).toBeVisible();
      await shot(page, `${slug}-profile-phone-error`);
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, `${slug}-profile-phone-error-mobile`);
      await page.setViewportSize({ width: 1280, height: 720 });

      await workPhone.fill(`${area}5550177`);
      await update.click();
      await expect(page.getByText("Profile updated successfully")).toBeVisible();
      await expect(page.getByText("Phone number must be 10 digits")).toHaveCount(0);
      await page.reload();
      await expect(workPhone).toHaveValue(`(${area}) 555-0177`);

      // The same with the phone itself (a new number asks for the password and is texted a code).
      const phone = page.getByRole("textbox", { name: "Phone", exact: true });
      await phone.fill(`${area}55`);
      await update.click();
      await expect(page.getByText("Phone number must be 10 digits")).toBeVisible();
      await phone.fill(`${area}5550166`);
      await page.getByLabel("Current password").fill(PASSWORD);
      await update.click();
      await expect(page.getByText("Profile updated successfully")).toBeVisible();
      await expect(page.getByText("Confirm your new phone number", { exact: true })).toBeVisible();
      await shot(page, `${slug}-profile-saved`);
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, `${slug}-profile-saved-mobile`);
    } finally {
      await saved.restore();
    }
  });
}
