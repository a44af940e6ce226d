/**
 * Document drop-off and secure upload links over HTTP (built app, real PostgreSQL and S3 server):
 * a client uploads through /document-drop-off only into an active entity they own; staff issue a
 * 7-day secure upload link whose holder uploads without signing in into that entity only; other
 * entities, forged, foreign and expired links are 4xx with nothing written; both are rate-limited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { FRESH_WINDOW_TIMEOUT_MS, freshWindow } from "../support/rate-window";
import { postToGrant } from "../support/s3";
import type { UploadGrant } from "~/storage/uploads";

let app: TestApp;

const PDF = new TextEncoder().encode("%PDF-1.4\n% test document\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Everything a drop link upload could write, in both firms. */
async function snapshot(): Promise<string> {
  const parts = [];
  for (const slug of ["acme", "summit"]) {
    parts.push(
      await app.tx(slug, async (t) => ({
        documents: await t.document.count(),
        activity: await t.activityLog.count(),
        links: await t.documentDropOffRequest.count(),
        companies: await t.company.count(),
      })),
    );
  }
  return JSON.stringify(parts);
}

let partner: string;
let client: string;
let own: { questionnaireId: string; companyId: string };
let foreign: { questionnaireId: string; companyId: string };
let ownFolder: string | null;

beforeAll(async () => {
  app = await bootApp({ name: "drop-off-http", s3: true });
  partner = (await app.signIn("acme", "partner@acme.test")).cookie;
  client = (await app.signIn("acme", "client@acme.test")).cookie;
  const clientUser = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } }));
  const q = await app.tx("acme", (t) =>
    t.questionnaire.findFirstOrThrow({
      where: { company: { deletedAt: null, inactive: false, owners: { some: { userId: clientUser.id } } } },
      select: { id: true, companyId: true, taxYear: true, documentPath: true },
    }),
  );
  own = { questionnaireId: q.id, companyId: q.companyId };
  ownFolder = q.documentPath ? null : `/${q.taxYear}/Drop-off`;
  const other = await app.tx("acme", (t) =>
    t.questionnaire.findFirstOrThrow({
      where: { company: { deletedAt: null, inactive: false, owners: { none: { userId: clientUser.id } } } },
      select: { id: true, companyId: true },
    }),
  );
  foreign = { questionnaireId: other.id, companyId: other.companyId };
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function upload(
  slug: string,
  api: string,
  fields: Record<string, string>,
  fileName: string,
  cookie?: string,
  documentName: string | null = fileName.replace(/\.pdf$/, ""),
) {
  const granted = await app.postJson(slug, api, { intent: "grant", ...fields, fileName, contentType: "application/pdf", size: PDF.length }, cookie);
  expect(granted.status, granted.text).toBe(200);
  const grant = granted.body.grant as UploadGrant;
  expect((await postToGrant(grant, PDF, fileName)).status).toBeLessThan(300);
  return app.postJson(
    slug,
    api,
    { intent: "confirm", ...fields, key: grant.key, fileName, contentType: "application/pdf", ...(documentName === null ? {} : { documentName }) },
    cookie,
  );
}

const page = (path: string, cookie?: string) => app.get("acme", path, cookie);
const dropOffPath = (f: { questionnaireId: string; companyId: string }) => `/document-drop-off?${new URLSearchParams(f)}`;

describe("document drop-off (/document-drop-off)", () => {
  it("shows the page to the client owning the entity; another client's entity, staff and another firm get 404", async () => {
    const ok = await page(dropOffPath(own), client);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Drop off documents");
    expect((await page(dropOffPath(foreign), client)).status).toBe(404);
    expect((await page(dropOffPath({ questionnaireId: foreign.questionnaireId, companyId: own.companyId }), client)).status).toBe(404);
    expect((await page(dropOffPath(own), partner)).status).toBe(404);
    expect((await page(dropOffPath(own))).status).toBe(302);
    expect((await app.get("summit", dropOffPath(own), client)).status).not.toBe(200);
  });

  it("files uploads in the client's entity and the questionnaire's folder only", async () => {
    const summitBefore = await app.tx("summit", (t) => t.document.count());
    const confirmed = await upload("acme", "/api/document-drop-off", own, "1099 drop.pdf", client);
    expect(confirmed.status, confirmed.text).toBe(200);
    const row = await app.tx("acme", (t) => t.document.findUniqueOrThrow({ where: { id: (confirmed.body.document as { id: string }).id } }));
    expect(row.companyId).toBe(own.companyId);
    expect(row.questionnaireId).toBe(own.questionnaireId);
    if (ownFolder) expect(row.path).toBe(ownFolder);
    expect(row.storageKey!.startsWith(`firms/firm_acme/entities/${own.companyId}/`)).toBe(true);
    expect(await app.tx("summit", (t) => t.document.count())).toBe(summitBefore);
  });

  it("needs a document name per file; the document keeps the file's extension", async () => {
    const before = await snapshot();
    for (const documentName of [null, "", "   "]) {
      const refused = await upload("acme", "/api/document-drop-off", own, "scan-0042.pdf", client, documentName);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("Please enter a document name.");
    }
    expect(await snapshot()).toBe(before);
    const named = await upload("acme", "/api/document-drop-off", own, "scan-0042.pdf", client, "Mortgage interest 1098.png");
    expect(named.status, named.text).toBe(200);
    expect((named.body.document as { name: string }).name).toBe("Mortgage interest 1098.pdf");
  });

  it("refuses another client's entity, forged keys and signed-out calls with 4xx, writing nothing", async () => {
    const before = await snapshot();
    const file = { fileName: "x.pdf", contentType: "application/pdf" };
    const calls: [unknown, string | undefined][] = [
      [{ intent: "grant", ...foreign, ...file, size: 10 }, client],
      [{ intent: "grant", questionnaireId: foreign.questionnaireId, companyId: own.companyId, ...file, size: 10 }, client],
      [{ intent: "confirm", ...own, key: `firms/firm_acme/entities/${foreign.companyId}/documents/x.pdf`, ...file, documentName: "x" }, client],
      [{ intent: "confirm", ...own, key: "../../etc/passwd", ...file, documentName: "x" }, client],
      [{ intent: "confirm", ...own, key: `firms/firm_acme/entities/${own.companyId}/documents/x.pdf`, ...file, documentName: "../x" }, client],
      [{ intent: "grant", ...own, ...file, size: 10 }, partner],
      [{ intent: "grant", ...own, ...file, size: 10 }, undefined],
    ];
    for (const [body, cookie] of calls) {
      const response = await app.postJson("acme", "/api/document-drop-off", body, cookie);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await snapshot()).toBe(before);
  });

  it("notifies the staff user who sent the request and the client's advisor, once per batch, by email and in the app", async () => {
    const admin = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "admin@acme.test" }, select: { id: true } }));
    const clientUser = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { assignedAdvisorId: true } }));
    await app.tx("acme", (t) => t.questionnaire.update({ where: { id: own.questionnaireId }, data: { createdById: admin.id } }));
    const expected = [...new Set([admin.id, clientUser.assignedAdvisorId].filter((id): id is string => Boolean(id)))].sort();

    const first = await upload("acme", "/api/document-drop-off", own, "Property tax bill.pdf", client);
    const second = await upload("acme", "/api/document-drop-off", own, "Charity receipts.pdf", client);
    const ids = [first, second].map((r) => (r.body.document as { id: string }).id);
    const before = await app.tx("acme", (t) => t.notification.count());
    const finished = await app.postJson("acme", "/api/document-drop-off", { intent: "finish", ...own, documentIds: ids }, client);
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.notified).toBe(expected.length);
    const notifications = await app.tx("acme", (t) => t.notification.findMany({ where: { typeId: 2 }, orderBy: { createdAt: "desc" }, take: expected.length }));
    expect(await app.tx("acme", (t) => t.notification.count())).toBe(before + expected.length);
    expect(notifications.map((n) => n.userId).sort()).toEqual(expected);
    for (const n of notifications) {
      expect(n.text).toMatch(/^2 files dropped off for .+$/);
      expect(n.companyId).toBe(own.companyId);
      expect(n.link).toMatch(/^\/admin\/[^/]+\/documents\?path=/);
    }
    const email = await app.tx("acme", (t) =>
      t.outboundMessage.findFirstOrThrow({ where: { to: "admin@acme.test", subject: notifications[0]!.text }, orderBy: { createdAt: "desc" } }),
    );
    expect(email.body).toContain("- Charity receipts.pdf");
    expect(email.body).toContain("- Property tax bill.pdf");

    // Files the client did not just drop off for this questionnaire are not theirs to announce.
    const other = await app.tx("acme", (t) =>
      t.document.findFirst({
        where: { itemType: "file", OR: [{ companyId: { not: own.companyId } }, { questionnaireId: { not: own.questionnaireId } }, { uploadedById: null }] },
        select: { id: true },
      }),
    );
    const summitDoc = await app.tx("summit", (t) => t.document.findFirst({ where: { itemType: "file" }, select: { id: true } }));
    const count = await app.tx("acme", (t) => t.notification.count());
    for (const documentIds of [[other?.id ?? "missing"], [summitDoc?.id ?? "missing"]]) {
      expect((await app.postJson("acme", "/api/document-drop-off", { intent: "finish", ...own, documentIds }, client)).status).toBe(404);
    }
    expect((await app.postJson("acme", "/api/document-drop-off", { intent: "finish", ...foreign, documentIds: ids }, client)).status).toBe(404);
    expect((await app.postJson("acme", "/api/document-drop-off", { intent: "finish", ...own, documentIds: [] }, client)).status).toBe(400);
    expect(await app.tx("acme", (t) => t.notification.count())).toBe(count);
  });

  it(
    "is rate-limited per address: after 20 refusals even the client's own entity is 429",
    async () => {
      await freshWindow(15 * 60);
      let status = 0;
      for (let i = 0; i < 25 && status !== 429; i++) status = (await page(dropOffPath(foreign), client)).status;
      expect(status).toBe(429);
      expect(
        (await app.postJson("acme", "/api/document-drop-off", { intent: "grant", ...own, fileName: "x.pdf", contentType: "application/pdf", size: 10 }, client))
          .status,
      ).toBe(429);
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );
});

describe("secure upload links (/secure-upload)", () => {
  let url: string;
  let token: string;

  it("staff create a link for one entity (POST /api/secure-upload); clients and signed-out callers cannot", async () => {
    expect((await app.postJson("acme", "/api/secure-upload", { intent: "create", companyId: own.companyId }, client)).status).toBe(404);
    expect((await app.postJson("acme", "/api/secure-upload", { intent: "create", companyId: own.companyId })).status).toBe(401);
    const summitCompany = (await app.tx("summit", (t) => t.company.findFirstOrThrow({ select: { id: true } }))).id;
    expect((await app.postJson("acme", "/api/secure-upload", { intent: "create", companyId: summitCompany }, partner)).status).toBe(404);
    const created = await app.postJson("acme", "/api/secure-upload", { intent: "create", companyId: own.companyId }, partner);
    expect(created.status, created.text).toBe(200);
    url = created.body.url as string;
    token = new URL(url).searchParams.get("token")!;
    expect(url.startsWith(`http://${app.host("acme")}/secure-upload?token=`) || url.includes("/secure-upload?token=")).toBe(true);
    const row = await app.tx("acme", (t) => t.documentDropOffRequest.findFirstOrThrow({ where: { companyId: own.companyId }, orderBy: { createdAt: "desc" } }));
    expect(row.tokenHash).not.toContain(token);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("lets the holder upload without signing in, into that entity only", async () => {
    expect((await page(`/secure-upload?token=${token}`)).status).toBe(200);
    expect((await app.get("summit", `/secure-upload?token=${token}`)).status).toBe(404);
    const summitBefore = await app.tx("summit", (t) => t.document.count());
    const confirmed = await upload("acme", "/api/secure-upload", { token }, "Bank statement.pdf");
    expect(confirmed.status, confirmed.text).toBe(200);
    const row = await app.tx("acme", (t) => t.document.findUniqueOrThrow({ where: { id: (confirmed.body.document as { id: string }).id } }));
    expect(row.companyId).toBe(own.companyId);
    expect(row.path).toBe("/Secure upload");
    expect(row.uploadedById).toBeNull();
    expect(await app.tx("summit", (t) => t.document.count())).toBe(summitBefore);
  });

  it("notifies the firm user who issued the link, once per batch, by email and in the app", async () => {
    const partnerUser = await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "partner@acme.test" }, select: { id: true } }));
    const first = await upload("acme", "/api/secure-upload", { token }, "K-1 Partnership.pdf");
    const second = await upload("acme", "/api/secure-upload", { token }, "Brokerage 1099-B.pdf", undefined, "Brokerage statement");
    const ids = [first, second].map((r) => (r.body.document as { id: string }).id);
    const finished = await app.postJson("acme", "/api/secure-upload", { intent: "finish", token, documentIds: ids });
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.notified).toBe(1);
    const notification = await app.tx("acme", (t) =>
      t.notification.findFirstOrThrow({ where: { userId: partnerUser.id, typeId: 2 }, orderBy: { createdAt: "desc" } }),
    );
    expect(notification.text).toMatch(/^2 files uploaded for .+ through a secure upload link$/);
    expect(notification.companyId).toBe(own.companyId);
    expect(notification.link).toMatch(/^\/admin\/[^/]+\/documents\?path=%2FSecure\+upload$/);
    const email = await app.tx("acme", (t) =>
      t.outboundMessage.findFirstOrThrow({ where: { to: "partner@acme.test", subject: notification.text }, orderBy: { createdAt: "desc" } }),
    );
    expect(email.body).toContain("- Brokerage statement.pdf");
    expect(email.body).toContain("- K-1 Partnership.pdf");

    // Documents the link's holder did not send (the client's drop-off) are not theirs to announce.
    const notifications = await app.tx("acme", (t) => t.notification.count());
    const clientDoc = await app.tx("acme", (t) =>
      t.document.findFirstOrThrow({ where: { companyId: own.companyId, uploadedById: { not: null }, itemType: "file" }, select: { id: true } }),
    );
    expect((await app.postJson("acme", "/api/secure-upload", { intent: "finish", token, documentIds: [clientDoc.id] })).status).toBe(404);
    expect(await app.tx("acme", (t) => t.notification.count())).toBe(notifications);
  });

  it("refuses forged, foreign-firm and expired tokens with a clear 4xx and writes nothing", async () => {
    const before = await snapshot();
    const forged = "A".repeat(43);
    const forgedPage = await page(`/secure-upload?token=${forged}`);
    expect(forgedPage.status).toBe(404);
    expect(forgedPage.text).toContain("This upload link has expired or is not valid.");
    expect((await page("/secure-upload")).status).toBe(404);
    expect(
      (await app.postJson("acme", "/api/secure-upload", { intent: "grant", token: forged, fileName: "x.pdf", contentType: "application/pdf", size: 10 }))
        .status,
    ).toBe(404);
    expect(
      (await app.postJson("summit", "/api/secure-upload", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 })).status,
    ).toBe(404);
    const wrongKey = await app.postJson("acme", "/api/secure-upload", {
      intent: "confirm",
      token,
      key: `firms/firm_acme/entities/${foreign.companyId}/documents/x.pdf`,
      fileName: "x.pdf",
      contentType: "application/pdf",
      documentName: "x",
    });
    expect(wrongKey.status).toBe(404);
    await app.tx("acme", (t) => t.$executeRawUnsafe(`UPDATE document_drop_off_requests SET expires_at = now() - interval '1 minute'`));
    expect((await page(`/secure-upload?token=${token}`)).status).toBe(404);
    expect(
      (await app.postJson("acme", "/api/secure-upload", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 })).status,
    ).toBe(404);
    expect(await snapshot()).toBe(before);
    await app.tx("acme", (t) => t.$executeRawUnsafe(`UPDATE document_drop_off_requests SET expires_at = now() + interval '1 day'`));
    expect((await page(`/secure-upload?token=${token}`)).status).toBe(200);
  });

  it(
    "is rate-limited per address: after 20 bad tokens even a good one is 429",
    async () => {
      await freshWindow(15 * 60);
      let status = 0;
      for (let i = 0; i < 25 && status !== 429; i++) status = (await page(`/secure-upload?token=${"B".repeat(40)}${i}`)).status;
      expect(status).toBe(429);
      const refused = await app.postJson("acme", "/api/secure-upload", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe("Too many requests. Please wait a few minutes and try again.");
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );
});
