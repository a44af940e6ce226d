/**
 * The drop link end to end over HTTP (built app, real PostgreSQL and S3 server): staff choose the
 * notified users and save (at least one required), which issues a 7-day link; anyone with the
 * link uploads without signing in into the firm's "Unassigned drop-offs" entity only; the chosen
 * users get an email and a notification; forged, foreign and expired links are 404 with nothing
 * written; too many bad links from one address are refused with 429.
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
        notifications: await t.notification.count(),
        companies: await t.company.count(),
      })),
    );
  }
  return JSON.stringify(parts);
}

async function uploadThroughLink(slug: string, token: string, fileName: string) {
  const granted = await app.postJson(slug, "/api/drop-link", { intent: "grant", token, fileName, contentType: "application/pdf", size: PDF.length });
  expect(granted.status, granted.text).toBe(200);
  const grant = granted.body.grant as UploadGrant;
  expect((await postToGrant(grant, PDF, fileName)).status).toBeLessThan(300);
  return app.postJson(slug, "/api/drop-link", {
    intent: "confirm",
    token,
    key: grant.key,
    fileName,
    contentType: "application/pdf",
    name: "Ann Visitor",
    email: "ann@example.com",
  });
}

let partner: string;
let client: string;
let adminId: string;
let token: string;

beforeAll(async () => {
  app = await bootApp({ name: "drop-link-http", s3: true });
  partner = (await app.signIn("acme", "partner@acme.test")).cookie;
  client = (await app.signIn("acme", "client@acme.test")).cookie;
  adminId = (await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "admin@acme.test" }, select: { id: true } }))).id;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("drop link settings (/drop-link)", () => {
  it("is for staff only: a client gets 404, a signed-out visitor the sign-in redirect", async () => {
    expect((await app.get("acme", "/drop-link", client)).status).toBe(404);
    expect((await app.get("acme", "/drop-link")).status).toBe(302);
    const page = await app.get("acme", "/drop-link", partner);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Firm users notified of new uploads");
  });

  it("refuses to save without a recipient (or with another firm's user), writing nothing", async () => {
    const before = await app.tx("acme", (t) => t.dropLink.count());
    const none = await app.post("acme", "/drop-link?index", {}, partner);
    expect(none.status).toBe(400);
    expect(none.text).toContain("At least one firm user must be selected to receive notifications.");
    const foreignId = (await app.tx("summit", (t) => t.user.findFirstOrThrow({ where: { kind: "staff" }, select: { id: true } }))).id;
    expect((await app.post("acme", "/drop-link?index", { recipient: foreignId }, partner)).status).toBe(400);
    expect(await app.tx("acme", (t) => t.dropLink.count())).toBe(before);
  });

  it("saves the recipients and issues a link whose token is stored only as a hash", async () => {
    const saved = await app.post("acme", "/drop-link?index", { recipient: adminId }, partner);
    expect(saved.status).toBe(200);
    token = saved.text.match(/\/drop-link\/([A-Za-z0-9_-]{40,})/)![1]!;
    const link = await app.tx("acme", (t) => t.dropLink.findFirstOrThrow({ include: { recipients: true } }));
    expect(link.hashId).not.toContain(token);
    expect(link.recipients.map((r) => r.userId)).toEqual([adminId]);
  });
});

describe("the public drop link", () => {
  it("shows the firm's page without signing in; another firm's host does not know the link", async () => {
    const page = await app.get("acme", `/drop-link/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Send files");
    expect(page.text).toContain("Acme");
    const foreign = await app.get("summit", `/drop-link/${token}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("This upload link has expired or is not valid.");
  });

  it("uploads into the firm's Unassigned drop-offs entity and notifies the chosen users", async () => {
    const summitBefore = await app.tx("summit", (t) => t.document.count());
    const confirmed = await uploadThroughLink("acme", token, "W-2 2025.pdf");
    expect(confirmed.status, confirmed.text).toBe(200);
    const id = (confirmed.body.document as { id: string }).id;
    const row = await app.tx("acme", (t) => t.document.findUniqueOrThrow({ where: { id }, include: { company: true } }));
    expect(row.company.name).toBe("Unassigned drop-offs");
    expect(row.company.inactive).toBe(true);
    expect(row.path).toMatch(/^\/Drop Link\/\d{4}-\d\d-\d\d ann@example\.com$/);
    expect(row.description).toBe("Dropped off by Ann Visitor <ann@example.com>");
    expect(row.storageKey!.startsWith(`firms/firm_acme/entities/${row.companyId}/`)).toBe(true);
    expect(await app.tx("summit", (t) => t.document.count())).toBe(summitBefore);

    const finished = await app.postJson("acme", "/api/drop-link", {
      intent: "finish",
      token,
      documentIds: [id],
      name: "Ann Visitor",
      email: "ann@example.com",
    });
    expect(finished.status).toBe(200);
    expect(finished.body.notified).toBe(1);
    const email = await app.tx("acme", (t) => t.outboundMessage.findFirst({ where: { to: "admin@acme.test", subject: { contains: "dropped off" } } }));
    expect(email?.body).toContain("W-2 2025.pdf");
    expect(await app.tx("acme", (t) => t.notification.count({ where: { userId: adminId, text: { contains: "Ann Visitor dropped off 1 file" } } }))).toBe(1);
    const partnerId = (await app.tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "partner@acme.test" } }))).id;
    expect(await app.tx("acme", (t) => t.notification.count({ where: { userId: partnerId, text: { contains: "dropped off" } } }))).toBe(0);
  });

  it("refuses bad input with 4xx and writes nothing: forged, foreign and expired links, traversal, empty and bad senders", async () => {
    const before = await snapshot();
    const forged = "A".repeat(43);
    const bodies: unknown[] = [
      "not json",
      {},
      { intent: "grant", token: forged, fileName: "x.pdf", contentType: "application/pdf", size: 10 },
      { intent: "grant", token, fileName: "../x.pdf", contentType: "application/pdf", size: 10 },
      { intent: "grant", token, fileName: "a/b.pdf", contentType: "application/pdf", size: 10 },
      { intent: "grant", token, fileName: "empty.pdf", contentType: "application/pdf", size: 0 },
      { intent: "grant", token, fileName: "x.exe", contentType: "application/pdf", size: 10 },
      {
        intent: "confirm",
        token,
        key: "firms/firm_summit/entities/x/documents/x.pdf",
        fileName: "x.pdf",
        contentType: "application/pdf",
        name: "A",
        email: "a@example.com",
      },
      { intent: "confirm", token, key: "../../etc/passwd", fileName: "x.pdf", contentType: "application/pdf", name: "A", email: "a@example.com" },
      { intent: "confirm", token, key: "firms/firm_acme/x.pdf", fileName: "x.pdf", contentType: "application/pdf", name: "", email: "a@example.com" },
      { intent: "confirm", token, key: "firms/firm_acme/x.pdf", fileName: "x.pdf", contentType: "application/pdf", name: "A", email: "../a@example.com" },
      { intent: "finish", token, documentIds: ["nope"], name: "A", email: "a@example.com" },
    ];
    for (const body of bodies) {
      const response = await app.postJson("acme", "/api/drop-link", body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof response.body.error).toBe("string");
    }
    expect(
      (await app.postJson("summit", "/api/drop-link", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 })).status,
    ).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("expires 7 days after it was issued", async () => {
    await app.tx("acme", (t) => t.$executeRawUnsafe(`UPDATE drop_links SET updated_at = now() - interval '7 days 1 minute'`));
    const before = await snapshot();
    expect((await app.get("acme", `/drop-link/${token}`)).status).toBe(404);
    expect((await app.postJson("acme", "/api/drop-link", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 })).status).toBe(
      404,
    );
    expect(await snapshot()).toBe(before);
    await app.tx("acme", (t) => t.$executeRawUnsafe(`UPDATE drop_links SET updated_at = now()`));
    expect((await app.get("acme", `/drop-link/${token}`)).status).toBe(200);
  });

  it(
    "is rate-limited per address: after 20 bad links even a good one is refused with 429",
    async () => {
      await freshWindow(15 * 60);
      let status = 0;
      for (let i = 0; i < 25 && status !== 429; i++) status = (await app.get("acme", `/drop-link/${"B".repeat(40)}${i}`)).status;
      expect(status).toBe(429);
      const refused = await app.postJson("acme", "/api/drop-link", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe("Too many requests. Please wait a few minutes and try again.");
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );
});
