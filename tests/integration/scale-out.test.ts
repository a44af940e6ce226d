/**
 * Two app servers on one database and one store, as behind a load balancer (README.md, "Scaling
 * out"): each is its own copy of the app (`instance`: its own pools, firm cache and job queue)
 * answering the same public host. A sign-in started on one is finished on the other, a session
 * written by one is read by the other, a sign-out on one ends it on both, a firm's setting
 * changed in the database is seen by both at once (NOTIFY), the emailed code is delivered once
 * although both work the queue, and the periodic sweep is sent once a period for both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortalServer } from "../../server";
import { bootApp, DEMO_PASSWORD, type TestApp } from "../support/app";
import { startFakeProviders, type FakeProviders } from "../support/fake-providers";
import { hostRequest, type HostResponse } from "../support/http";

let providers: FakeProviders;
let app: TestApp;
let second: PortalServer;

beforeAll(async () => {
  providers = await startFakeProviders();
  const jobs = { pollingIntervalSeconds: 0.5 };
  app = await bootApp({
    name: "scale-out",
    jobs,
    env: { RESEND_API_KEY: "re_scale_out_key", RESEND_BASE_URL: providers.url, EMAIL_FROM: "portal@scale-out.test" },
  });
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  const { startServer } = await import("../../server");
  second = await startServer({ port: await freePort(), host: "127.0.0.1", instance: "second", jobs: { ...jobs, log: () => {} } });
}, 180_000);

afterAll(async () => {
  await second?.close();
  await app?.stop();
  await providers?.stop();
});

type Server = "first" | "second";

/** A request to one of the two servers, with the public host (as a load balancer passes it on). */
function send(server: Server, path: string, options: { form?: Record<string, string>; cookie?: string } = {}): Promise<HostResponse> {
  const host = app.host("acme");
  return hostRequest(server === "first" ? app.port : second.port, {
    host,
    path,
    method: options.form ? "POST" : "GET",
    headers: { ...(options.form ? { origin: `http://${host}` } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    form: options.form,
  });
}

/** The session cookie an answer sets, or the one the browser already had. */
function cookieFrom(response: HostResponse, previous = ""): string {
  const set = (response.headers["set-cookie"] ?? []).find((line) => line.startsWith("portal_session="));
  return set ? set.split(";")[0]! : previous;
}

const emailsTo = (address: string) => providers.emails().filter((request) => JSON.stringify(request.body.to).includes(address));

describe("two app servers on one database and store", () => {
  it("share the sign-in, the session and the sign-out; the emailed code is delivered once", async () => {
    const email = "partner@acme.test";
    const password = await send("first", "/signin", { form: { email, password: DEMO_PASSWORD } });
    expect(password.status, password.text.slice(0, 200)).toBe(302);
    expect(password.location).toMatch(/^\/signin\?state=2fa/);
    let cookie = cookieFrom(password);
    expect(cookie).toBeTruthy();

    // The second factor's code is asked for on the other server; both servers work the queue.
    const asked = await send("second", "/signin", { form: { intent: "send-code:email", flow: "2fa" }, cookie });
    expect(asked.status, asked.text.slice(0, 200)).toBe(302);
    await expect.poll(() => emailsTo(email).length, { timeout: 15_000, interval: 100, message: "the code's email" }).toBeGreaterThan(0);
    const [sent] = emailsTo(email);
    const code = /\b(\d{6})\b/.exec(`${sent!.body.subject} ${sent!.body.text}`)?.[1];
    expect(code).toBeTruthy();

    const verified = await send("first", "/signin", { form: { intent: "verify-code", flow: "2fa", code: code! }, cookie });
    expect(verified.status, verified.text.slice(0, 200)).toBe(302);
    cookie = cookieFrom(verified, cookie);

    // The session the first server wrote is the second's too.
    const page = await send("second", "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.text).toContain("partner@acme.test");
    expect(page.text).not.toContain('name="password"');

    // Both queues polled meanwhile: still one email, sent in one attempt.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(emailsTo(email)).toHaveLength(1);
    const { rows } = await app.su.query(`SELECT status, attempts FROM outbound_messages WHERE "to" = $1 AND channel = 'email'`, [email]);
    expect(rows).toEqual([{ status: "sent", attempts: 1 }]);

    // A sign-out on one server ends the session on the other.
    const out = await send("first", "/signout", { form: {}, cookie });
    expect([302, 303]).toContain(out.status);
    const after = await send("second", "/", { cookie });
    expect(after.status).toBe(200);
    expect(after.text).toContain('name="email"');
  });

  it("see a firm's changed setting at once, both of them", async () => {
    for (const server of ["first", "second"] as const) expect((await send(server, "/signin")).text).toContain("Acme Tax &amp; Advisory");
    await app.su.query(`UPDATE firms SET name = 'Acme Tax &amp; Advisory West' WHERE slug = 'acme'`.replace("&amp;", "&"));
    for (const server of ["first", "second"] as const) {
      await expect
        .poll(async () => (await send(server, "/signin")).text, { timeout: 15_000, interval: 100, message: `the new name on the ${server} server` })
        .toContain("Acme Tax &amp; Advisory West");
    }
  });

  it("send the periodic sweep once a period between them", async () => {
    // Each server sends it every minute; one job per minute-long period, whichever sent it.
    const { rows } = await app.su.query(
      `SELECT singleton_on, count(*)::int AS n FROM pgboss.job WHERE name = 'sweep-outbound-messages' GROUP BY singleton_on ORDER BY singleton_on`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const period of rows) expect(period.n, `sweeps sent for the period of ${period.singleton_on}`).toBe(1);
  });
});

describe("a server started on a port another one holds", () => {
  it("fails its start with EADDRINUSE (no uncaught error, no hang), and the servers already running go on", async () => {
    const { startServer } = await import("../../server");
    const started = await startServer({ port: second.port, host: "127.0.0.1", instance: "third", jobs: false }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(started).toMatchObject({ code: "EADDRINUSE" });
    expect((await send("second", "/signin")).status).toBe(200);
    expect((await send("first", "/signin")).status).toBe(200);
  });
});

describe("freePort", () => {
  it("hands out ports below the range outgoing connections take theirs from, each free to listen on", async () => {
    const { freePort } = await import("../../scripts/lib/embedded-postgres");
    const net = await import("node:net");
    for (let i = 0; i < 5; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
