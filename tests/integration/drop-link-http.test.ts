/**
 * The drop link end to end over HTTP (built app, real PostgreSQL and S3 server): staff choose the
 * notified users and save (at least one required), which issues a 7-day link; anyone with the
 * link uploads without signing in into the firm's "Unassigned drop-offs" entity only; the chosen
 * users get an email and a notification; forged, foreign and expired links are 404 with nothing
 * written; too many bad links from one address are refused with 429.
 */
import http from "node:http";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { hostRequest } from "../support/http";
import { postToGrant, startTestS3, type TestS3 } from "../support/s3";
import type { UploadGrant } from "~/storage/uploads";

let db: TestDatabase;
let s3: TestS3;
let server: { port: number; close(): Promise<void> };
let port: number;

const firm = (slug: string) => `${slug}.localhost:${port}`;
const PDF = new TextEncoder().encode("%PDF-1.4\n% test document\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const post = (slug: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  hostRequest(port, { host: firm(slug), path, form, headers: { origin: `http://${firm(slug)}`, ...headers } });

function postJson(slug: string, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { host: firm(slug), origin: `http://${firm(slug)}`, "content-type": "application/json", accept: "application/json", "content-length": Buffer.byteLength(text) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(raw);
          } catch {
            json = { text: raw };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

async function tx<T>(slug: string, fn: (tx: import("~/db.server").FirmTx) => Promise<T>): Promise<T> {
  const { withFirm } = await import("~/db.server");
  return withFirm(`firm_${slug}`, fn);
}

async function latestEmailedCode(slug: string, email: string): Promise<string> {
  const message = await tx(slug, (t) => t.outboundMessage.findFirst({ where: { to: email, channel: "email" }, orderBy: { createdAt: "desc" } }));
  const code = message?.subject?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code emailed to ${email}`);
  return code;
}

async function signIn(slug: string, email: string) {
  const response = await post(slug, "/signin", { email, password: "Portal-Demo-2026!" });
  expect(response.status).toBe(302);
  if (!response.location?.startsWith("/signin?state=2fa")) return response.cookie!;
  const waiting = response.cookie!;
  expect((await post(slug, "/signin", { intent: "send-code:email", flow: "2fa" }, { cookie: waiting })).status).toBe(302);
  const verified = await post(slug, "/signin", { intent: "verify-code", flow: "2fa", code: await latestEmailedCode(slug, email) }, { cookie: waiting });
  expect(verified.status).toBe(302);
  return verified.cookie!;
}

/** Everything a drop link upload could write, in both firms. */
async function snapshot(): Promise<string> {
  const parts = [];
  for (const slug of ["acme", "summit"]) {
    parts.push(
      await tx(slug, async (t) => ({
        documents: await t.document.count(),
        notifications: await t.notification.count(),
        companies: await t.company.count(),
      })),
    );
  }
  return JSON.stringify(parts);
}

async function uploadThroughLink(slug: string, token: string, fileName: string) {
  const granted = await postJson(slug, "/api/drop-link", { intent: "grant", token, fileName, contentType: "application/pdf", size: PDF.length });
  expect(granted.status, JSON.stringify(granted.json)).toBe(200);
  const grant = granted.json.grant as UploadGrant;
  expect((await postToGrant(grant, PDF, fileName)).status).toBeLessThan(300);
  return postJson(slug, "/api/drop-link", { intent: "confirm", token, key: grant.key, fileName, contentType: "application/pdf", name: "Ann Visitor", email: "ann@example.com" });
}

let partner: string;
let client: string;
let adminId: string;
let token: string;

beforeAll(async () => {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  db = await createTestDatabase();
  s3 = await startTestS3({ bucket: "drop-link-http-test" });
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  port = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    SESSION_SECRET: "drop-link-http-test-secret-0123456789",
    APP_DOMAIN: `localhost:${port}`,
    DATABASE_URL: db.url,
    S3_ENDPOINT: s3.local.endpoint,
    S3_BUCKET: "drop-link-http-test",
    S3_ACCESS_KEY_ID: s3.local.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.local.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { seedDemo } = await import("../../prisma/seed");
  await seedDemo({ log: () => {} });
  const { startServer } = await import("../../server");
  server = await startServer({ port, host: "127.0.0.1" });
  partner = await signIn("acme", "partner@acme.test");
  client = await signIn("acme", "client@acme.test");
  adminId = (await tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "admin@acme.test" }, select: { id: true } }))).id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  const { closeDb } = await import("~/db.server");
  await closeDb();
  const { closeAdminDb } = await import("~/platform/admin-db.server");
  await closeAdminDb();
  await s3?.stop();
  await db?.drop();
});

describe("drop link settings (/drop-link)", () => {
  it("is for staff only: a client gets 404, a signed-out visitor the sign-in redirect", async () => {
    expect((await hostRequest(port, { host: firm("acme"), path: "/drop-link", headers: { cookie: client } })).status).toBe(404);
    expect((await hostRequest(port, { host: firm("acme"), path: "/drop-link" })).status).toBe(302);
    const page = await hostRequest(port, { host: firm("acme"), path: "/drop-link", headers: { cookie: partner } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Firm users notified of new uploads");
  });

  it("refuses to save without a recipient (or with another firm's user), writing nothing", async () => {
    const before = await tx("acme", (t) => t.dropLink.count());
    const none = await post("acme", "/drop-link?index", {}, { cookie: partner });
    expect(none.status).toBe(400);
    expect(none.text).toContain("At least one firm user must be selected to receive notifications.");
    const foreignId = (await tx("summit", (t) => t.user.findFirstOrThrow({ where: { kind: "staff" }, select: { id: true } }))).id;
    expect((await post("acme", "/drop-link?index", { recipient: foreignId }, { cookie: partner })).status).toBe(400);
    expect(await tx("acme", (t) => t.dropLink.count())).toBe(before);
  });

  it("saves the recipients and issues a link whose token is stored only as a hash", async () => {
    const saved = await post("acme", "/drop-link?index", { recipient: adminId }, { cookie: partner });
    expect(saved.status).toBe(200);
    token = saved.text.match(/\/drop-link\/([A-Za-z0-9_-]{40,})/)![1]!;
    const link = await tx("acme", (t) => t.dropLink.findFirstOrThrow({ include: { recipients: true } }));
    expect(link.hashId).not.toContain(token);
    expect(link.recipients.map((r) => r.userId)).toEqual([adminId]);
  });
});

describe("the public drop link", () => {
  it("shows the firm's page without signing in; another firm's host does not know the link", async () => {
    const page = await hostRequest(port, { host: firm("acme"), path: `/drop-link/${token}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Send files");
    expect(page.text).toContain("Acme");
    const foreign = await hostRequest(port, { host: firm("summit"), path: `/drop-link/${token}` });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("This upload link has expired or is not valid.");
  });

  it("uploads into the firm's Unassigned drop-offs entity and notifies the chosen users", async () => {
    const summitBefore = await tx("summit", (t) => t.document.count());
    const confirmed = await uploadThroughLink("acme", token, "W-2 2025.pdf");
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    const id = (confirmed.json.document as { id: string }).id;
    const row = await tx("acme", (t) => t.document.findUniqueOrThrow({ where: { id }, include: { company: true } }));
    expect(row.company.name).toBe("Unassigned drop-offs");
    expect(row.company.inactive).toBe(true);
    expect(row.path).toMatch(/^\/Drop Link\/\d{4}-\d\d-\d\d ann@example\.com$/);
    expect(row.description).toBe("Dropped off by Ann Visitor <ann@example.com>");
    expect(row.storageKey!.startsWith(`firms/firm_acme/entities/${row.companyId}/`)).toBe(true);
    expect(await tx("summit", (t) => t.document.count())).toBe(summitBefore);

    const finished = await postJson("acme", "/api/drop-link", { intent: "finish", token, documentIds: [id], name: "Ann Visitor", email: "ann@example.com" });
    expect(finished.status).toBe(200);
    expect(finished.json.notified).toBe(1);
    const email = await tx("acme", (t) => t.outboundMessage.findFirst({ where: { to: "admin@acme.test", subject: { contains: "dropped off" } } }));
    expect(email?.body).toContain("W-2 2025.pdf");
    expect(await tx("acme", (t) => t.notification.count({ where: { userId: adminId, text: { contains: "Ann Visitor dropped off 1 file" } } }))).toBe(1);
    const partnerId = (await tx("acme", (t) => t.user.findFirstOrThrow({ where: { email: "partner@acme.test" } }))).id;
    expect(await tx("acme", (t) => t.notification.count({ where: { userId: partnerId, text: { contains: "dropped off" } } }))).toBe(0);
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
      { intent: "confirm", token, key: "firms/firm_summit/entities/x/documents/x.pdf", fileName: "x.pdf", contentType: "application/pdf", name: "A", email: "a@example.com" },
      { intent: "confirm", token, key: "../../etc/passwd", fileName: "x.pdf", contentType: "application/pdf", name: "A", email: "a@example.com" },
      { intent: "confirm", token, key: "firms/firm_acme/x.pdf", fileName: "x.pdf", contentType: "application/pdf", name: "", email: "a@example.com" },
      { intent: "confirm", token, key: "firms/firm_acme/x.pdf", fileName: "x.pdf", contentType: "application/pdf", name: "A", email: "../a@example.com" },
      { intent: "finish", token, documentIds: ["nope"], name: "A", email: "a@example.com" },
    ];
    for (const body of bodies) {
      const response = await postJson("acme", "/api/drop-link", body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof response.json.error).toBe("string");
    }
    expect((await postJson("summit", "/api/drop-link", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 })).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("expires 7 days after it was issued", async () => {
    await tx("acme", (t) => t.$executeRawUnsafe(`UPDATE drop_links SET updated_at = now() - interval '7 days 1 minute'`));
    const before = await snapshot();
    expect((await hostRequest(port, { host: firm("acme"), path: `/drop-link/${token}` })).status).toBe(404);
    expect((await postJson("acme", "/api/drop-link", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 })).status).toBe(404);
    expect(await snapshot()).toBe(before);
    await tx("acme", (t) => t.$executeRawUnsafe(`UPDATE drop_links SET updated_at = now()`));
    expect((await hostRequest(port, { host: firm("acme"), path: `/drop-link/${token}` })).status).toBe(200);
  });

  it("is rate-limited per address: after 20 bad links even a good one is refused with 429", async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) status = (await hostRequest(port, { host: firm("acme"), path: `/drop-link/${"B".repeat(40)}${i}` })).status;
    expect(status).toBe(429);
    const refused = await postJson("acme", "/api/drop-link", { intent: "grant", token, fileName: "x.pdf", contentType: "application/pdf", size: 10 });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("Too many requests. Please wait a few minutes and try again.");
  });
});
