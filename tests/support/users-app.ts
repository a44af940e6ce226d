/**
 * The built app on a fresh test database, and a cookie-keeping HTTP client that signs staff in
 * (password, then the emailed second factor) — for HTTP integration tests of any page or action.
 */
import { existsSync } from "node:fs";
import http from "node:http";
import { expect } from "vitest";
import type { FirmTx } from "~/db.server";
import { createTestDatabase, type TestDatabase } from "./postgres";

export const DEMO_PASSWORD = "Portal-Demo-2026!";

export interface AppResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  location: string | null;
  text: string;
  json<T = any>(): T;
}

export interface TestApp {
  port: number;
  db: TestDatabase;
  close(): Promise<void>;
}

/** Seeds the demo firms into a new database and serves the built app on a free port. */
export async function startTestApp(secret: string, beforeServe?: () => Promise<void>): Promise<TestApp> {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  const db = await createTestDatabase();
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  const port = await freePort();
  Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: secret, APP_DOMAIN: `localhost:${port}`, DATABASE_URL: db.url });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { seedDemo } = await import("../../prisma/seed");
  await seedDemo({ log: () => {} });
  await beforeServe?.();
  const { startServer } = await import("../../server");
  const server = await startServer({ port, host: "127.0.0.1" });
  return {
    port,
    db,
    async close() {
      await server.close();
      const { closeDb } = await import("~/db.server");
      await closeDb();
      const { closeAdminDb } = await import("~/platform/admin-db.server");
      await closeAdminDb();
      await db.drop();
    },
  };
}

/** Statements in one firm's scope (row-level security applies). */
export async function scoped<T>(firmId: string, fn: (tx: FirmTx) => Promise<T>): Promise<T> {
  const { withFirm } = await import("~/db.server");
  return withFirm(firmId, fn);
}

type Body = URLSearchParams | Record<string, string | string[]> | { json: unknown };

function encode(body: Body | undefined): { type?: string; data?: string } {
  if (!body) return {};
  if ("json" in body && Object.keys(body).length === 1 && !(body instanceof URLSearchParams)) return { type: "application/json", data: JSON.stringify(body.json) };
  const params = body instanceof URLSearchParams ? body : new URLSearchParams();
  if (!(body instanceof URLSearchParams)) {
    for (const [k, v] of Object.entries(body as Record<string, string | string[]>)) for (const x of Array.isArray(v) ? v : [v]) params.append(k, x);
  }
  return { type: "application/x-www-form-urlencoded", data: params.toString() };
}

/** A browser-like client for one firm host: keeps cookies, sends the Origin of the firm on POSTs. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly port: number,
    readonly slug: string,
  ) {}
  get host() {
    return `${this.slug}.localhost:${this.port}`;
  }
  request(method: string, path: string, body?: Body): Promise<AppResponse> {
    const { type, data } = encode(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: this.port,
          path,
          method,
          headers: {
            host: this.host,
            cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            ...(method !== "GET" ? { origin: `http://${this.host}` } : {}),
            ...(type ? { "content-type": type, "content-length": Buffer.byteLength(data!) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            for (const line of res.headers["set-cookie"] ?? []) {
              const pair = line.split(";")[0]!;
              const eq = pair.indexOf("=");
              this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
            }
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, headers: res.headers, location: (res.headers.location as string) ?? null, text, json: () => JSON.parse(text) });
          });
        },
      );
      req.on("error", reject);
      if (data) req.write(data);
      req.end();
    });
  }
  get(path: string) {
    return this.request("GET", path);
  }
  post(path: string, body: Body) {
    return this.request("POST", path, body);
  }
  /** A route's loader data (`_data` request) as JSON. */
  async data<T = any>(path: string, route: string): Promise<T> {
    const sep = path.includes("?") ? "&" : "?";
    const response = await this.get(`${path}${sep}_data=${encodeURIComponent(route)}`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return response.json<T>();
  }
  /** A route's action (`_data` request): status and JSON body. */
  async action<T = any>(path: string, route: string, body: Body): Promise<{ status: number; body: T }> {
    const sep = path.includes("?") ? "&" : "?";
    const response = await this.post(`${path}${sep}_data=${encodeURIComponent(route)}`, body);
    let parsed: T;
    try {
      parsed = response.json<T>();
    } catch {
      parsed = { raw: response.text.slice(0, 500) } as T;
    }
    return { status: response.status, body: parsed };
  }
}

/** Signs a staff member (or client) in with the demo password and, for staff, the emailed code. */
export async function signIn(port: number, slug: string, firmId: string, email: string, password = DEMO_PASSWORD): Promise<Browser> {
  const browser = new Browser(port, slug);
  const first = await browser.post("/signin", { email, password });
  expect(first.status).toBe(302);
  if (first.location?.startsWith("/signin?state=2fa")) {
    expect((await browser.post("/signin", { intent: "send-code:email", flow: "2fa" })).status).toBe(302);
    const sent = await scoped(firmId, (tx) => tx.outboundMessage.findFirst({ where: { to: email }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }));
    const code = `${sent?.subject ?? ""} ${sent?.body ?? ""}`.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    expect((await browser.post("/signin", { intent: "verify-code", flow: "2fa", code: code! })).status).toBe(302);
  }
  return browser;
}
