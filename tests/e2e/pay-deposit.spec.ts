/**
 * Paying the demo deposit on a phone: an Acme client opens the S-Corporation questionnaire at
 * 375 px, pays the $350.00 deposit through the local Stripe's checkout page, comes back to
 * "Payment pending" and sees "Paid" once the signed webhook has arrived (the page never marks it
 * paid itself). An advisor then sees the same status in Collect's preview dialog. The deposit is
 * put back as unpaid at the end, for the other browser tests.
 */
import { expect, test } from "@playwright/test";
import { firmUrl, forgetSession, screenshot, signIn, sql } from "./support";

const NAME = "2025 S-Corporation Questionnaire";

async function target() {
  const [row] = await sql<{ id: string; hash_id: string; company: string }>(
    `SELECT q.id, c.hash_id, c.name AS company FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = 'acme' AND q.name = $1 AND c.name = 'Rivera Design Studio LLC'`,
    [NAME],
  );
  return row!;
}

test.afterAll(async () => {
  const q = await target();
  await sql("DELETE FROM card_payments WHERE questionnaire_id = $1", [q.id]);
  await sql("UPDATE questionnaires SET deposit_status = 'unpaid' WHERE id = $1", [q.id]);
});

test("a client pays the deposit on a phone through checkout and sees Paid; the advisor sees it in Collect", async ({ page }) => {
  const q = await target();
  await sql("UPDATE questionnaires SET deposit_status = 'unpaid', deposit_amount_cents = 35000 WHERE id = $1", [q.id]);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "acme", "client@acme.test");
  await page.goto(firmUrl("acme", `/questionnaire/${q.hash_id}?questionnaireId=${q.id}`));

  const banner = page.getByTestId("deposit-banner");
  await expect(banner).toContainText("Deposit $350.00");
  await expect(banner).toContainText("Please pay the deposit online.");
  await screenshot(page, "acme-deposit-unpaid-375");
  await banner.getByRole("button", { name: "Pay deposit $350.00" }).click();

  // The local Stripe's checkout page, on the firm's connected account, for the server's amount.
  await expect(page).toHaveURL(/\/checkout\/cs_test/);
  await expect(page.getByText("$350.00").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await page.getByRole("button", { name: "Pay by card" }).click();

  // Back on the questionnaire: paid once the webhook has come (the page reloads itself until then).
  await expect(page).toHaveURL(/[?&]payment=returned/);
  await expect(banner.or(page.getByTestId("deposit-section")).first()).toBeVisible();
  await expect(page.getByText(/Deposit \$350\.00:\s*Paid/).first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await screenshot(page, "acme-deposit-paid-375");
  const [paid] = await sql<{ deposit_status: string }>("SELECT deposit_status::text FROM questionnaires WHERE id = $1", [q.id]);
  expect(paid!.deposit_status).toBe("paid");
  const payments = await sql<{ status: string; amount_cents: number; account_id: string }>(
    "SELECT status::text, amount_cents, account_id FROM card_payments WHERE questionnaire_id = $1",
    [q.id],
  );
  expect(payments).toEqual([{ status: "paid", amount_cents: 35000, account_id: "acct_demo_acme" }]);

  // The advisor: Collect's preview dialog shows the same status.
  await forgetSession(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "acme", "advisor@acme.test");
  const table = page.getByRole("region", { name: "Organizers" });
  await table.getByLabel("Search organizers").fill("Rivera Design Studio");
  await expect(page).toHaveURL(/[?&]q=Rivera/);
  // Acme calls questionnaires organizers.
  const row = table.locator("tbody tr").filter({ hasText: "2025 S-Corporation Organizer" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /^Open / }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("collect-deposit")).toHaveText(/Deposit \$350\.00:\s*Paid/);
  await screenshot(page, "acme-collect-deposit-paid");
});

test("asking for a deposit while the firm can't take card payments says where to connect them", async ({ page }) => {
  await sql("UPDATE firms SET stripe_charges_enabled = false WHERE slug = 'acme'");
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "acme", "partner@acme.test");
    await page.getByRole("button", { name: "Send Organizer" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Require a deposit").check();
    const note = dialog.getByTestId("deposit-not-connected");
    await expect(note).toContainText("Connect a card payment provider in Firm Settings → Payments so clients can pay online.");
    await screenshot(page, "acme-send-deposit-not-connected");
    await note.getByRole("link", { name: "Open Firm Settings → Payments" }).click();
    await expect(page).toHaveURL(/\/firm\/payments$/);
  } finally {
    await sql("UPDATE firms SET stripe_charges_enabled = true WHERE slug = 'acme'");
  }
});
