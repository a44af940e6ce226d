/**
 * Signature requests over HTTP (built app, real PostgreSQL, S3 and pg-boss): upload (exactly one
 * entity, a non-empty PDF) → processing job → place boxes per signer → send → each signer signs only
 * their own boxes → `signed` with the signed copy (signatures stamped, audit page with both hashes),
 * the firm notified and every step in the activity log; refusals: another firm's, client's or
 * group's request 404 with nothing written, someone else's box or signing twice 409, bad input 4xx
 * with the spec's texts.
 */
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";

const UPLOAD = "/api/staff/signature-requests/upload";
const PROTECTED = "The PDFs you uploaded are either password-protected or cannot be opened. Please either remove the password or upload alternative files.";
const staffApi = (id: string, companyId?: string) => `/api/staff/signature-requests/${id}${companyId ? `?companyId=${companyId}` : ""}`;
const signApi = (id: string) => `/api/signature-requests/${id}/sign`;
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

let app: TestApp;
let partner: Browser;
let summitPartner: Browser;
let nina: Browser;
let jordan: Browser;
let casey: Browser;
let otherClient: Browser;
let rivera: { id: string; jordanId: string; caseyId: string };

async function makePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) pdf.addPage([612, 792]).drawText(`Engagement letter page ${i}`, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

function pngOf(): string {
  return "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
}

async function upload(browser: Browser, slug: string, companyId: string, bytes: Uint8Array, formName = "2025 Engagement Letter") {
  const grant = await browser.postJson(slug, UPLOAD, { intent: "grant", companyId, fileName: "engagement.pdf", size: bytes.length });
  expect(grant.status, grant.text).toBe(200);
  expect((await postToGrant(grant.body.grant, bytes, "engagement.pdf")).ok).toBe(true);
  return browser.postJson(slug, UPLOAD, {
    intent: "confirm",
    companyId,
    taxYear: 2025,
    formName,
    files: [{ key: grant.body.grant.key, fileName: "engagement.pdf" }],
  });
}

async function waitProcessed(slug: string, id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await app.tx(slug, (t) => t.signatureRequest.findUniqueOrThrow({ where: { id } }));
    if (row.status !== "processing") return row;
    if (Date.now() > deadline) throw new Error(`signature request ${id} still processing`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const placement = () => ({
  signers: [rivera.jordanId, rivera.caseyId],
  fields: [
    { signerKey: rivera.jordanId, kind: "signature", page: 2, x: 0.1, y: 0.6, width: 0.3, height: 0.05 },
    { signerKey: rivera.jordanId, kind: "date", page: 2, x: 0.6, y: 0.6, width: 0.16, height: 0.035 },
    { signerKey: rivera.caseyId, kind: "signature", page: 2, x: 0.1, y: 0.7, width: 0.3, height: 0.05 },
  ],
});

/** A request of the Rivera entity, uploaded, processed, placed and (unless told) sent. */
async function sentRequest(send = true) {
  const original = await makePdf(2);
  const confirm = await upload(partner, "acme", rivera.id, original);
  expect(confirm.status, confirm.text).toBe(200);
  const id = confirm.body.signatureRequest.id as string;
  expect((await waitProcessed("acme", id)).status).toBe("action_required");
  const placed = await partner.postJson("acme", staffApi(id, rivera.id), { intent: "place", placement: placement() });
  expect(placed.status, placed.text).toBe(200);
  if (send) {
    const sent = await partner.postJson("acme", staffApi(id, rivera.id), { intent: "send", message: "Please sign by Friday." });
    expect(sent.status, sent.text).toBe(200);
  }
  const fields = await app.tx("acme", (t) =>
    t.signatureField.findMany({ where: { signatureRequestId: id }, select: { id: true, kind: true, signer: { select: { userId: true } } } }),
  );
  const of = (userId: string) => fields.filter((f) => f.signer.userId === userId).map((f) => f.id);
  return { id, original, jordanFields: of(rivera.jordanId), caseyFields: of(rivera.caseyId) };
}

async function snapshot(slug: string) {
  return app.tx(slug, async (t) =>
    JSON.stringify([
      await t.signatureRequest.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, deletedAt: true, signedDocumentKey: true } }),
      await t.taxReturnSigner.findMany({ where: { signatureRequestId: { not: null } }, orderBy: { id: "asc" }, select: { id: true, signedAt: true } }),
      await t.signatureField.count({ where: { signatureRequestId: { not: null }, filledAt: { not: null } } }),
      await t.signatureField.count({ where: { signatureRequestId: { not: null } } }),
      await t.activityLog.count(),
    ]),
  );
}

beforeAll(async () => {
  app = await bootApp({
    name: "signature-requests-http",
    s3: true,
    env: { TRUST_PROXY: "true" },
    jobs: { only: ["process-signature-request", "signature-request-signed-copy", "deliver-outbound-message"], pollingIntervalSeconds: 0.5 },
  });
  const ids = await app.tx("acme", async (t) => {
    const j = await t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } });
    const c = await t.user.findFirstOrThrow({ where: { email: "casey.rivera@example.com" }, select: { id: true } });
    const company = await t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true } });
    // The first entity (in the seed's order) that is not Jordan's and has a client with an email among its owners.
    const foreign = await t.company.findFirstOrThrow({
      where: {
        deletedAt: null,
        owners: { none: { userId: j.id }, some: { user: { kind: "client", email: { not: null }, deletedAt: null, id: { not: c.id } } } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    const other = await t.user.findFirstOrThrow({
      where: { kind: "client", email: { not: null }, deletedAt: null, id: { notIn: [j.id, c.id] }, ownerships: { some: { companyId: foreign.id } } },
      orderBy: { id: "asc" },
      select: { email: true },
    });
    return { jordanId: j.id, caseyId: c.id, companyId: company.id, otherEmail: other.email! };
  });
  rivera = { id: ids.companyId, jordanId: ids.jordanId, caseyId: ids.caseyId };
  partner = await app.signIn("acme", "partner@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  nina = await app.signIn("summit", "nina.patel@summit.test");
  jordan = await app.signIn("acme", "client@acme.test");
  casey = await app.signIn("acme", "casey.rivera@example.com");
  otherClient = await app.signIn("acme", ids.otherEmail);
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("create → place → send → sign", () => {
  it("each signer signs their own boxes; the last makes it signed with a stamped copy and an audit page", async () => {
    const r = await sentRequest();
    let row = await app.tx("acme", (t) => t.signatureRequest.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.status).toBe("sent");
    expect(row.unsignedSha256).toBe(sha(r.original));
    expect(row.pageCount).toBe(2);

    // The client sees it: its page opens for a signer.
    expect((await jordan.get("acme", `/review-signature-request/${r.id}?companyId=${rivera.id}`)).status).toBe(200);

    // Someone else's box: 409, nothing filled.
    const foreign = await jordan.postJson("acme", signApi(r.id), {
      companyId: rivera.id,
      signature: { method: "typed", text: "Jordan Rivera" },
      fieldIds: [...r.jordanFields, ...r.caseyFields],
    });
    expect(foreign.status).toBe(409);
    expect(foreign.body.error).toBe("This signature field is not yours to fill.");

    const first = await jordan.postJson("acme", signApi(r.id), {
      companyId: rivera.id,
      signature: { method: "typed", text: "Jordan Rivera" },
      fieldIds: r.jordanFields,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.status).toBe("sent");
    const twice = await jordan.postJson("acme", signApi(r.id), {
      companyId: rivera.id,
      signature: { method: "typed", text: "Jordan Rivera" },
      fieldIds: r.jordanFields,
    });
    expect(twice.status).toBe(409);

    const last = await casey.postJson("acme", signApi(r.id), { companyId: rivera.id, signature: { method: "drawn", image: pngOf() }, fieldIds: r.caseyFields });
    expect(last.status, last.text).toBe(200);
    expect(last.body.status).toBe("signed");

    row = await app.tx("acme", (t) => t.signatureRequest.findUniqueOrThrow({ where: { id: r.id } }));
    expect(row.status).toBe("signed");
    expect(row.signedDocumentKey).toBeTruthy();

    // Filed in the entity's documents, in '/_soraban/Signature Requests/{year}', as its own object.
    const filed = await app.tx("acme", (t) =>
      t.document.findMany({ where: { companyId: rivera.id, path: "/_soraban/Signature Requests/2025", deletedAt: null }, orderBy: { createdAt: "desc" } }),
    );
    expect(filed[0]).toMatchObject({ name: "2025 Engagement Letter (signed).pdf", itemType: "file", contentType: "application/pdf" });
    expect(filed[0]!.storageKey).not.toBe(row.signedDocumentKey);
    expect(filed[0]!.storageKey).toMatch(/\/documents\//);
    const hash = (await app.tx("acme", (t) => t.company.findUniqueOrThrow({ where: { id: rivera.id }, select: { hashId: true } }))).hashId;
    const folder = encodeURIComponent("/_soraban/Signature Requests/2025");
    const clientDocs = await jordan.get("acme", `/documents/${hash}?path=${folder}`);
    expect(clientDocs.status).toBe(200);
    expect(clientDocs.text).toContain("2025 Engagement Letter (signed).pdf");
    const staffDocs = await partner.get("acme", `/admin/${hash}/documents?path=${folder}`);
    expect(staffDocs.status).toBe(200);
    expect(staffDocs.text).toContain("2025 Engagement Letter (signed).pdf");

    // The signed copy, through the staff call: original pages + an audit page, hashes matching.
    const url = await partner.get("acme", `${staffApi(r.id, rivera.id)}&signed=1`);
    expect(url.status, url.text).toBe(200);
    const bytes = new Uint8Array(await (await fetch(url.body.url)).arrayBuffer());
    expect(sha(bytes)).toBe(row.signedSha256);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    const textOf = async (n: number) => ((await (await doc.getPage(n)).getTextContent()).items as { str: string }[]).map((i) => i.str).join("\n");
    const signedPage = await textOf(2);
    expect(signedPage).toContain("Jordan Rivera");
    expect(signedPage).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const audit = await textOf(3);
    expect(audit).toContain("Signature audit trail");
    expect(audit).toContain("Document: 2025 Engagement Letter");
    expect(audit).toContain("Jordan Rivera");
    expect(audit).toContain("Casey Rivera");
    expect(audit).toContain("Method: drawn signature");
    expect(audit).toContain(sha(r.original));

    // Activity log and the firm's notification (the uploader).
    const titles = (
      await app.tx("acme", (t) => t.activityLog.findMany({ where: { signatureRequestId: r.id }, orderBy: { createdAt: "asc" }, select: { title: true } }))
    ).map((e) => e.title);
    expect(titles).toEqual([
      "Signature request uploaded",
      "Signature request processed",
      "Signature boxes placed",
      "Signature request sent for signature",
      "Signed by Jordan Rivera",
      "Signed by Casey Rivera",
      "All signatures completed",
    ]);
    const notes = await app.tx("acme", async (t) => {
      const p = await t.user.findFirstOrThrow({ where: { email: "partner@acme.test" }, select: { id: true } });
      return t.notification.findMany({ where: { userId: p.id, text: { contains: "All signatures are done on 2025 Engagement Letter" } } });
    });
    expect(notes.length).toBe(1);
    const clientNote = await app.tx("acme", (t) =>
      t.notification.count({ where: { userId: rivera.caseyId, text: { contains: "is ready for your signature" } } }),
    );
    expect(clientNote).toBeGreaterThan(0);

    // Mark as completed, once.
    const done = await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "complete" });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Signature request has been marked as completed");
    expect((await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "complete" })).status).toBe(409);
  });

  it("refuses to send before every signer has a signature box, and to place boxes once sent", async () => {
    const r = await sentRequest(false);
    const placed = await partner.postJson("acme", staffApi(r.id, rivera.id), {
      intent: "place",
      placement: { signers: [rivera.jordanId], fields: [{ signerKey: rivera.jordanId, kind: "date", page: 1, x: 0.1, y: 0.1, width: 0.1, height: 0.03 }] },
    });
    expect(placed.status).toBe(200);
    const send = await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "send" });
    expect(send.status).toBe(409);
    expect(send.body.error).toBe("Place at least one signature box for every signer.");
    expect((await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "place", placement: placement() })).status).toBe(200);
    expect((await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "send" })).status).toBe(200);
    const late = await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "place", placement: placement() });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("This signature request was already sent; its boxes can no longer change.");
    // Deleted: gone for the client.
    const del = await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "delete" });
    expect(del.body.message).toBe("Signature request has been deleted");
    expect(
      (await jordan.postJson("acme", signApi(r.id), { companyId: rivera.id, signature: { method: "typed", text: "J" }, fieldIds: r.jordanFields })).status,
    ).toBe(404);
  });
});

describe("activity log", () => {
  it("lists the request's steps newest first with who did them; another firm's or a client's ask is 404", async () => {
    const r = await sentRequest();
    const url = `/api/staff/signature-requests/${r.id}/activity?companyId=${rivera.id}`;
    const log = await partner.get("acme", url);
    expect(log.status, log.text).toBe(200);
    expect(log.body.entries.map((e: { title: string }) => e.title)).toEqual([
      "Signature request sent for signature",
      "Signature boxes placed",
      "Signature request processed",
      "Signature request uploaded",
    ]);
    expect(log.body.entries[0]).toMatchObject({ description: "Please sign by Friday.", actor: expect.stringMatching(/\S/) });
    expect(log.body.entries[2].actor).toBeNull();
    expect(log.body).toMatchObject({ page: 1, totalCount: 4, totalPages: 1 });
    expect((await partner.get("acme", `${url}&page=0`)).status).toBe(400);
    expect((await summitPartner.get("summit", url)).status).toBe(404);
    expect((await jordan.get("acme", url)).status).toBe(404);
    expect((await partner.get("acme", `/api/staff/signature-requests/${r.id}/activity?companyId=${rivera.id}x`)).status).toBe(404);
  });
});

describe("bad input", () => {
  it("needs exactly one entity and a non-empty PDF; a protected PDF gets the spec's text", async () => {
    const none = await partner.postJson("acme", UPLOAD, { intent: "grant", fileName: "x.pdf", size: 10 });
    expect(none.status).toBe(422);
    expect(none.body.error).toBe("Select exactly one entity.");
    const empty = await partner.postJson("acme", UPLOAD, { intent: "grant", companyId: rivera.id, fileName: "x.pdf", size: 0 });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toBe("The file is empty.");
    const notPdf = await partner.postJson("acme", UPLOAD, { intent: "grant", companyId: rivera.id, fileName: "x.docx", size: 10 });
    expect(notPdf.status).toBe(415);
    const noName = await partner.postJson("acme", UPLOAD, {
      intent: "confirm",
      companyId: rivera.id,
      taxYear: 2025,
      formName: " ",
      files: [{ key: "k", fileName: "x.pdf" }],
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe("Enter the document name.");
    const text = new TextEncoder().encode(`%PDF-1.7\n${"garbage ".repeat(20)}`);
    const broken = await upload(partner, "acme", rivera.id, text);
    expect(broken.status).toBe(422);
    expect(broken.body.error).toBe(PROTECTED);
    const r = await sentRequest(false);
    const bad = await partner.postJson("acme", staffApi(r.id, rivera.id), {
      intent: "place",
      placement: { signers: [rivera.jordanId], fields: [{ signerKey: rivera.jordanId, kind: "signature", page: 9, x: 0.1, y: 0.1, width: 0.3, height: 0.05 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("A box is outside the document's pages.");
    const stranger = await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "place", placement: { signers: ["nobody123"], fields: [] } });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error).toBe("Signers must be owners of the entity.");
    expect((await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "rename" })).status).toBe(400);
  });

  it("a signature image that is not a PNG is 422", async () => {
    const r = await sentRequest();
    const bad = await jordan.postJson("acme", signApi(r.id), {
      companyId: rivera.id,
      signature: { method: "drawn", image: "data:image/png;base64,aGVsbG8=" },
      fieldIds: r.jordanFields,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("The signature must be a PNG image.");
  });
});

describe("isolation", () => {
  it("another firm's, another client's or a wrong companyId get 404 with nothing written", async () => {
    const r = await sentRequest();
    const before = await snapshot("acme");
    const sign = { companyId: rivera.id, signature: { method: "typed", text: "X" }, fieldIds: r.jordanFields };
    expect((await otherClient.postJson("acme", signApi(r.id), sign)).status).toBe(404);
    expect((await otherClient.get("acme", `/review-signature-request/${r.id}?companyId=${rivera.id}`)).status).toBe(404);
    expect((await jordan.postJson("acme", signApi(r.id), { ...sign, companyId: "someoneelse" })).status).toBe(404);
    for (const body of [{ intent: "send" }, { intent: "complete" }, { intent: "delete" }, { intent: "place", placement: placement() }]) {
      const res = await summitPartner.postJson("summit", staffApi(r.id), body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("This signature request was not found");
    }
    expect((await summitPartner.get("summit", staffApi(r.id))).status).toBe(404);
    expect((await summitPartner.get("summit", `/review-signature-request/${r.id}`)).status).toBe(404);
    expect((await summitPartner.postJson("summit", UPLOAD, { intent: "grant", companyId: rivera.id, fileName: "x.pdf", size: 10 })).status).toBe(404);
    // Clients cannot use the staff calls.
    expect((await jordan.postJson("acme", staffApi(r.id, rivera.id), { intent: "complete" })).status).toBe(404);
    expect(await snapshot("acme")).toBe(before);
  });

  it("another group's request is 404 to a group-access staff member, with nothing written", async () => {
    const other = (await app.tx("summit", (t) => t.company.findFirstOrThrow({ where: { name: "Morgan Outdoor Gear Inc" }, select: { id: true } }))).id;
    const confirm = await upload(summitPartner, "summit", other, await makePdf(1));
    expect(confirm.status, confirm.text).toBe(200);
    const id = (await waitProcessed("summit", confirm.body.signatureRequest.id)).id;
    const before = await snapshot("summit");
    expect((await nina.get("summit", staffApi(id, other))).status).toBe(404);
    expect((await nina.get("summit", `/review-signature-request/${id}?companyId=${other}`)).status).toBe(404);
    for (const body of [{ intent: "send" }, { intent: "complete" }, { intent: "delete" }])
      expect((await nina.postJson("summit", staffApi(id, other), body)).status).toBe(404);
    expect((await nina.postJson("summit", UPLOAD, { intent: "grant", companyId: other, fileName: "x.pdf", size: 10 })).status).toBe(404);
    const list = await nina.get("summit", "/signature-requests");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(id);
    expect(await snapshot("summit")).toBe(before);
  });
});

describe("the firm preference signature_requests_enabled", () => {
  const setEnabled = (on: boolean) => app.tx("acme", (t) => t.firmPreferences.updateMany({ where: {}, data: { signatureRequestsEnabled: on } }));
  /** The firm cache may hold the old preferences for a moment: ask again until the answer is `status`. */
  async function settles(ask: () => Promise<{ status: number }>, status: number) {
    let res = await ask();
    for (let i = 0; i < 40 && res.status !== status; i++) {
      await new Promise((r) => setTimeout(r, 250));
      res = await ask();
    }
    return res;
  }

  it("off: no navigation item, the staff page and calls, the client's card, page and signing are gone; on again: all back", async () => {
    const r = await sentRequest();
    const review = `/review-signature-request/${r.id}?companyId=${rivera.id}`;
    const sign = { companyId: rivera.id, signature: { method: "typed", text: "Jordan Rivera" }, fieldIds: r.jordanFields };

    // On (the demo firm has it on): the item, the page, the client's card and page.
    const staffHome = await partner.get("acme", "/");
    expect(staffHome.text).toContain('href="/signature-requests"');
    expect((await partner.get("acme", "/signature-requests")).status).toBe(200);
    expect((await jordan.get("acme", "/")).text).toContain(`/review-signature-request/${r.id}`);

    await setEnabled(false);
    try {
      expect((await settles(() => partner.get("acme", "/signature-requests"), 404)).status).toBe(404);
      const before = await snapshot("acme");
      expect((await partner.get("acme", "/")).text).not.toContain('href="/signature-requests"');
      expect((await partner.get("acme", review)).status).toBe(404);
      expect((await partner.get("acme", staffApi(r.id, rivera.id))).status).toBe(404);
      expect((await partner.postJson("acme", staffApi(r.id, rivera.id), { intent: "complete" })).status).toBe(404);
      expect((await partner.postJson("acme", UPLOAD, { intent: "grant", companyId: rivera.id, fileName: "x.pdf", size: 10 })).status).toBe(404);
      expect((await jordan.get("acme", "/")).text).not.toContain(`/review-signature-request/${r.id}`);
      expect((await jordan.get("acme", review)).status).toBe(404);
      expect((await jordan.postJson("acme", signApi(r.id), sign)).status).toBe(404);
      expect(await snapshot("acme")).toBe(before);
      // Summit keeps its own choice.
      expect((await summitPartner.get("summit", "/signature-requests")).status).toBe(200);
    } finally {
      await setEnabled(true);
    }

    expect((await settles(() => partner.get("acme", "/signature-requests"), 200)).status).toBe(200);
    expect((await partner.get("acme", "/")).text).toContain('href="/signature-requests"');
    expect((await jordan.get("acme", "/")).text).toContain(`/review-signature-request/${r.id}`);
    expect((await jordan.get("acme", review)).status).toBe(200);
    const signed = await jordan.postJson("acme", signApi(r.id), sign);
    expect(signed.status, signed.text).toBe(200);
  });
});

describe("the demo", () => {
  it("each demo firm has a request waiting for its signers and a completed one with its signed copy filed; a second run adds nothing", async () => {
    for (const slug of ["acme", "summit"]) {
      const rows = await app.tx(slug, (t) =>
        t.signatureRequest.findMany({
          where: { id: { startsWith: "sgr_" } },
          select: { id: true, status: true, companyId: true, taxYear: true, formName: true, signedDocumentKey: true, signedSha256: true },
          orderBy: { status: "asc" },
        }),
      );
      expect(rows.map((r) => r.status).sort()).toEqual(["completed", "sent"]);
      const sent = rows.find((r) => r.status === "sent")!;
      const completed = rows.find((r) => r.status === "completed")!;
      const signers = (id: string) =>
        app.tx(slug, (t) => t.taxReturnSigner.findMany({ where: { signatureRequestId: id }, select: { signedAt: true, userId: true } }));
      const waiting = await signers(sent.id);
      expect(waiting.length).toBeGreaterThan(0);
      expect(waiting.every((s) => s.signedAt === null && s.userId)).toBe(true);
      expect((await signers(completed.id)).every((s) => s.signedAt !== null)).toBe(true);
      expect(completed.signedDocumentKey && completed.signedSha256).toBeTruthy();
      const filed = await app.tx(slug, (t) =>
        t.document.count({
          where: { companyId: completed.companyId, path: `/_soraban/Signature Requests/${completed.taxYear}`, name: `${completed.formName} (signed).pdf` },
        }),
      );
      expect(filed).toBe(1);
      // The staff table lists both.
      const staff = slug === "acme" ? partner : summitPartner;
      const list = await staff.get(slug, `/signature-requests`);
      expect(list.text).toContain(sent.formName);
    }
    const { seedDemoSignatureRequests } = await import("../../prisma/seed-signature-requests");
    const counts = () =>
      app.tx("acme", async (t) => [await t.signatureRequest.count(), await t.taxReturnSigner.count(), await t.document.count(), await t.activityLog.count()]);
    const before = await counts();
    expect(await seedDemoSignatureRequests("firm_acme", { slug: "acme", name: "Acme" }, new Date().toISOString().slice(0, 10), () => {})).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
