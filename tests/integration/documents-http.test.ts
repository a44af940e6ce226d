/**
 * The document routes end to end over HTTP (the built app served by server.ts, real PostgreSQL
 * and S3 server): /documents redirects to the client's entity, pages and API answer 404 for
 * another firm's or client's entity, the API refuses bad input with 4xx (never 500) and changes
 * nothing, and the folder zip endpoint answers with a zip or the spec's messages.
 */
import http from "node:http";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { hostRequest } from "../support/http";
import { startTestS3, type TestS3 } from "../support/s3";

let db: TestDatabase;
let s3: TestS3;
let server: { port: number; close(): Promise<void> };
let port: number;

const firm = (slug: string) => `${slug}.localhost:${port}`;

function postJson(slug: string, path: string, body: string, cookie?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { host: firm(slug), origin: `http://${firm(slug)}`, "content-type": "application/json", accept: "application/json", "content-length": Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text);
          } catch {
            json = { text };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function signIn(slug: string, email: string) {
  const response = await hostRequest(port, { host: firm(slug), path: "/signin", form: { email, password: "Portal-Demo-2026!" }, headers: { origin: `http://${firm(slug)}` } });
  expect(response.status).toBe(302);
  expect(response.location?.startsWith("/signin?state=2fa")).toBe(false);
  return response.cookie!;
}

async function documentCount(): Promise<string> {
  const { withFirm } = await import("~/db.server");
  const rows = await withFirm("firm_acme", (tx) => tx.document.findMany({ select: { id: true, name: true, path: true, deletedAt: true }, orderBy: { id: "asc" } }));
  return JSON.stringify(rows);
}

let acmeClient: string;
let summitClient: string;
let acmeHash: string;

beforeAll(async () => {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  db = await createTestDatabase();
  s3 = await startTestS3({ bucket: "documents-http-test" });
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  port = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    SESSION_SECRET: "documents-http-test-secret-0123456789",
    APP_DOMAIN: `localhost:${port}`,
    DATABASE_URL: db.url,
    S3_ENDPOINT: s3.local.endpoint,
    S3_BUCKET: "documents-http-test",
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
  acmeClient = await signIn("acme", "client@acme.test");
  summitClient = await signIn("summit", "client@summit.test");
  const redirect = await hostRequest(port, { host: firm("acme"), path: "/documents", headers: { cookie: acmeClient } });
  expect(redirect.status).toBe(302);
  acmeHash = redirect.location!.split("/").pop()!;
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

describe("document pages", () => {
  it("/documents goes to the client's entity, whose page lists its folders", async () => {
    const page = await hostRequest(port, { host: firm("acme"), path: `/documents/${acmeHash}`, headers: { cookie: acmeClient } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("There are no files in this folder.");
  });

  it("another firm's or a signed-out visitor gets 404 or the sign-in redirect; clients cannot open the staff page", async () => {
    expect((await hostRequest(port, { host: firm("summit"), path: `/documents/${acmeHash}`, headers: { cookie: summitClient } })).status).toBe(404);
    expect((await hostRequest(port, { host: firm("acme"), path: `/documents/${acmeHash}` })).status).toBe(302);
    expect((await hostRequest(port, { host: firm("acme"), path: `/admin/${acmeHash}/documents`, headers: { cookie: acmeClient } })).status).toBe(404);
    expect((await hostRequest(port, { host: firm("acme"), path: `/documents/${acmeHash}?path=${encodeURIComponent("/a/../b")}`, headers: { cookie: acmeClient } })).status).toBe(400);
  });
});

describe("the documents API", () => {
  it("refuses bad input with 4xx, never 500, and changes nothing", async () => {
    const before = await documentCount();
    const api = `/api/documents/${acmeHash}`;
    const bodies = [
      "not json",
      "{}",
      JSON.stringify({ intent: "nope" }),
      JSON.stringify({ intent: "upload_grant", path: "/", fileName: "../x.pdf", contentType: "application/pdf", size: 10 }),
      JSON.stringify({ intent: "upload_grant", path: "/", fileName: "a/b.pdf", contentType: "application/pdf", size: 10 }),
      JSON.stringify({ intent: "upload_grant", path: "/", fileName: "empty.pdf", contentType: "application/pdf", size: 0 }),
      JSON.stringify({ intent: "upload_grant", path: "/../..", fileName: "x.pdf", contentType: "application/pdf", size: 10 }),
      JSON.stringify({ intent: "upload_confirm", path: "/", fileName: "x.pdf", contentType: "application/pdf", key: "firms/firm_summit/entities/x/documents/x.pdf" }),
      JSON.stringify({ intent: "upload_confirm", path: "/", fileName: "x.pdf", contentType: "application/pdf", key: "../../etc/passwd" }),
      JSON.stringify({ intent: "rename", id: "x".repeat(65), name: "a" }),
      JSON.stringify({ intent: "rename", id: "nope", name: "a" }),
      JSON.stringify({ intent: "create_folder", path: "/", name: ".." }),
      JSON.stringify({ intent: "download_url", id: "nope" }),
    ];
    for (const body of bodies) {
      const response = await postJson("acme", api, body, acmeClient);
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(typeof response.json.error, body).toBe("string");
    }
    expect((await postJson("acme", api, JSON.stringify({ intent: "download_url", id: "x" }))).status).toBe(401);
    expect((await postJson("summit", api, JSON.stringify({ intent: "create_folder", path: "/", name: "x" }), summitClient)).status).toBe(404);
    expect(await documentCount()).toBe(before);
  });

  it("adds a folder and zips it; the zip endpoint refuses traversal and other firms", async () => {
    const created = await postJson("acme", `/api/documents/${acmeHash}`, JSON.stringify({ intent: "create_folder", path: "/", name: "Zipped" }), acmeClient);
    expect(created.status).toBe(200);
    const zip = await hostRequest(port, { host: firm("acme"), path: `/api/documents/${acmeHash}/folder?path=${encodeURIComponent("/Zipped")}`, headers: { cookie: acmeClient } });
    expect(zip.status).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toContain("Zipped.zip");
    const traversal = await hostRequest(port, { host: firm("acme"), path: `/api/documents/${acmeHash}/folder?path=${encodeURIComponent("/../x")}`, headers: { cookie: acmeClient } });
    expect(traversal.status).toBe(400);
    expect(traversal.text).toBe("There was a problem downloading the folder. Please refresh and try again.");
    const foreign = await hostRequest(port, { host: firm("summit"), path: `/api/documents/${acmeHash}/folder?path=/`, headers: { cookie: summitClient } });
    expect(foreign.status).toBe(404);
  });
});
