/**
 * "Sign in" on the root domain over HTTP (built app, real PostgreSQL): a firm's subdomain redirects
 * to its sign-in page; an email gets the same answer whether it has an account or not, and each
 * firm where it is an active user emails it the link to its own sign-in page; bad input gets the
 * field's message; both ways are rate limited per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIND_FIRM_MESSAGES } from "~/platform/find-firm";
import { actionDataPath, bootApp, type TestApp } from "../support/app";
import { hostRequest } from "../support/http";
import { FRESH_WINDOW_TIMEOUT_MS, freshWindow } from "../support/rate-window";

let app: TestApp;
const ROUTE = "routes/find-firm";

const root = () => `localhost:${app.port}`;
const find = (query: string, address = "198.51.100.7") =>
  hostRequest(app.port, {
    host: root(),
    path: "/find-firm",
    form: { query },
    headers: { origin: `http://${root()}`, "x-forwarded-for": address },
  });

/** Emails the firms sent to `to` (as the superuser: every firm's outbox). */
async function emailsTo(to: string): Promise<{ slug: string; subject: string; body: string }[]> {
  const { rows } = await app.su.query(
    `SELECT f.slug, m.subject, m.body FROM outbound_messages m JOIN firms f ON f.id = m.firm_id WHERE m."to" = $1 ORDER BY f.slug`,
    [to],
  );
  return rows;
}

async function waitForEmails(to: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await emailsTo(to);
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return emailsTo(to);
}

beforeAll(async () => {
  app = await bootApp({ name: "find-firm-http", env: { TRUST_PROXY: "true" } });
  // A person who is a client of both demo firms.
  await app.su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, updated_at)
     SELECT 'user_both_' || f.slug, f.id, 'client', 'both@example.com', 'Pat', 'Both', now() FROM firms f WHERE f.slug IN ('acme', 'summit')`,
  );
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("root-site Sign in", () => {
  it("is the root domain's /signin, and the home page links to it", async () => {
    const signin = await hostRequest(app.port, { host: root(), path: "/signin" });
    expect(signin.status).toBe(302);
    expect(signin.location).toBe("/find-firm");
    expect((await hostRequest(app.port, { host: root(), path: "/find-firm" })).status).toBe(200);
    expect((await hostRequest(app.port, { host: root(), path: "/" })).text).toContain('href="/find-firm"');
    // Not on a firm's site.
    expect((await app.get("acme", "/find-firm")).status).toBe(404);
  });

  it("sends a firm's subdomain (or its address) to that firm's sign-in page", async () => {
    for (const query of ["acme", "ACME", `acme.localhost:${app.port}`, `http://acme.localhost:${app.port}/anything`]) {
      const r = await find(query);
      expect(r.status, query).toBe(302);
      expect(r.location, query).toBe(`http://acme.localhost:${app.port}/signin`);
    }
  });

  it("says so when no firm has that subdomain, and asks for something when empty", async () => {
    const missing = await find("no-such-firm");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("We couldn&#x27;t find a firm at that address");
    const empty = await find("   ");
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(FIND_FIRM_MESSAGES.required.replace("'", "&#x27;"));
    const bad = await find("not@an@email");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Invalid email address");
  });

  it("answers an email the same whether or not it has an account, and emails each firm's sign-in link", async () => {
    const known = await hostRequest(app.port, {
      host: root(),
      path: actionDataPath("/find-firm", ROUTE),
      form: { query: "Both@Example.com " },
      headers: { origin: `http://${root()}`, "x-forwarded-for": "198.51.100.8" },
    });
    const unknown = await hostRequest(app.port, {
      host: root(),
      path: actionDataPath("/find-firm", ROUTE),
      form: { query: "nobody@example.com" },
      headers: { origin: `http://${root()}`, "x-forwarded-for": "198.51.100.8" },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    // The same answer, word for word (only the submitted value differs).
    expect(unknown.text.replace("nobody@example.com", "")).toBe(known.text.replace("Both@Example.com ", ""));
    expect((await find("client@acme.test", "198.51.100.8")).text).toContain(FIND_FIRM_MESSAGES.sent.replace(/'/g, "&#x27;"));

    const emails = await waitForEmails("both@example.com", 2);
    expect(emails.map((e) => e.slug)).toEqual(["acme", "summit"]);
    expect(emails[0]!.subject).toBe("Sign in to Acme Tax & Advisory");
    expect(emails[0]!.body).toContain(`http://acme.localhost:${app.port}/signin`);
    expect(emails[0]!.body).not.toContain("summit");
    expect(emails[1]!.body).toContain(`http://summit.localhost:${app.port}/signin`);
    expect(await emailsTo("nobody@example.com")).toEqual([]);
  });

  it("sends nothing for a deleted or deactivated user", async () => {
    await app.su.query(`UPDATE users SET deleted_at = now() WHERE id = 'user_both_acme'`);
    await app.su.query(`UPDATE users SET paying = false WHERE id = 'user_both_summit'`);
    const before = (await emailsTo("both@example.com")).length;
    expect((await find("both@example.com", "198.51.100.9")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await emailsTo("both@example.com")).length).toBe(before);
  });

  it(
    "is rate limited per client address",
    async () => {
      await freshWindow(15 * 60);
      let last = 0;
      for (let i = 0; i < 21; i++) last = (await find(`nobody${i}@example.com`, "198.51.100.10")).status;
      expect(last).toBe(429);
      expect((await find("acme", "198.51.100.10")).status).toBe(429);
      expect((await find("acme", "198.51.100.11")).status).toBe(302);
    },
    FRESH_WINDOW_TIMEOUT_MS,
  );
});
