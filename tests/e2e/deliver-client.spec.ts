/**
 * Deliver, the client's side: with the firm's new tax return delivery on, the dashboard shows a
 * card per tax return; a client of Acme on a phone (375 px) opens a draft and approves it, then
 * on a return sent for signature draws a signature with the mouse, fills their fields, Finishes
 * and sees the signed return. Screens at 1280 and 375 px in both demo firms.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, signIn, sql } from "./support";

const SHOTS = "/work/shots/deliver-client";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** axe (WCAG 2.1 A and AA), as tests/e2e/accessibility.spec.ts runs it, on the page as it is. */
async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(found, `${what} has accessibility violations`).toEqual([]);
}

interface Fixture {
  companyId: string;
  /** The dashboard showing this entity. */
  dashboard: string;
  draftId: string;
  sentId: string;
}

/** A draft and a sent return (the spouse already signed) for the client's first entity with a demo PDF. */
async function insertReturns(slug: string, email: string, tag: string): Promise<Fixture> {
  // The demo PDFs are attached by the seed in the background once the server runs.
  const find = () =>
    sql<{ firm_id: string; company_id: string; hash_id: string; user_id: string; storage_key: string; size_bytes: string }>(
      `SELECT f.id AS firm_id, c.id AS company_id, c.hash_id, u.id AS user_id, d.storage_key, d.size_bytes::text AS size_bytes
       FROM users u JOIN firms f ON f.id = u.firm_id
       JOIN company_owners o ON o.user_id = u.id JOIN companies c ON c.id = o.company_id
       JOIN documents d ON d.company_id = c.id AND d.content_type = 'application/pdf' AND d.storage_key IS NOT NULL AND d.deleted_at IS NULL
      WHERE f.slug = $1 AND u.email = $2 AND c.deleted_at IS NULL AND NOT c.inactive
      ORDER BY c.name, d.created_at LIMIT 1`,
      [slug, email],
    );
  await expect.poll(async () => (await find()).length, { message: `a demo PDF in an entity of ${email}`, timeout: 60_000 }).toBe(1);
  const [target] = await find();
  const [year] = await sql<{ tax_year: number }>(`SELECT max(tax_year) AS tax_year FROM questionnaires WHERE company_id = $1 AND deleted_at IS NULL`, [
    target.company_id,
  ]);
  const taxYear = year?.tax_year ?? 2025;
  const ids = { draftId: `e2e_${tag}_draft_${Date.now()}`, sentId: `e2e_${tag}_sent_${Date.now()}` };
  for (const [id, status] of [
    [ids.draftId, "draft"],
    [ids.sentId, "sent"],
  ] as const) {
    await sql(
      `INSERT INTO tax_returns (id, firm_id, company_id, tax_year, tax_return_name, status, draft_status, storage_key, file_name, size_bytes, page_count, outline, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6::"TaxReturnStatus", $7::"TaxReturnDraftStatus", $8, $9, $10, 1, $11::jsonb, now())`,
      [
        id,
        target.firm_id,
        target.company_id,
        taxYear,
        status === "draft" ? `${taxYear} Form 1040 (draft)` : `${taxYear} Form 1040`,
        status,
        status === "draft" ? "draft" : null,
        target.storage_key,
        "Form 1040.pdf",
        Number(target.size_bytes),
        JSON.stringify([{ title: "Form 1040", page: 1, children: [{ title: "Schedule 1", page: 1 }] }]),
      ],
    );
    await sql(
      `INSERT INTO payment_vouchers (id, firm_id, tax_return_id, voucher_id, amount_cents, due_date) VALUES ($1, $2, $3, '1040-V', 184250, '2026-04-15')`,
      [`${id}_v`, target.firm_id, id],
    );
    await sql(`INSERT INTO e_sign_forms (id, firm_id, tax_return_id, form_id, pages) VALUES ($1, $2, $3, '8879', '{1}')`, [`${id}_f`, target.firm_id, id]);
    await sql(
      `INSERT INTO tax_return_signers (id, firm_id, tax_return_id, role, user_id, fname, lname, email) SELECT $1, $2, $3, 'taxpayer', u.id, u.fname, u.lname, u.email FROM users u WHERE u.id = $4`,
      [`${id}_tp`, target.firm_id, id, target.user_id],
    );
    await sql(
      `INSERT INTO tax_return_signers (id, firm_id, tax_return_id, role, fname, lname, email, method, signature_text, signed_at, ip_address, user_agent)
       VALUES ($1, $2, $3, 'spouse', 'Alex', 'Partner', 'alex.partner@example.com', 'typed', 'Alex Partner', now(), '198.51.100.4', 'e2e')`,
      [`${id}_sp`, target.firm_id, id],
    );
    const field = (suffix: string, signer: string, kind: string, x: number, y: number, w: number, filled: boolean) =>
      sql(
        `INSERT INTO signature_fields (id, firm_id, tax_return_id, e_sign_form_id, signer_id, kind, page, x, y, width, height, filled_at)
         VALUES ($1, $2, $3, $4, $5, $6::"SignatureFieldKind", 1, $7, $8, $9, 0.05, $10)`,
        [`${id}_${suffix}`, target.firm_id, id, `${id}_f`, `${id}_${signer}`, kind, x, y, w, filled ? new Date() : null],
      );
    await field("tps", "tp", "signature", 0.1, 0.62, 0.42, false);
    await field("tpd", "tp", "date", 0.6, 0.62, 0.25, false);
    await field("sps", "sp", "signature", 0.1, 0.72, 0.42, true);
    await field("spd", "sp", "date", 0.6, 0.72, 0.25, true);
  }
  return { companyId: target.company_id, dashboard: `/?${new URLSearchParams({ entity: target.hash_id })}`, ...ids };
}

async function setDelivery(slug: string, on: boolean) {
  await sql(`UPDATE firm_preferences SET new_tax_return_delivery_enabled = $2 WHERE firm_id = (SELECT id FROM firms WHERE slug = $1)`, [slug, on]);
}

// Leave the demo firms as they were (the seed turns Deliver on) for the specs that run after this one.
let deliveryBefore: { slug: string; on: boolean }[] = [];
test.beforeAll(async () => {
  deliveryBefore = await sql<{ slug: string; on: boolean }>(
    `SELECT f.slug, p.new_tax_return_delivery_enabled AS on FROM firm_preferences p JOIN firms f ON f.id = p.firm_id WHERE f.slug IN ('acme', 'summit')`,
  );
});
test.afterAll(async () => {
  await sql(`UPDATE tax_returns SET deleted_at = now() WHERE id LIKE 'e2e\\_%' AND deleted_at IS NULL`);
  for (const firm of deliveryBefore) await setDelivery(firm.slug, firm.on);
});

async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
  await page.mouse.up();
}

test("an Acme client on a phone approves a draft, then draws a signature, fills their fields and finishes", async ({ page }) => {
  const fixture = await insertReturns("acme", "client@acme.test", "acme");
  await page.setViewportSize({ width: 375, height: 800 });
  await setDelivery("acme", false);
  await signIn(page, "acme", "client@acme.test");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  // The firm's setting decides whether the cards show.
  await page.goto(firmUrl("acme", fixture.dashboard));
  await expect(page.getByTestId("tax-return-card")).toHaveCount(0);
  await setDelivery("acme", true);
  await expect(async () => {
    await page.goto(firmUrl("acme", fixture.dashboard));
    await expect(page.getByTestId("tax-return-card").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const draftCard = page.getByTestId("tax-return-card").filter({ hasText: "(draft)" });
  await expect(draftCard.getByRole("link", { name: /^Review Draft:/ })).toBeVisible();
  await expect(
    page
      .getByTestId("tax-return-card")
      .filter({ hasNotText: "(draft)" })
      .getByRole("link", { name: /^Sign:/ }),
  ).toBeVisible();
  await shot(page, "acme-dashboard-cards-375");

  // The draft: review and approve.
  await draftCard.getByRole("link", { name: /^Review Draft:/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tax-return-delivery/${fixture.draftId}\\?companyId=${fixture.companyId}`));
  await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Form 1040/ })).toBeVisible();
  await expect(page.getByText("$1,842.50")).toBeVisible();
  await expect(page.getByText("Due Apr 15, 2026")).toBeVisible();
  await shot(page, "acme-draft-review-375");
  await page.getByRole("button", { name: "Request Changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Request Changes" }).click();
  await expect(page.getByText("Please tell your firm what should change.")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Tax return approved successfully")).toBeVisible();
  await expect(page.getByText(/Please wait for your firm to review it/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);

  // The return sent for signature: the client's fields, a drawn signature, Finish.
  await page.goto(firmUrl("acme", `/tax-return-delivery/${fixture.sentId}?companyId=${fixture.companyId}`));
  await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
  const finish = page.getByRole("button", { name: "Finish" });
  await expect(finish).toBeDisabled();
  await expect(page.getByTestId("my-date-field")).toBeVisible();
  await shot(page, "acme-sign-fields-375");
  await page.getByTestId("my-signature-field").click();
  await expect(page.getByRole("dialog", { name: "Adopt your signature" })).toBeVisible();
  await drawSignature(page);
  await shot(page, "acme-sign-pad-375");
  await page.getByRole("button", { name: "Adopt and sign" }).click();
  await expect(page.getByTestId("field-done")).toHaveCount(2);
  await expect(finish).toBeEnabled();
  await finish.click();
  await expect(page.getByText("Your signature was added to the tax return.")).toBeVisible();
  await expect(page.getByText("Signed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/0 signatures to sign/)).toBeVisible();
  const [row] = await sql<{ status: string; signed_file_key: string | null }>(`SELECT status::text, signed_file_key FROM tax_returns WHERE id = $1`, [
    fixture.sentId,
  ]);
  expect(row.status).toBe("signed");
  expect(row.signed_file_key).toBeTruthy();
  await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
  await shot(page, "acme-signed-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
  await shot(page, "acme-signed-1280");
});

for (const [slug, email] of [
  ["acme", "client@acme.test"],
  ["summit", "client@summit.test"],
] as const) {
  test(`${slug}: the tax return screens at 1280 and 375 px`, async ({ page }) => {
    await setDelivery(slug, true);
    const fixture = await insertReturns(slug, email, `${slug}shots`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, email);
    await expect(async () => {
      await page.goto(firmUrl(slug, fixture.dashboard));
      await expect(page.getByTestId("tax-return-card").first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await page.goto(firmUrl(slug, fixture.dashboard));
      await expect(page.getByTestId("tax-return-card").first()).toBeVisible();
      await shot(page, `${slug}-dashboard-${width}`);
      await expectAccessible(page, `${slug} dashboard with tax return cards at ${width} px`);
      for (const [name, id] of [
        ["draft", fixture.draftId],
        ["sign", fixture.sentId],
      ]) {
        await page.goto(firmUrl(slug, `/tax-return-delivery/${id}?companyId=${fixture.companyId}`));
        await expect(page.locator("canvas[data-rendered='true']").first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `${slug}-${name}-${width}`);
        await expectAccessible(page, `${slug} tax return (${name}) at ${width} px`);
      }
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Adopt signature" }).click();
    await page.getByRole("tab", { name: "Type" }).click();
    await shot(page, `${slug}-sign-typed-375`);
    await expectAccessible(page, `${slug} signature dialog (typed) at 375 px`);
  });
}
