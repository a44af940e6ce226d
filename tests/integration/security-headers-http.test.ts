/**
 * Security headers over HTTP (the built app served by server.ts, with an S3 server): a signed-in
 * client's page, its single-fetch data and a download-link answer are never stored and carry the
 * CSP; the CSP's nonce is on every <script> of the page and differs per answer; the store's origin
 * is allowed for connections and images; the host's own answers (unknown host, cross-site refusal)
 * and static files get the base headers. HSTS is absent on http (see security-headers-hsts-http).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import type { HostResponse } from "../support/http";

let app: TestApp;
let client: Browser;
let review: { hash: string; questionnaireId: string; section: (key: string) => string };

beforeAll(async () => {
  app = await bootApp({ name: "security-headers-http", s3: true });
  client = await app.signIn("acme", "client@acme.test");
  const { rows } = await app.su.query(
    `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN company_owners o ON o.company_id = c.id
       JOIN users u ON u.id = o.user_id JOIN firms f ON f.id = q.firm_id
      WHERE f.slug = 'acme' AND u.email = 'client@acme.test' AND q.name = '2025 Return Review and Signature'`,
  );
  const sections = await app.su.query(`SELECT id, section_key FROM sections WHERE questionnaire_id = $1`, [rows[0].id]);
  review = { hash: rows[0].hash_id, questionnaireId: rows[0].id, section: (key) => sections.rows.find((s) => s.section_key === key).id };
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** One header's value; fails when it is missing or was sent more than once. */
function header(response: HostResponse, name: string): string {
  const value = response.headers[name.toLowerCase()];
  expect(value, `${name} is sent`).toBeTypeOf("string");
  return value as string;
}

function cspNonce(response: HostResponse): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(header(response, "content-security-policy"))?.[1];
  expect(nonce, "the CSP names a nonce").toBeTruthy();
  return nonce!;
}

function directive(response: HostResponse, name: string): string[] {
  const found = header(response, "content-security-policy")
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

function expectBaseHeaders(response: HostResponse) {
  expect(header(response, "x-content-type-options")).toBe("nosniff");
  expect(header(response, "referrer-policy")).toBe("same-origin");
  expect(header(response, "x-frame-options")).toBe("SAMEORIGIN");
  expect(header(response, "permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  expect(response.headers["strict-transport-security"], "no HSTS on http").toBeUndefined();
}

function expectNoStore(response: HostResponse) {
  expect(header(response, "cache-control")).toBe("private, no-store");
}

describe("a signed-in client's page", () => {
  it("carries the CSP, whose nonce is on every script of the page, and is never stored", async () => {
    const page = await client.get("acme", "/");
    expect(page.status).toBe(200);
    expectBaseHeaders(page);
    expectNoStore(page);
    const nonce = cspNonce(page);
    expect(directive(page, "script-src")).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"]);
    expect(directive(page, "frame-ancestors")).toEqual(["'self'"]);
    expect(directive(page, "object-src")).toEqual(["'none'"]);

    const scripts = page.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, "the page has Remix's inline scripts").toBeGreaterThanOrEqual(3);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
  });

  it("gets a new nonce on every answer", async () => {
    const first = cspNonce(await client.get("acme", "/"));
    const second = cspNonce(await client.get("acme", "/"));
    expect(second).not.toBe(first);
    expect(Buffer.from(first, "base64")).toHaveLength(16);
  });

  it("lets the page reach the file store (PDFs, uploads, images and logos) and nothing else", async () => {
    const page = await client.get("acme", "/");
    const store = new URL(app.s3!.local.endpoint).origin;
    expect(directive(page, "connect-src")).toEqual(["'self'", store]);
    expect(directive(page, "img-src")).toContain(store);
    expect(directive(page, "worker-src")).toEqual(["'self'"]);
  });

  it("its single-fetch data is never stored and carries the headers", async () => {
    const data = await client.get("acme", "/_root.data");
    expect(data.status).toBe(200);
    expect(data.text).toContain("client@acme.test");
    expectBaseHeaders(data);
    expectNoStore(data);
    cspNonce(data);
  });

  it("a page's route data (single fetch, as client-side navigation asks for it) is never stored either", async () => {
    const data = await client.get("acme", "/profile.data");
    expect(data.status).toBe(200);
    expect(data.text).toContain("client@acme.test");
    expectNoStore(data);
    expectBaseHeaders(data);
  });
});

describe("download links", () => {
  it("the JSON with a presigned download URL is never stored", async () => {
    const response = await client.postJson("acme", `/api/questionnaires/${review.hash}`, {
      intent: "document_url",
      questionnaireId: review.questionnaireId,
      sectionId: review.section("organizer_copy"),
      download: true,
    });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.url).toMatch(new RegExp(`^${new URL(app.s3!.local.endpoint).origin}/`));
    expectNoStore(response);
    expectBaseHeaders(response);
  });

  it("the PDF viewer's presigned link is never stored", async () => {
    const response = await client.postJson("acme", `/api/questionnaires/${review.hash}`, {
      intent: "document_url",
      questionnaireId: review.questionnaireId,
      sectionId: review.section("draft_return_review"),
    });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.url).toBeTruthy();
    expectNoStore(response);
  });
});

describe("signed-out answers", () => {
  it("a sign-in step carries the CSP with a nonce on its scripts; a link page keeps its stricter headers", async () => {
    // The plain sign-in page is public and allows its scripts by hash (public-pages-http.test.ts).
    const page = await app.get("acme", "/signin?state=forgot-password");
    expect(page.status).toBe(200);
    expectBaseHeaders(page);
    const nonce = cspNonce(page);
    for (const tag of page.text.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(` nonce="${nonce}"`);
    // The token is in the URL: not sent on as a Referer, and the page is not stored.
    const link = await app.get("acme", "/auth/link?token=unknown");
    expect(header(link, "referrer-policy")).toBe("no-referrer");
    expect(header(link, "cache-control")).toBe("no-store");
  });

  it("an unknown host's page and a cross-site refusal get the base headers and a locked-down CSP", async () => {
    const unknown = await app.get("nowhere", "/");
    expect(unknown.status).toBe(404);
    expectBaseHeaders(unknown);
    expect(header(unknown, "content-security-policy")).toMatch(/default-src 'none'.*frame-ancestors 'self'/);
    expect(header(unknown, "cache-control")).toBe("no-store");

    const crossSite = await app.post("acme", "/signin", { email: "client@acme.test" }, undefined, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expectBaseHeaders(crossSite);
    expect(header(crossSite, "content-security-policy")).toMatch(/default-src 'none'/);
  });

  it("static files get the base headers (each once)", async () => {
    const icon = await app.get("acme", "/favicon.ico");
    expect(icon.status).toBe(200);
    expectBaseHeaders(icon);
    const worker = await app.get("acme", "/pdfjs/pdf.worker.min.mjs");
    expect(worker.status).toBe(200);
    expectBaseHeaders(worker);
  });
});
