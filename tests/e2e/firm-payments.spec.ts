/**
 * Firm Settings → Payments in the browser: a partner disconnects the firm's Stripe account (after
 * confirming, and proving it's them with their password), connects it again through Stripe's onboarding (the local fake's page) and comes back
 * to the page, which reads the account: Connected. The firm's demo account is put back at the end.
 * Screens of both demo firms at 1280 and 375 px (in SHOTS_DIR, when it is set).
 */
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, firmUrl, signIn, sql } from "./support";

const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.afterAll(async () => {
  await sql("UPDATE firms SET stripe_account_id = 'acct_demo_' || slug, stripe_charges_enabled = true WHERE slug IN ('acme', 'summit')");
});

for (const slug of ["summit", "acme"]) {
  test(`a ${slug} partner disconnects Stripe, then connects it again through onboarding`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `partner@${slug}.test`);
    await page.goto(firmUrl(slug, "/firm"));
    await page.getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/\/firm\/payments$/);
    const status = page.getByTestId("stripe-status");
    await expect(status).toHaveText("Connected (charges enabled)");
    // Every settings tab fits one row on a laptop (a phone scrolls it).
    const tabs = page.getByRole("navigation", { name: "Firm settings" });
    expect(await tabs.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBeLessThanOrEqual(1);
    await shoot(page, `payments-connected-${slug}`);

    await page.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("dialog", { name: "Disconnect Stripe?" });
    await expect(dialog).toBeVisible();
    await shoot(page, `payments-disconnect-dialog-${slug}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(status).toHaveText("Connected (charges enabled)");
    // Where clients' money goes needs the partner's password, not just the session.
    const password = page.getByLabel("Current password");
    const confirmDisconnect = async () => {
      await page.getByRole("button", { name: "Disconnect" }).click();
      await page.getByRole("dialog", { name: "Disconnect Stripe?" }).getByRole("button", { name: "Disconnect" }).click();
    };
    await confirmDisconnect();
    await expect(page.getByText("Enter your current password to make this change")).toBeVisible();
    await password.fill("not-the-password");
    await confirmDisconnect();
    await expect(page.getByText("Invalid password")).toBeVisible();
    await expect(status).toHaveText("Connected (charges enabled)");
    await password.fill(PASSWORD);
    await confirmDisconnect();
    await expect(page.getByText("Stripe disconnected")).toBeVisible();
    // Proved a moment ago: connecting again asks nothing more.
    await expect(password).toBeHidden();
    await expect(status).toHaveText("Not connected");
    const [row] = await sql<{ stripe_account_id: string | null }>("SELECT stripe_account_id FROM firms WHERE slug = $1", [slug]);
    expect(row!.stripe_account_id).toBeNull();
    await shoot(page, `payments-not-connected-${slug}`);

    await page.getByRole("button", { name: "Connect Stripe" }).click();
    await expect(page.getByRole("heading", { name: /to Stripe/ })).toBeVisible();
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await expect(page).toHaveURL(new RegExp(`${slug}\\.localhost:\\d+/firm/payments\\?stripe=returned`));
    await expect(status).toHaveText("Connected (charges enabled)");
    const [after] = await sql<{ stripe_account_id: string | null }>("SELECT stripe_account_id FROM firms WHERE slug = $1", [slug]);
    expect(after!.stripe_account_id).toMatch(/^acct_/);
    expect(after!.stripe_account_id).not.toBe(`acct_demo_${slug}`);
    await expect(page.getByText(`Account ${after!.stripe_account_id}`)).toBeVisible();
  });
}
