/**
 * Paying the tax service invoice from the client's tax return page, through the local Stripe's
 * checkout page: Unpaid with "Pay invoice $450.00", then Paid once the signed webhook has come
 * (a signed return becomes invoice_paid; one still waiting for signatures stays sent and signable). Acme on a phone, Summit on a laptop, each screen
 * at both widths. The demo return is put back as it was at the end.
 */
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, screenshot, signIn, sql } from "./support";

type Target = {
  id: string;
  company_id: string;
  email: string;
  status: string;
  invoice_amount_cents: number | null;
  invoice_paid: boolean;
};

const taken: Target[] = [];

/** A sent or signed demo return of an entity whose owner is a client with the demo password. */
async function target(slug: string): Promise<Target> {
  const [row] = await sql<Target>(
    `SELECT t.id, t.company_id, u.email, t.status::text AS status, t.invoice_amount_cents, t.invoice_paid
       FROM tax_returns t JOIN firms f ON f.id = t.firm_id
       JOIN company_owners o ON o.company_id = t.company_id JOIN users u ON u.id = o.user_id
      WHERE f.slug = $1 AND t.status IN ('sent', 'signed') AND t.deleted_at IS NULL AND t.storage_key IS NOT NULL
        AND u.kind = 'client' AND u.deleted_at IS NULL AND u.password_hash IS NOT NULL AND NOT u.readonly_access
      ORDER BY (u.email = 'client@' || f.slug || '.test') DESC, t.id LIMIT 1`,
    [slug],
  );
  expect(row, `a sent demo return in ${slug}`).toBeTruthy();
  taken.push(row!);
  return row!;
}

test.afterAll(async () => {
  for (const t of taken) {
    await sql("DELETE FROM card_payments WHERE tax_return_id = $1", [t.id]);
    await sql(`UPDATE tax_returns SET status = $2::"TaxReturnStatus", invoice_amount_cents = $3, invoice_paid = $4 WHERE id = $1`, [
      t.id,
      t.status,
      t.invoice_amount_cents,
      t.invoice_paid,
    ]);
  }
});

async function bothWidths(page: Page, name: string, width: number) {
  for (const w of [width === 375 ? 1280 : 375, width]) {
    await page.setViewportSize({ width: w, height: w === 375 ? 812 : 900 });
    await screenshot(page, `${name}-${w}`);
  }
}

for (const [slug, width] of [
  ["acme", 375],
  ["summit", 1280],
] as const) {
  test(`${slug} at ${width} px: a client pays the tax service invoice through checkout and sees Paid`, async ({ page }) => {
    const t = await target(slug);
    await sql("UPDATE tax_returns SET invoice_amount_cents = 45000, invoice_paid = false WHERE id = $1", [t.id]);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signIn(page, slug, t.email);
    await page.goto(firmUrl(slug, `/tax-return-delivery/${t.id}?companyId=${t.company_id}`));

    const invoice = page.getByTestId("invoice-payment");
    await expect(invoice).toContainText(/Tax service invoice \$450\.00:\s*Unpaid/);
    await bothWidths(page, `${slug}-invoice-unpaid`, width);
    await invoice.getByRole("button", { name: "Pay invoice $450.00" }).click();

    await expect(page).toHaveURL(/\/checkout\/cs_test/);
    await expect(page.getByText("$450.00").first()).toBeVisible();
    await page.getByRole("button", { name: "Pay by card" }).click();

    await expect(page).toHaveURL(/[?&]payment=returned/);
    await expect(invoice).toContainText(/Tax service invoice \$450\.00:\s*Paid/, { timeout: 20_000 });
    await expect(invoice).toContainText("Thank you, your payment was received.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await bothWidths(page, `${slug}-invoice-paid`, width);
    const [after] = await sql<{ invoice_paid: boolean; status: string }>("SELECT invoice_paid, status::text FROM tax_returns WHERE id = $1", [t.id]);
    // Paid before all have signed, the return stays sent (its signers can still sign).
    expect(after).toEqual({ invoice_paid: true, status: t.status === "sent" ? "sent" : "invoice_paid" });
    if (t.status === "sent") await expect(page.getByRole("main").getByText("Sent", { exact: true }).first()).toBeVisible();
  });
}
