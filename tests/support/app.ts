/**
 * The built app over HTTP for integration tests: a test database seeded with the demo firms, the
 * server on a free port, and browsers (cookie jars) signed in as demo users, staff with the
 * emailed second factor. Usage:
 *
 *   const app = await startApp({ secret: "my-test-secret-0123456789" });
 *   const partner = await app.signIn("acme", "partner@acme.test");
 *   const data = await partner.loaderData("acme", "/admin", "routes/admin._index");
 *   await app.stop();
 */
import { existsSync } from "node:fs";
import { expect } from "vitest";
import type { FirmTx } from "~/db.server";
import { hostRequest, type HostResponse } from "./http";
import { createTestDatabase, type TestDatabase } from "./postgres";

export const DEMO_PASSWORD = "Portal-Demo-2026!";
export const FIRM_IDS: Record<string, string> = { acme: "firm_acme", summit: "firm_summit" };

export class Browser {
  cookies = new Map<string, string>();
  constructor(readonly port: number) {}
  host(slug: string) {
    return `${slug}.localhost:${this.port}`;
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: HostResponse) {
    for (const line of response.headers["set-cookie"] ?? []) {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }
  async get(slug: string, path: string) {
    return this.take(await hostRequest(this.port, { host: this.host(slug), path, headers: { cookie: this.cookieHeader() } }));
  }
  async post(slug: string, path: string, form: Record<string, string | string[]>) {
    return this.take(await hostRequest(this.port, { host: this.host(slug), path, form, headers: { cookie: this.cookieHeader(), origin: `http://${this.host(slug)}` } }));
  }
  /** POST and parse the JSON answer. */
  async postJson<T = any>(slug: string, path: string, form: Record<string, string | string[]>): Promise<{ status: number; body: T }> {
    const response = await this.post(slug, path, form);
    let body: T;
    try {
      body = JSON.parse(response.text) as T;
    } catch {
      throw new Error(`Not JSON (${response.status}): ${response.text.slice(0, 300)}`);
    }
    return { status: response.status, body };
  }
  /** The loader data of a page (Remix's `_data` request), as JSON; expects 200. */
  async loaderData<T = any>(slug: string, path: string, route: string): Promise<T> {
    const sep = path.includes("?") ? "&" : "?";
    const response = await this.get(slug, `${path}${sep}_data=${encodeURIComponent(route)}`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return JSON.parse(response.text) as T;
  }
}

/** Runs `fn` in one transaction scoped to the firm (row-level security applies). */
export async function scoped<T>(firmId: string, fn: (tx: FirmTx) => Promise<T>): Promise<T> {
  const { withFirm } = await import("~/db.server");
  return withFirm(firmId, fn);
}

export interface TestApp {
  port: number;
  db: TestDatabase;
  signIn(slug: string, email: string): Promise<Browser>;
  anonymous(): Browser;
  stop(): Promise<void>;
}

/** Boots the built app (run `npx remix build` first) on a seeded test database. */
export async function startApp(options: { secret: string; seed?: (scope: typeof scoped) => Promise<void> }): Promise<TestApp> {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  const db = await createTestDatabase();
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  const port = await freePort();
  Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: options.secret, APP_DOMAIN: `localhost:${port}`, DATABASE_URL: db.url });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { seedDemo } = await import("../../prisma/seed");
  await seedDemo({ log: () => {} });
  if (options.seed) await options.seed(scoped);
  const { startServer } = await import("../../server");
  const server = await startServer({ port, host: "127.0.0.1" });

  async function signIn(slug: string, email: string): Promise<Browser> {
    const firmId = FIRM_IDS[slug]!;
    const browser = new Browser(port);
    const first = await browser.post(slug, "/signin", { email, password: DEMO_PASSWORD });
    expect(first.status).toBe(302);
    if (first.location?.startsWith("/signin?state=2fa")) {
      expect((await browser.post(slug, "/signin", { intent: "send-code:email", flow: "2fa" })).status).toBe(302);
      const sent = await scoped(firmId, (tx) => tx.outboundMessage.findFirst({ where: { to: email }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }));
      const code = `${sent?.subject ?? ""} ${sent?.body ?? ""}`.match(/\b(\d{6})\b/)?.[1];
      expect(code).toBeTruthy();
      expect((await browser.post(slug, "/signin", { intent: "verify-code", flow: "2fa", code: code! })).status).toBe(302);
    }
    return browser;
  }

  return {
    port,
    db,
    signIn,
    anonymous: () => new Browser(port),
    async stop() {
      await server?.close();
      const { closeDb } = await import("~/db.server");
      await closeDb();
      const { closeAdminDb } = await import("~/platform/admin-db.server");
      await closeAdminDb();
      await db?.drop();
    },
  };
}
