/**
 * Deliver's steps tell the right people, over HTTP (built app, real PostgreSQL and S3): staff send
 * a return → its client sees an item in their panel leading to the client page and gets an email,
 * and a return sent for signature has its next automatic reminder; the client approves or asks for
 * changes → the entity's advisor and the partners see it; the last signer finishes → the staff see
 * it. Each step's email is a row of the outbox, written with the step.
 */
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";

let app: TestApp;
let partner: Browser;
let jordan: Browser;
let casey: Browser;
let rivera: { id: string; jordanId: string; caseyId: string; advisorId: string; partnerId: string };

async function makePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) pdf.addPage([612, 792]).drawText(`Return page ${i}`, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

const PNG = `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==`;

/** A classified return of the Riveras (taxpayer and spouse each sign page 2), ready to send. */
async function insertClassified(sendDraftForApproval: boolean) {
  const bytes = await makePdf(2);
  const key = `firms/firm_acme/entities/${rivera.id}/tax-returns/${Math.random().toString(16).slice(2)}-return.pdf`;
  await app.s3!.storage.putObject({ firmId: "firm_acme", key, bytes, contentType: "application/pdf" });
  return app.tx("acme", async (t) => {
    const row = await t.taxReturn.create({
      data: {
        firmId: "firm_acme",
        companyId: rivera.id,
        taxYear: 2025,
        taxReturnName: "2025 Form 1040",
        status: "action_required",
        storageKey: key,
        fileName: "2025 Form 1040.pdf",
        sizeBytes: bytes.length,
        pageCount: 2,
        sendDraftForApproval,
        uploadedById: rivera.partnerId,
      },
    });
    const form = await t.eSignForm.create({ data: { firmId: "firm_acme", taxReturnId: row.id, formId: "8879", pages: [2] } });
    const fieldIds: Record<"jordan" | "casey", string[]> = { jordan: [], casey: [] };
    for (const [who, role, userId, fname, email, y] of [
      ["jordan", "taxpayer", rivera.jordanId, "Jordan", "client@acme.test", 0.6],
      ["casey", "spouse", rivera.caseyId, "Casey", "casey.rivera@example.com", 0.7],
    ] as const) {
      const signer = await t.taxReturnSigner.create({ data: { firmId: "firm_acme", taxReturnId: row.id, role, userId, fname, lname: "Rivera", email } });
      await t.eSignFormSignature.create({ data: { firmId: "firm_acme", eSignFormId: form.id, signerId: signer.id } });
      for (const kind of ["signature", "date"] as const) {
        const field = await t.signatureField.create({
          data: {
            firmId: "firm_acme",
            taxReturnId: row.id,
            eSignFormId: form.id,
            signerId: signer.id,
            kind,
            page: 2,
            x: kind === "date" ? 0.6 : 0.1,
            y,
            width: kind === "date" ? 0.15 : 0.35,
            height: 0.05,
          },
        });
        fieldIds[who].push(field.id);
      }
    }
    return { id: row.id, fieldIds };
  });
}

const send = (id: string) => partner.postJson("acme", `/tax-return-delivery-admin-view/${id}/classification?companyId=${rivera.id}`, { intent: "send" });

/** The notifications and queued emails about return `id` of one user (the text names the return's year and entity). */
async function toldOf(userId: string, pattern: RegExp) {
  const notices = await app.su.query<{ text: string; link: string | null }>(`SELECT text, link FROM notifications WHERE user_id = $1 AND company_id = $2`, [
    userId,
    rivera.id,
  ]);
  const emails = await app.su.query<{ subject: string; body: string }>(`SELECT subject, body FROM outbound_messages WHERE user_id = $1 AND channel = 'email'`, [
    userId,
  ]);
  return {
    notices: notices.rows.filter((n) => pattern.test(n.text)),
    emails: emails.rows.filter((e) => pattern.test(e.subject)),
  };
}

async function clearNotices() {
  await app.su.query(`DELETE FROM notifications WHERE company_id = $1`, [rivera.id]);
  await app.su.query(`DELETE FROM outbound_messages WHERE firm_id = 'firm_acme'`);
}

/** The panel items (GET /api/notifications) of a signed-in user whose text matches. */
async function panel(browser: Browser, pattern: RegExp) {
  const r = await browser.get("acme", "/api/notifications");
  expect(r.status, r.text).toBe(200);
  return (r.body.items as { text: string; link: string | null }[]).filter((i) => pattern.test(i.text));
}

beforeAll(async () => {
  app = await bootApp({
    name: "deliver-wire-http",
    s3: true,
    jobs: { only: ["deliver-signed-copy", "deliver-outbound-message"], pollingIntervalSeconds: 0.5 },
  });
  rivera = await app.tx("acme", async (t) => {
    const company = await t.company.findFirstOrThrow({
      where: { name: "Jordan & Casey Rivera" },
      select: { id: true, owners: { select: { user: { select: { email: true, id: true, assignedAdvisorId: true } } } } },
    });
    const jordanUser = company.owners.find((o) => o.user.email === "client@acme.test")!.user;
    const caseyUser = company.owners.find((o) => o.user.email === "casey.rivera@example.com")!.user;
    const partnerUser = await t.user.findFirstOrThrow({ where: { email: "partner@acme.test" }, select: { id: true } });
    return { id: company.id, jordanId: jordanUser.id, caseyId: caseyUser.id, advisorId: jordanUser.assignedAdvisorId!, partnerId: partnerUser.id };
  });
  expect(rivera.advisorId).toBeTruthy();
  partner = await app.signIn("acme", "partner@acme.test");
  jordan = await app.signIn("acme", "client@acme.test");
  casey = await app.signIn("acme", "casey.rivera@example.com");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("sent straight for signature, then signed", () => {
  it("tells the clients (panel + email), schedules the reminder, and tells the staff when the last signer finishes", async () => {
    await clearNotices();
    const r = await insertClassified(false);
    const sent = await send(r.id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ status: "sent" });

    const link = `/tax-return-delivery/${r.id}?companyId=${rivera.id}`;
    const toSign = /2025 tax return is ready for your signature \(Jordan & Casey Rivera\)/;
    expect(await panel(jordan, toSign)).toEqual([expect.objectContaining({ link })]);
    expect(await panel(casey, toSign)).toEqual([expect.objectContaining({ link })]);
    const jordanTold = await toldOf(rivera.jordanId, toSign);
    expect(jordanTold.emails).toHaveLength(1);
    expect(jordanTold.emails[0]!.body).toContain(link);

    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.status).toBe("sent");
    expect(row.nextReminderAt).not.toBeNull();
    expect(row.nextReminderAt!.getTime()).toBeGreaterThan(row.sentAt!.getTime());

    // The first signer: nobody on staff hears yet.
    const allSigned = /All signatures are done on the 2025 tax return \(Jordan & Casey Rivera\)/;
    const sign = (b: Browser, fieldIds: string[]) =>
      b.postJson("acme", `/api/tax-returns/${r.id}/sign`, { companyId: rivera.id, signature: { method: "drawn", image: PNG }, fieldIds });
    const first = await sign(jordan, r.fieldIds.jordan);
    expect(first.status, first.text).toBe(200);
    expect(first.body.status).toBe("sent");
    expect((await toldOf(rivera.advisorId, allSigned)).notices).toHaveLength(0);

    const last = await sign(casey, r.fieldIds.casey);
    expect(last.status, last.text).toBe(200);
    expect(last.body.status).toBe("signed");
    // The classification's one signature row per form and signer is the one signed (the Signature cell counts them).
    const signatures = await app.su.query<{ signed: boolean }>(
      `SELECT s.signed_at IS NOT NULL AS signed FROM e_sign_form_signatures s JOIN e_sign_forms f ON f.id = s.e_sign_form_id WHERE f.tax_return_id = $1`,
      [r.id],
    );
    expect(signatures.rows).toEqual([{ signed: true }, { signed: true }]);
    const advisor = await toldOf(rivera.advisorId, allSigned);
    expect(advisor.notices).toEqual([{ text: expect.any(String), link: "/tax-returns" }]);
    expect(advisor.emails).toHaveLength(1);
    expect(await panel(partner, allSigned)).toEqual([expect.objectContaining({ link: "/tax-returns" })]);
    // Clients are not told of the staff's step.
    expect(await panel(jordan, allSigned)).toEqual([]);
  });
});

describe("sent as a draft", () => {
  it("tells the client the draft is ready (no reminder), and the advisor and partner when it is approved", async () => {
    await clearNotices();
    const r = await insertClassified(true);
    const sent = await send(r.id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ status: "draft" });
    const review = /2025 tax return draft is ready for your review \(Jordan & Casey Rivera\)/;
    expect(await panel(jordan, review)).toEqual([expect.objectContaining({ link: `/tax-return-delivery/${r.id}?companyId=${rivera.id}` })]);
    expect((await toldOf(rivera.jordanId, review)).emails).toHaveLength(1);
    const row = await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.nextReminderAt).toBeNull();

    const approved = await jordan.postJson("acme", `/api/tax-returns/${r.id}/approve`, { companyId: rivera.id });
    expect(approved.status, approved.text).toBe(200);
    const pattern = /Jordan Rivera approved the draft of the 2025 tax return \(Jordan & Casey Rivera\)/;
    const advisor = await toldOf(rivera.advisorId, pattern);
    expect(advisor.notices).toEqual([{ text: expect.any(String), link: "/tax-returns" }]);
    expect(advisor.emails).toHaveLength(1);
    expect(await panel(partner, pattern)).toHaveLength(1);
    expect((await toldOf(rivera.partnerId, pattern)).emails).toHaveLength(1);

    // Sent again after approval: straight for signature, now with its reminder.
    const again = await send(r.id);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ status: "sent" });
    expect((await app.tx("acme", (t) => t.taxReturn.findUniqueOrThrow({ where: { id: r.id } }))).nextReminderAt).not.toBeNull();
    expect(await panel(jordan, /2025 tax return is ready for your signature/)).toHaveLength(1);
  });

  it("tells the advisor of requested changes, with the reason and a link to the classification page", async () => {
    await clearNotices();
    const r = await insertClassified(true);
    expect((await send(r.id)).status).toBe(200);
    const asked = await jordan.postJson("acme", `/api/tax-returns/${r.id}/request-changes`, { companyId: rivera.id, reason: "Schedule C is missing." });
    expect(asked.status, asked.text).toBe(200);
    const pattern = /Jordan Rivera requested changes to the draft of the 2025 tax return \(Jordan & Casey Rivera\): Schedule C is missing\./;
    const advisor = await toldOf(rivera.advisorId, pattern);
    expect(advisor.notices).toEqual([{ text: expect.any(String), link: `/tax-return-delivery-admin-view/${r.id}?companyId=${rivera.id}` }]);
    expect(advisor.emails).toHaveLength(1);
    expect(await panel(partner, pattern)).toHaveLength(1);
  });
});
