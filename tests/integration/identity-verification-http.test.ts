/**
 * Identity verification of signers before they sign (firm preference
 * tax_return_identity_verification_enabled) over HTTP with the local Stripe fake: the signer starts
 * a Stripe Identity session on the firm's connected account, the fake's page outcomes (verify,
 * needs input, fail, cancel) come back as signed webhooks, and signing is refused (403) until
 * verified. Repeated and out-of-order events, another firm's account, staff re-request, and the
 * preference off (signing as before).
 */
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { startTestStripe, type TestStripe } from "../support/stripe";

const ACME = "acct_identity_acme";
const SUMMIT = "acct_identity_summit";
const MUST_VERIFY = "Please verify your identity before signing this tax return.";

let app: TestApp;
let stripe: TestStripe;
let jordan: Browser;
let partner: Browser;
let entity: { id: string; jordanId: string; caseyId: string };

const pngOf = () => `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==`;

async function insertReturn() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText("Form 8879", { x: 72, y: 700, size: 14, font });
  const bytes = await pdf.save();
  const key = `firms/firm_acme/entities/${entity.id}/tax-returns/${Math.random().toString(16).slice(2)}-return.pdf`;
  await app.s3!.storage.putObject({ firmId: "firm_acme", key, bytes, contentType: "application/pdf" });
  return app.tx("acme", async (t) => {
    const row = await t.taxReturn.create({
      data: {
        firmId: "firm_acme",
        companyId: entity.id,
        taxYear: 2025,
        taxReturnName: "2025 Form 1040",
        status: "sent",
        storageKey: key,
        fileName: "2025 Form 1040.pdf",
        sizeBytes: bytes.length,
        pageCount: 1,
        sentAt: new Date(),
      },
    });
    const form = await t.eSignForm.create({ data: { firmId: "firm_acme", taxReturnId: row.id, formId: "8879", pages: [1] } });
    const signer = async (role: "taxpayer" | "spouse", userId: string, fname: string) => {
      const s = await t.taxReturnSigner.create({
        data: { firmId: "firm_acme", taxReturnId: row.id, role, userId, fname, lname: "Rivera", email: `${fname.toLowerCase()}@example.com` },
      });
      const field = await t.signatureField.create({
        data: {
          firmId: "firm_acme",
          taxReturnId: row.id,
          eSignFormId: form.id,
          signerId: s.id,
          kind: "signature",
          page: 1,
          x: 0.1,
          y: role === "taxpayer" ? 0.5 : 0.7,
          width: 0.3,
          height: 0.05,
        },
      });
      return { id: s.id, fieldId: field.id };
    };
    return { id: row.id, taxpayer: await signer("taxpayer", entity.jordanId, "Jordan"), spouse: await signer("spouse", entity.caseyId, "Casey") };
  });
}

const api = (id: string, action: string) => `/api/tax-returns/${id}/${action}`;
const sign = (who: Browser, r: { id: string }, fieldId: string) =>
  who.postJson("acme", api(r.id, "sign"), { companyId: entity.id, signature: { method: "drawn", image: pngOf() }, fieldIds: [fieldId] });
const verification = (taxReturnId: string, userId = entity.jordanId) =>
  app.tx("acme", (t) => t.identityVerification.findFirst({ where: { taxReturnId, userId } }));

/** The signer starts verifying: the fake's page URL. */
async function start(who: Browser, r: { id: string }): Promise<string> {
  const res = await who.postJson("acme", api(r.id, "identity"), { companyId: entity.id });
  expect(res.status, res.text).toBe(200);
  return res.body.url as string;
}

/** Clicks one of the fake page's buttons (as the browser's form post does) and waits for the webhook to land. */
async function click(url: string, outcome: "verify" | "input" | "fail" | "cancel", r: { id: string }, expected: string) {
  const res = await fetch(`${url}/${outcome}`, { method: "POST", redirect: "manual" });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toContain(`/tax-return-delivery/${r.id}`);
  await expect.poll(async () => (await verification(r.id))?.status, { timeout: 10_000 }).toBe(expected);
}

async function setIdentity(on: boolean) {
  await app.su.query(`UPDATE firm_preferences SET tax_return_identity_verification_enabled = $1 WHERE firm_id = 'firm_acme'`, [on]);
  // The firm's settings reach the server through its change notification: wait for it.
  const r = await insertReturn();
  await expect
    .poll(async () => (await partner.get("acme", `/api/staff/tax-returns/${r.id}/identity?companyId=${entity.id}`)).body.required, { timeout: 10_000 })
    .toBe(on);
}

beforeAll(async () => {
  stripe = await startTestStripe();
  app = await bootApp({
    name: "identity-verification-http",
    s3: true,
    env: stripe.env,
    beforeServe: async ({ su }) => {
      await su.query(`UPDATE firm_preferences SET new_tax_return_delivery_enabled = true, tax_return_identity_verification_enabled = true`);
    },
  });
  stripe.connect(app);
  await app.su.query("UPDATE firms SET stripe_account_id = $1 WHERE id = 'firm_acme'", [ACME]);
  await app.su.query("UPDATE firms SET stripe_account_id = $1 WHERE id = 'firm_summit'", [SUMMIT]);
  const ids = await app.tx("acme", async (t) => {
    const j = await t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } });
    const c = await t.user.findFirstOrThrow({ where: { email: "casey.rivera@example.com" }, select: { id: true } });
    const company = await t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true } });
    return { jordanId: j.id, caseyId: c.id, companyId: company.id };
  });
  entity = { id: ids.companyId, jordanId: ids.jordanId, caseyId: ids.caseyId };
  jordan = await app.signIn("acme", "client@acme.test");
  partner = await app.signIn("acme", "partner@acme.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.stop();
});

describe("signing waits for a verified identity", () => {
  it("verified: refused before (403, nothing written), the session is the firm's, then the signer signs", async () => {
    const r = await insertReturn();
    const refused = await sign(jordan, r, r.taxpayer.fieldId);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toBe(MUST_VERIFY);
    expect((await app.tx("acme", (t) => t.taxReturnSigner.findUniqueOrThrow({ where: { id: r.taxpayer.id } }))).signedAt).toBeNull();

    const url = await start(jordan, r);
    const row = await verification(r.id);
    expect(row?.providerSessionId).toMatch(/^vs_test_/);
    expect(stripe.fake.objects.get(row!.providerSessionId!)?.account).toBe(ACME);
    expect(url).toBe(`${stripe.fake.url}/identity/${row!.providerSessionId}`);
    // The page the client clicks names the buttons.
    const page = await (await fetch(url)).text();
    for (const label of ["Verify", "Needs input", "Fail", "Cancel"]) expect(page).toContain(`>${label}</button>`);
    // Asking again reuses the open session.
    expect(await start(jordan, r)).toBe(url);
    // The browser cannot claim success: the return URL changes nothing.
    expect((await jordan.get("acme", `/tax-return-delivery/${r.id}?companyId=${entity.id}`)).status).toBe(200);
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(403);

    await click(url, "verify", r, "verified");
    const verified = await verification(r.id);
    expect(verified?.verifiedAt).not.toBeNull();
    const signed = await sign(jordan, r, r.taxpayer.fieldId);
    expect(signed.status, signed.text).toBe(200);
    // Verified already: nothing to start.
    const again = await jordan.postJson("acme", api(r.id, "identity"), { companyId: entity.id });
    expect(again.status).toBe(409);

    const checks = await partner.get("acme", `/api/staff/tax-returns/${r.id}/identity?companyId=${entity.id}`);
    expect(checks.status).toBe(200);
    expect(checks.body.signers.map((s: { name: string; label: string }) => `${s.name}: ${s.label}`)).toEqual([
      "Jordan Rivera: Verified",
      "Casey Rivera: Not Started",
    ]);
  });

  it("failed (an error code) and needs input keep signing refused; trying again reuses the session", async () => {
    const r = await insertReturn();
    const url = await start(jordan, r);
    await click(url, "fail", r, "failed");
    const failed = await verification(r.id);
    expect(failed?.errorCode).toBe("document_unverified_other");
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(403);
    const checks = await partner.get("acme", `/api/staff/tax-returns/${r.id}/identity?companyId=${entity.id}`);
    expect(checks.body.signers[0]).toMatchObject({ label: "Failed", errorCode: "document_unverified_other" });

    expect(await start(jordan, r)).toBe(url);
    await click(url, "input", r, "requires_input");
    expect((await verification(r.id))?.errorCode).toBeNull();
    const refused = await sign(jordan, r, r.taxpayer.fieldId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MUST_VERIFY);
  });

  it("cancelled: refused; the next attempt is a new session", async () => {
    const r = await insertReturn();
    const url = await start(jordan, r);
    await click(url, "cancel", r, "canceled");
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(403);
    const next = await start(jordan, r);
    expect(next).not.toBe(url);
    expect((await verification(r.id))?.status).toBe("not_started");
    await click(next, "verify", r, "verified");
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(200);
  });
});

describe("webhooks", () => {
  it("a repeated event changes nothing; an older event after a newer one changes nothing", async () => {
    const r = await insertReturn();
    await start(jordan, r);
    const id = (await verification(r.id))!.providerSessionId!;
    const now = Math.floor(Date.now() / 1000);
    const verified = {
      ...stripe.event(ACME, "identity.verification_session.verified", { id, object: "identity.verification_session", status: "verified" }),
      created: now,
    };
    const body = JSON.stringify(verified);
    expect((await stripe.post(app, body)).status).toBe(200);
    const first = await verification(r.id);
    expect(first?.status).toBe("verified");
    expect((await stripe.post(app, body)).status).toBe(200);
    expect(await verification(r.id)).toEqual(first);
    // A requires_input sent earlier arrives late: still verified.
    const late = {
      ...stripe.event(ACME, "identity.verification_session.requires_input", {
        id,
        object: "identity.verification_session",
        status: "requires_input",
        last_error: { code: "selfie_face_mismatch", reason: "x" },
      }),
      created: now - 30,
    };
    expect((await stripe.post(app, JSON.stringify(late))).status).toBe(200);
    expect(await verification(r.id)).toEqual(first);
    const outcomes = await app.su.query("SELECT outcome FROM stripe_events WHERE stripe_event_id = ANY($1) ORDER BY received_at", [[verified.id, late.id]]);
    expect(outcomes.rows.map((o) => o.outcome)).toEqual(["identity verified", "ignored: already verified"]);
  });

  it("among open statuses, an older event does not undo a newer one (a late 'processing' after a failure)", async () => {
    const r = await insertReturn();
    await start(jordan, r);
    const id = (await verification(r.id))!.providerSessionId!;
    const now = Math.floor(Date.now() / 1000);
    const object = { id, object: "identity.verification_session" };
    const failure = {
      ...stripe.event(ACME, "identity.verification_session.requires_input", { ...object, status: "requires_input", last_error: { code: "document_expired" } }),
      created: now,
    };
    const processing = { ...stripe.event(ACME, "identity.verification_session.processing", { ...object, status: "processing" }), created: now - 5 };
    expect((await stripe.post(app, JSON.stringify(failure))).status).toBe(200);
    expect((await stripe.post(app, JSON.stringify(processing))).status).toBe(200);
    expect(await verification(r.id)).toMatchObject({ status: "failed", errorCode: "document_expired" });
  });

  it("another firm's connected account never touches this firm's verification, whatever its metadata says", async () => {
    const r = await insertReturn();
    await start(jordan, r);
    const before = await verification(r.id);
    const object = {
      id: before!.providerSessionId,
      object: "identity.verification_session",
      status: "verified",
      metadata: { tax_return_id: r.id, firm_id: "firm_acme" },
    };
    const sent = await stripe.fake.send(SUMMIT, "identity.verification_session.verified", object);
    expect(sent.status).toBe(200);
    expect(await verification(r.id)).toEqual(before);
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(403);
    const outcome = await app.su.query("SELECT firm_id, outcome FROM stripe_events WHERE stripe_event_id = $1", [sent.event.id]);
    expect(outcome.rows).toEqual([{ firm_id: "firm_summit", outcome: `ignored: no verification for ${before!.providerSessionId}` }]);
  });
});

describe("staff", () => {
  it("re-request cancels the open session, a late event of it changes nothing, the client is told and verifies anew", async () => {
    const r = await insertReturn();
    const url = await start(jordan, r);
    const old = (await verification(r.id))!.providerSessionId!;
    const res = await partner.postJson("acme", `/api/staff/tax-returns/${r.id}/identity`, { companyId: entity.id, signerId: r.taxpayer.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("A new identity verification was requested from Jordan Rivera.");
    expect(stripe.fake.objects.get(old)?.status).toBe("canceled");
    expect(await verification(r.id)).toMatchObject({ status: "not_started", providerSessionId: null });
    const told = await app.tx("acme", (t) => t.notification.findMany({ where: { userId: entity.jordanId, text: { contains: "verify your identity again" } } }));
    expect(told.length).toBeGreaterThan(0);
    // The old session's page can no longer verify, and its late event finds nothing.
    expect((await fetch(`${url}/verify`, { method: "POST", redirect: "manual" })).status).toBe(409);
    await stripe.fake.send(ACME, "identity.verification_session.verified", { id: old, object: "identity.verification_session", status: "verified" });
    expect((await verification(r.id))?.status).toBe("not_started");
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(403);
    const next = await start(jordan, r);
    expect(next).not.toBe(url);
    await click(next, "verify", r, "verified");
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(200);
    // A signer who signed: nothing to ask again (409); a foreign signer id: 404.
    expect((await partner.postJson("acme", `/api/staff/tax-returns/${r.id}/identity`, { companyId: entity.id, signerId: r.taxpayer.id })).status).toBe(409);
    expect((await partner.postJson("acme", `/api/staff/tax-returns/${r.id}/identity`, { companyId: entity.id, signerId: "nope" })).status).toBe(404);
    // Clients cannot use the staff call.
    expect((await jordan.postJson("acme", `/api/staff/tax-returns/${r.id}/identity`, { companyId: entity.id, signerId: r.taxpayer.id })).status).toBe(404);
  });
});

describe("the preference", () => {
  it("off: signers sign as before, without any verification; on again: refused", async () => {
    await setIdentity(false);
    try {
      const r = await insertReturn();
      const signed = await sign(jordan, r, r.taxpayer.fieldId);
      expect(signed.status, signed.text).toBe(200);
      expect(await verification(r.id)).toBeNull();
      // Nothing to start when the firm does not ask.
      const other = await insertReturn();
      expect((await jordan.postJson("acme", api(other.id, "identity"), { companyId: entity.id })).status).toBe(409);
    } finally {
      await setIdentity(true);
    }
    const r = await insertReturn();
    expect((await sign(jordan, r, r.taxpayer.fieldId)).status).toBe(403);
  });
});
