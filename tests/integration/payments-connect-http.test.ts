/**
 * Firm Settings → Payments over HTTP (built app, real PostgreSQL, the local Stripe fake): a firm
 * that signed itself up connects Stripe from the product (account created, its id stored for that
 * firm only, Stripe's onboarding, back to the page which reads the account), only partners may,
 * bad input is a 400 with a message, and once a firm connects its clients can pay a deposit on
 * the new account. Disconnecting stops new payments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_MESSAGES } from "~/payments/connection";
import { PAYMENT_MESSAGES } from "~/payments/rules";
import { REAUTH_MESSAGES } from "~/auth/sign-in-rules";
import { actionDataPath, bootApp, DEMO_PASSWORD, type Browser, type TestApp } from "../support/app";
import { hostRequest } from "../support/http";
import { startTestStripe, type TestStripe } from "../support/stripe";

const ROUTE = "routes/firm_.payments";
const PASSWORD = "Payments-Firm-2026!";

let app: TestApp;
let stripe: TestStripe;
/** The new firm's partner, signed in by the sign-up's hand-off to the firm's subdomain. */
let newPartner: Browser;

const accountOf = async (slug: string): Promise<string | null> =>
  (await app.su.query("SELECT stripe_account_id FROM firms WHERE slug = $1", [slug])).rows[0]?.stripe_account_id ?? null;
const post = (b: Browser, slug: string, form: Record<string, string>) => b.post(slug, actionDataPath("/firm/payments", ROUTE), form);
/** An action with the partner's password (connecting and disconnecting need it; a wrong intent is refused before). */
const act = (b: Browser, slug: string, form: Record<string, string>) =>
  post(b, slug, { currentPassword: slug === "newly-co" ? PASSWORD : DEMO_PASSWORD, ...form });
const chargesEnabled = async (slug: string): Promise<boolean> =>
  (await app.su.query("SELECT stripe_charges_enabled FROM firms WHERE slug = $1", [slug])).rows[0]?.stripe_charges_enabled;
const checklistPayments = async (b: Browser, slug: string) =>
  ((await b.data<{ data: { setup: { steps: { id: string; done: boolean }[] } | null } }>(slug, "/", "routes/_index")).data.setup?.steps ?? []).find(
    (step) => step.id === "payments",
  );
const sendOptions = async (b: Browser, slug: string) =>
  (await b.get(slug, "/api/staff/send")).body as { cardPayments: "off" | boolean; canConnectPayments: boolean };
const status = async (b: Browser, slug: string) =>
  (await b.data<{ connection: { status: string; accountId: string | null } }>(slug, "/firm/payments", ROUTE)).connection;

/** Stripe's onboarding page, finished as the partner would: back to the return URL; account.updated sent. */
async function finishOnboarding(link: string): Promise<string> {
  const url = new URL(link);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const done = await fetch(`${url.origin}${url.pathname}/complete${url.search}`, { method: "POST", redirect: "manual" });
  expect(done.status).toBe(303);
  return done.headers.get("location")!;
}

beforeAll(async () => {
  stripe = await startTestStripe();
  app = await bootApp({ name: "payments-connect", env: stripe.env });
  stripe.connect(app);
  const created = await hostRequest(app.port, {
    host: `localhost:${app.port}`,
    path: "/create-firm",
    form: {
      firmName: "Newly & Co",
      subdomain: "newly-co",
      firstName: "Nora",
      lastName: "New",
      email: "nora@newly.test",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status, created.text.slice(0, 300)).toBe(302);
  const handoff = new URL(created.location!);
  newPartner = app.browser();
  await newPartner.get("newly-co", `${handoff.pathname}${handoff.search}`);
  expect(newPartner.session()).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

describe("connecting Stripe from Firm Settings → Payments", () => {
  it("a new firm connects: account created, id stored for that firm only, onboarding, then Connected", async () => {
    const partner = newPartner;
    const before = { acme: await accountOf("acme"), summit: await accountOf("summit") };
    expect(await accountOf("newly-co")).toBeNull();
    expect(await status(partner, "newly-co")).toEqual({ status: "not_connected", accountId: null, error: null });
    // The setup checklist's payments step is to do; the send dialog says a deposit can't be paid online yet.
    expect(await checklistPayments(partner, "newly-co")).toMatchObject({ done: false, to: "/firm/payments" });
    expect(await sendOptions(partner, "newly-co")).toEqual(expect.objectContaining({ cardPayments: false, canConnectPayments: true }));

    const connect = await act(partner, "newly-co", { intent: "connect" });
    expect(connect.location, connect.text.slice(0, 300)).toMatch(new RegExp(`^${stripe.fake.url}/connect/onboarding/acct_`));
    const accountId = await accountOf("newly-co");
    expect(accountId).toMatch(/^acct_/);
    expect(connect.location).toContain(accountId!);
    // Only this firm's row changed.
    expect({ acme: await accountOf("acme"), summit: await accountOf("summit") }).toEqual(before);
    const created = stripe.fake.objects.get(accountId!)!;
    expect(created.email).toBe("nora@newly.test");
    expect((created.business_profile as { name: string }).name).toBe("Newly & Co");

    // Left half-way: onboarding incomplete; connecting again continues with the same account.
    expect((await status(partner, "newly-co")).status).toBe("incomplete");
    const again = await act(partner, "newly-co", { intent: "connect" });
    expect(again.location).toContain(`/connect/onboarding/${accountId}`);
    expect(await accountOf("newly-co")).toBe(accountId);

    const back = await finishOnboarding(again.location!);
    expect(back).toBe(`http://${app.host("newly-co")}/firm/payments?stripe=returned`);
    expect((await partner.get("newly-co", "/firm/payments?stripe=returned")).status).toBe(200);
    expect(await status(partner, "newly-co")).toEqual({ status: "connected", accountId, error: null });
    // Stripe's account.updated from the new account is taken as this firm's (its id is stored).
    const firmId = (await app.su.query("SELECT id FROM firms WHERE slug = 'newly-co'")).rows[0].id;
    await expect
      .poll(
        async () => (await app.su.query("SELECT firm_id, outcome FROM stripe_events WHERE account_id = $1 AND type = 'account.updated'", [accountId])).rows,
        {
          timeout: 15_000,
          interval: 50,
        },
      )
      .toEqual([{ firm_id: firmId, outcome: "account can take payments" }]);
    // Kept for the screens that only need to know: the checklist ticks, the send dialog's note goes.
    expect(await chargesEnabled("newly-co")).toBe(true);
    expect(await checklistPayments(partner, "newly-co")).toMatchObject({ done: true });
    expect((await sendOptions(partner, "newly-co")).cardPayments).toBe(true);
    // Connected: a second connect is refused with a message, nothing created.
    const twice = await act(partner, "newly-co", { intent: "connect" });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ ok: false, error: CONNECTION_MESSAGES.alreadyConnected });
    const log = await app.su.query("SELECT title FROM activity_logs a JOIN firms f ON f.id = a.firm_id WHERE f.slug = 'newly-co' AND title LIKE '%Stripe%'");
    expect(log.rows).toEqual([{ title: "Connected Stripe" }]);
  });

  it("refuses anyone but a partner (403 for admins and advisors, 404 for clients) and changes nothing", async () => {
    const id = await accountOf("acme");
    for (const email of ["admin@acme.test", "advisor@acme.test"]) {
      const staff = await app.signIn("acme", email);
      expect((await staff.get("acme", "/firm/payments")).status).toBe(403);
      expect((await act(staff, "acme", { intent: "disconnect" })).status).toBe(403);
      expect((await act(staff, "acme", { intent: "connect" })).status).toBe(403);
    }
    const client = await app.signIn("acme", "client@acme.test");
    expect((await client.get("acme", "/firm/payments")).status).toBe(404);
    expect((await act(client, "acme", { intent: "disconnect" })).status).toBe(404);
    expect(await accountOf("acme")).toBe(id);
    expect((await app.browser().get("acme", "/firm/payments")).status).toBe(302);
  });

  it("connecting and disconnecting need the partner's password (a session alone changes nothing), then not again for a while", async () => {
    const partner = await app.signIn("summit", "partner@summit.test");
    const page = await partner.data<{ reauth: { recent: boolean; method: string } }>("summit", "/firm/payments", ROUTE);
    expect(page.reauth).toMatchObject({ recent: false, method: "password" });
    for (const intent of ["disconnect", "connect"]) {
      const bare = await post(partner, "summit", { intent });
      expect(bare.status).toBe(403);
      expect(bare.body).toEqual({ ok: false, error: REAUTH_MESSAGES.passwordMissing, field: "currentPassword" });
      const wrong = await post(partner, "summit", { intent, currentPassword: "not-the-password" });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ ok: false, error: REAUTH_MESSAGES.wrongPassword, field: "currentPassword" });
    }
    expect(await accountOf("summit")).toBe("acct_demo_summit");
    expect(
      stripe.fake.objects.size ? [...stripe.fake.objects.values()].filter((o) => o.object === "account" && o.email === "partner@summit.test") : [],
    ).toEqual([]);

    // The right password: disconnected, and the session counts as proved for the next minutes.
    const off = await post(partner, "summit", { intent: "disconnect", currentPassword: DEMO_PASSWORD });
    expect(off.status).toBe(200);
    expect(await accountOf("summit")).toBeNull();
    expect(await chargesEnabled("summit")).toBe(false);
    expect((await partner.data<{ reauth: { recent: boolean } }>("summit", "/firm/payments", ROUTE)).reauth.recent).toBe(true);
    const connect = await post(partner, "summit", { intent: "connect" });
    expect(connect.location).toMatch(new RegExp(`^${stripe.fake.url}/connect/onboarding/acct_`));
    // Another session of the same partner still has to prove it.
    const other = await app.signIn("summit", "partner@summit.test");
    expect((await post(other, "summit", { intent: "disconnect" })).status).toBe(403);
    await app.su.query("UPDATE firms SET stripe_account_id = 'acct_demo_summit', stripe_charges_enabled = true WHERE slug = 'summit'");
  });

  it("bad input is a 400 with a message, never a 500", async () => {
    const partner = await app.signIn("acme", "partner@acme.test");
    for (const form of [{ intent: "delete" }, {}, { intent: "" }] as Record<string, string>[]) {
      const r = await act(partner, "acme", form);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ ok: false, error: CONNECTION_MESSAGES.invalidIntent });
    }
  });

  it("disconnect stops new payments; after connecting again a client's deposit checkout runs on the new account", async () => {
    const partner = await app.signIn("acme", "partner@acme.test");
    const client = await app.signIn("acme", "client@acme.test");
    const { rows } = await app.su.query(
      `SELECT q.id, c.hash_id AS hash FROM questionnaires q JOIN companies c ON c.firm_id = q.firm_id AND c.id = q.company_id
        WHERE q.firm_id = 'firm_acme' AND q.name = '2025 S-Corporation Questionnaire' AND c.name = 'Rivera Design Studio LLC'`,
    );
    const q = rows[0];
    await app.su.query("UPDATE questionnaires SET deposit_status = 'unpaid', deposit_amount_cents = 35000 WHERE id = $1", [q.id]);
    const checkout = () => client.postJson("acme", `/api/questionnaires/${q.hash}/checkout`, { questionnaireId: q.id });

    const off = await act(partner, "acme", { intent: "disconnect" });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ok: true, message: CONNECTION_MESSAGES.disconnected });
    expect(await accountOf("acme")).toBeNull();
    expect(await accountOf("summit")).toBe("acct_demo_summit");
    expect((await act(partner, "acme", { intent: "disconnect" })).status).toBe(409);
    const refused = await checkout();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(PAYMENT_MESSAGES.notConnected);

    const connect = await act(partner, "acme", { intent: "connect" });
    const accountId = (await accountOf("acme"))!;
    expect(accountId).toMatch(/^acct_/);
    expect(accountId).not.toBe("acct_demo_acme");
    await finishOnboarding(connect.location!);
    expect((await status(partner, "acme")).status).toBe("connected");

    const paying = await checkout();
    expect(paying.status, paying.text).toBe(200);
    const session = stripe.fake.objects.get(String(paying.body.url).split("/").pop()!)!;
    expect(session.account).toBe(accountId);
    expect(session.amount_total).toBe(35000);
  });

  it("Stripe unreachable: the page says so (never a 500) and connecting stores nothing", async () => {
    const partner = await app.signIn("summit", "partner@summit.test");
    stripe.fake.failWith(503);
    try {
      const page = await status(partner, "summit");
      expect(page).toEqual({ status: "unknown", accountId: "acct_demo_summit", error: PAYMENT_MESSAGES.unreachable });
      expect((await act(partner, "summit", { intent: "disconnect" })).status).toBe(200);
      const connect = await act(partner, "summit", { intent: "connect" });
      expect(connect.status).toBe(502);
      expect(connect.body).toEqual({ ok: false, error: PAYMENT_MESSAGES.unreachable });
      expect(await accountOf("summit")).toBeNull();
    } finally {
      stripe.fake.failWith(null);
      await app.su.query("UPDATE firms SET stripe_account_id = 'acct_demo_summit', stripe_charges_enabled = true WHERE slug = 'summit'");
    }
  });
});
