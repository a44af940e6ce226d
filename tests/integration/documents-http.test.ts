/**
 * The document routes end to end over HTTP (the built app served by server.ts, real PostgreSQL
 * and S3 server): /documents redirects to the client's entity, pages and API answer 404 for
 * another firm's or client's entity, the API refuses bad input with 4xx (never 500) and changes
 * nothing, and the folder zip endpoint answers with a zip or the spec's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, DEMO_PASSWORD, type TestApp } from "../support/app";

let app: TestApp;

/** Clients sign in with their password alone. */
async function signIn(slug: string, email: string) {
  const response = await app.post(slug, "/signin", { email, password: DEMO_PASSWORD });
  expect(response.status).toBe(302);
  expect(response.location?.startsWith("/signin?state=2fa")).toBe(false);
  return response.cookie!;
}

async function documentCount(): Promise<string> {
  const rows = await app.tx("acme", (tx) => tx.document.findMany({ select: { id: true, name: true, path: true, deletedAt: true }, orderBy: { id: "asc" } }));
  return JSON.stringify(rows);
}

let acmeClient: string;
let summitClient: string;
let acmeHash: string;

beforeAll(async () => {
  app = await bootApp({ name: "documents-http", s3: true });
  acmeClient = await signIn("acme", "client@acme.test");
  summitClient = await signIn("summit", "client@summit.test");
  const redirect = await app.get("acme", "/documents", acmeClient);
  expect(redirect.status).toBe(302);
  acmeHash = redirect.location!.split("/").pop()!;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("document pages", () => {
  it("/documents goes to the client's entity, whose page lists its folders (with their file counts) as its content", async () => {
    // Files filed in folders that have no folder row of their own (as questionnaire uploads are).
    const { rows } = await app.su.query(`SELECT id, firm_id FROM companies WHERE hash_id = $1`, [acmeHash]);
    const file = (path: string, name: string) => ({ firmId: rows[0].firm_id, companyId: rows[0].id, itemType: "file" as const, path, name });
    await app.tx("acme", (tx) => tx.document.createMany({ data: [file("/Tax 2025", "b.pdf"), file("/Tax 2025/W2s", "a.pdf"), file("/Receipts", "c.pdf")] }));
    const page = await app.get("acme", `/documents/${acmeHash}`, acmeClient);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("There are no files in this folder.");
    const content = page.text.slice(page.text.indexOf('aria-label="Folder contents"'));
    expect(content).toMatch(/>Receipts<\/a>.{0,200}>1 file</s);
    expect(content).toMatch(/>Tax 2025<\/a>.{0,200}>2 files</s);
    const inner = await app.get("acme", `/documents/${acmeHash}?path=${encodeURIComponent("/Tax 2025")}`, acmeClient);
    const innerContent = inner.text.slice(inner.text.indexOf('aria-label="Folder contents"'));
    expect(innerContent).toMatch(/>W2s<\/a>.{0,200}>1 file</s);
    expect(innerContent).toContain("b.pdf");
  });

  it("says a folder is empty only when it holds nothing", async () => {
    const created = await app.postJson(
      "acme",
      `/api/documents/${acmeHash}`,
      JSON.stringify({ intent: "create_folder", path: "/", name: "Empty one" }),
      acmeClient,
    );
    expect(created.status).toBe(200);
    const page = await app.get("acme", `/documents/${acmeHash}?path=${encodeURIComponent("/Empty one")}`, acmeClient);
    expect(page.status).toBe(200);
    expect(page.text).toContain("There are no files in this folder.");
  });

  it("another firm's or a signed-out visitor gets 404 or the sign-in redirect; clients cannot open the staff page", async () => {
    expect((await app.get("summit", `/documents/${acmeHash}`, summitClient)).status).toBe(404);
    expect((await app.get("acme", `/documents/${acmeHash}`)).status).toBe(302);
    expect((await app.get("acme", `/admin/${acmeHash}/documents`, acmeClient)).status).toBe(404);
    expect((await app.get("acme", `/documents/${acmeHash}?path=${encodeURIComponent("/a/../b")}`, acmeClient)).status).toBe(400);
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
      JSON.stringify({
        intent: "upload_confirm",
        path: "/",
        fileName: "x.pdf",
        contentType: "application/pdf",
        key: "firms/firm_summit/entities/x/documents/x.pdf",
      }),
      JSON.stringify({ intent: "upload_confirm", path: "/", fileName: "x.pdf", contentType: "application/pdf", key: "../../etc/passwd" }),
      JSON.stringify({ intent: "rename", id: "x".repeat(65), name: "a" }),
      JSON.stringify({ intent: "rename", id: "nope", name: "a" }),
      JSON.stringify({ intent: "create_folder", path: "/", name: ".." }),
      JSON.stringify({ intent: "download_url", id: "nope" }),
    ];
    for (const body of bodies) {
      const response = await app.postJson("acme", api, body, acmeClient);
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(typeof response.body.error, body).toBe("string");
    }
    expect((await app.postJson("acme", api, JSON.stringify({ intent: "download_url", id: "x" }))).status).toBe(401);
    expect((await app.postJson("summit", api, JSON.stringify({ intent: "create_folder", path: "/", name: "x" }), summitClient)).status).toBe(404);
    expect(await documentCount()).toBe(before);
  });

  it("adds a folder and zips it; the zip endpoint refuses traversal and other firms", async () => {
    const created = await app.postJson(
      "acme",
      `/api/documents/${acmeHash}`,
      JSON.stringify({ intent: "create_folder", path: "/", name: "Zipped" }),
      acmeClient,
    );
    expect(created.status).toBe(200);
    const zip = await app.get("acme", `/api/documents/${acmeHash}/folder?path=${encodeURIComponent("/Zipped")}`, acmeClient);
    expect(zip.status).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toContain("Zipped.zip");
    const traversal = await app.get("acme", `/api/documents/${acmeHash}/folder?path=${encodeURIComponent("/../x")}`, acmeClient);
    expect(traversal.status).toBe(400);
    expect(traversal.text).toBe("There was a problem downloading the folder. Please refresh and try again.");
    const foreign = await app.get("summit", `/api/documents/${acmeHash}/folder?path=/`, summitClient);
    expect(foreign.status).toBe(404);
  });
});
