/**
 * Signature requests of the demo firms in the browser: the seeded requests in the staff table,
 * a row's activity log dialog, the 'Signature requests' preference in Firm Preferences, the signed
 * copy filed under '/_soraban/Signature Requests/{year}' in the entity's documents, and the
 * client's 'Sign' card on the dashboard. Screens of both demo firms at 1280 and 375 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { firmUrl, forgetSession, signIn, sql } from "./support";

const SHOTS = "/work/shots/sigreq2";

async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
}

async function shots(page: Page, name: string, fullPage = true) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectAccessible(page: Page, what: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(found, `${what} has accessibility violations`).toEqual([]);
}

type DemoRequest = {
  id: string;
  form_name: string;
  status: string;
  tax_year: number;
  company_id: string;
  hash_id: string;
  company_name: string;
};

for (const slug of ["acme", "summit"] as const) {
  test(`${slug}: the demo requests, a row's activity log, the preference, the filed copy and the client's card`, async ({ page }) => {
    test.setTimeout(180_000);
    const requests = await sql<DemoRequest>(
      `SELECT r.id, r.form_name, r.status::text AS status, r.tax_year, r.company_id, c.hash_id, c.name AS company_name
         FROM signature_requests r JOIN companies c ON c.id = r.company_id
        WHERE r.firm_id = $1 AND r.id LIKE 'sgr\\_%' AND r.deleted_at IS NULL ORDER BY r.status`,
      [`firm_${slug}`],
    );
    expect(requests.map((r) => r.status)).toEqual(expect.arrayContaining(["sent", "completed"]));
    const sent = requests.find((r) => r.status === "sent")!;
    const completed = requests.find((r) => r.status === "completed")!;

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, slug, `partner@${slug}.test`);

    // The table lists both; the sent row's activity log.
    await page.goto(firmUrl(slug, "/signature-requests"));
    const row = page.getByRole("row").filter({ hasText: sent.form_name }).filter({ hasText: sent.company_name });
    await expect(row.getByText("Sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: completed.form_name }).getByText("Completed", { exact: true })).toBeVisible();
    await shots(page, `${slug}-table`);
    await row.getByRole("button", { name: `Actions for ${sent.company_name}, ${sent.form_name}` }).click();
    await page.getByRole("menuitem", { name: "Activity log" }).click();
    const dialog = page.getByRole("dialog", { name: "Activity log" });
    await expect(dialog.getByText("Signature request sent for signature")).toBeVisible();
    await expect(dialog.getByText("Signature request uploaded")).toBeVisible();
    await expect(dialog.getByText("What happened to this signature request, newest first.")).toBeVisible();
    await expectAccessible(page, "the signature request's activity log");
    await shots(page, `${slug}-activity-dialog`, false);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();

    // The preference a firm turns it on with.
    await page.goto(firmUrl(slug, "/firm/preferences/deliver"));
    await expect(page.getByText("Shows Signature requests to staff", { exact: false })).toBeVisible();
    await shots(page, `${slug}-preferences-deliver`);

    // The completed request's signed copy in the entity's documents.
    const folder = `/_soraban/Signature Requests/${completed.tax_year}`;
    await page.goto(firmUrl(slug, `/admin/${completed.hash_id}/documents?path=${encodeURIComponent(folder)}`));
    await expect(page.getByText(`${completed.form_name} (signed).pdf`).first()).toBeVisible();
    await shots(page, `${slug}-documents-signed-copy`);
    await forgetSession(page);

    // The client who still has to sign: the card on the dashboard.
    const [signer] = await sql<{ email: string }>(
      `SELECT u.email FROM tax_return_signers s JOIN users u ON u.id = s.user_id
        WHERE s.signature_request_id = $1 AND s.signed_at IS NULL AND u.email IS NOT NULL ORDER BY s.role LIMIT 1`,
      [sent.id],
    );
    await signIn(page, slug, signer!.email);
    await page.goto(firmUrl(slug, `/?entity=${sent.hash_id}`));
    const card = page.getByTestId("signature-request-card").filter({ hasText: sent.form_name });
    await expect(card.getByRole("link", { name: `Sign: ${sent.form_name}` })).toBeVisible();
    await expectAccessible(page, "the client's dashboard");
    await shots(page, `${slug}-client-dashboard`);
    await forgetSession(page);
  });
}
