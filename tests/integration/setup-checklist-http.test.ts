/**
 * The firm setup checklist on Collect over HTTP: shown to a partner of a firm not yet set up, each
 * step ticked from the firm's data, hidden once dismissed (for that partner only), never shown to
 * other staff, and gone once every step is done.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";

const PAGE = "routes/_index";
let app: TestApp;

beforeAll(async () => {
  app = await bootApp({
    name: "setup-checklist",
    beforeServe: async ({ su }) => {
      // Summit as a firm that just signed up for its branding: no logo, no colour, the default theme.
      await su.query(`UPDATE firms SET logo_key = NULL, brand_color = NULL, theme_name = 'default' WHERE slug = 'summit'`);
    },
  });
}, 180_000);
afterAll(() => app?.stop());

async function setupOn(slug: string, email: string) {
  const b = await app.signIn(slug, email);
  return { b, setup: async () => (await b.data(slug, "/", PAGE)).data.setup };
}

describe("setup checklist", () => {
  it("ticks the steps from the firm's data and hides once dismissed, for that partner only", async () => {
    const { b, setup } = await setupOn("summit", "partner@summit.test");
    const first = await setup();
    expect(first.steps.map((s: any) => [s.id, s.done])).toEqual([
      ["brand", false],
      ["team", true],
      ["client", true],
      ["questionnaire", true],
      // The demo firm's Stripe account takes payments (the local Stripe server, stripe_charges_enabled).
      ["payments", true],
    ]);
    expect(first.steps[0].to).toBe("/firm");

    // A brand colour ticks the last open step: the firm is set up and the checklist goes.
    await app.su.query(`UPDATE firms SET brand_color = '#0a7d4f' WHERE slug = 'summit'`);
    expect(await setup()).toBeNull();
    await app.su.query(`UPDATE firms SET brand_color = NULL WHERE slug = 'summit'`);
    expect((await setup()).steps[0].done).toBe(false);

    const dismissed = await b.submit("summit", "/", { intent: "dismiss-setup-guide" }, PAGE);
    expect(dismissed.status).toBe(200);
    expect(await setup()).toBeNull();
    const { rows } = await app.su.query(`SELECT email FROM users WHERE setup_guide_dismissed_at IS NOT NULL`);
    expect(rows.map((r) => r.email)).toEqual(["partner@summit.test"]);
  });

  it("the payments step follows whether the firm's Stripe account can take payments", async () => {
    const { setup } = await setupOn("acme", "partner@acme.test");
    await app.su.query(`UPDATE firms SET logo_key = NULL, brand_color = NULL, theme_name = 'default' WHERE slug = 'acme'`);
    const payments = async () => (await setup()).steps.find((s: any) => s.id === "payments");
    expect(await payments()).toMatchObject({ done: true, to: "/firm/payments", action: "Connect payments" });
    await app.su.query(`UPDATE firms SET stripe_charges_enabled = false WHERE slug = 'acme'`);
    expect((await payments()).done).toBe(false);
    await app.su.query(`UPDATE firms SET stripe_account_id = NULL, stripe_charges_enabled = true WHERE slug = 'acme'`);
    expect((await payments()).done).toBe(false);
    await app.su.query(`UPDATE firms SET stripe_account_id = 'acct_demo_acme', stripe_charges_enabled = true WHERE slug = 'acme'`);
    expect((await payments()).done).toBe(true);
  });

  it("is not shown to staff who are not partners", async () => {
    await app.su.query(`UPDATE firms SET logo_key = NULL, brand_color = NULL, theme_name = 'default' WHERE slug = 'acme'`);
    const partner = await setupOn("acme", "partner@acme.test");
    expect((await partner.setup()).steps[0].done).toBe(false);
    const advisor = await setupOn("acme", "advisor@acme.test");
    expect(await advisor.setup()).toBeNull();
  });
});
