/**
 * The built app over HTTP for integration tests (run `npx remix build` first; `npm test` does): a
 * fresh test database seeded with the demo firms, optionally an S3-protocol server, the server on
 * a free port, and ways to talk to it.
 *
 *   let app: TestApp;
 *   beforeAll(async () => { app = await bootApp({ name: "inbox-http", s3: true }); });
 *   afterAll(() => app?.stop());
 *
 *   const partner = await app.signIn("acme", "partner@acme.test");  // a Browser, second factor done
 *   const rows = await partner.data("acme", "/admin", "routes/admin._index");
 *   await app.get("summit", "/inbox", partner.cookie);                // one request with a fixed cookie
 *   await app.tx("acme", (tx) => tx.user.count());                     // in the firm's RLS scope
 *   await app.su.query("SELECT ...");                                  // past RLS, as the superuser
 *
 * Requests go to `<slug>.localhost:<port>` with that Host; POSTs carry the firm's Origin. A header
 * given as "" is left out. A route's loader data and a page's actions are asked for as the browser's
 * Remix client does, with single-fetch `.data` requests (see ./single-fetch.ts).
 */
import { existsSync } from "node:fs";
import pg from "pg";
import { expect } from "vitest";
import type { FirmTx } from "~/db.server";
import type { Jobs } from "~/jobs.server";
import type { RuntimeJobOptions } from "~/tenancy/runtime.server";
import { hostRequest, type HostResponse } from "./http";
import { createTestDatabase, type TestDatabase } from "./postgres";
import { startTestS3, type TestS3 } from "./s3";
import { actionDataPath, decodeSingleFetch, isDataPath, loaderDataPath } from "./single-fetch";

export { actionDataPath, loaderDataPath } from "./single-fetch";

export const DEMO_PASSWORD = "Portal-Demo-2026!";

type Form = Record<string, string | string[]>;
type Headers = Record<string, string>;

/**
 * An answer of the app; `body` is its JSON, or undefined when the answer is not JSON. For a
 * single-fetch request (a `.data` path) `status`, `location` and `body` are what the answer means
 * for the route, as the browser's Remix client reads it: a redirect's own status and location
 * (the wire says 202), the route's data or the body of the Response it threw; `text` stays the
 * turbo-stream that was sent.
 */
export interface AppResponse extends HostResponse {
  body: any;
}

export interface RequestOptions {
  method?: string;
  form?: Form;
  /** Sent as JSON (with `accept: application/json`, as the app's own fetches do); a string is sent as it is. */
  json?: unknown;
  cookie?: string;
  headers?: Headers;
}

/** Runs `fn` in one transaction in the firm's scope (row-level security applies). */
export async function scoped<T>(firmId: string, fn: (tx: FirmTx) => Promise<T>): Promise<T> {
  const { withFirm } = await import("~/db.server");
  return withFirm(firmId, fn);
}

export interface BootOptions {
  /** Names the session secret and the S3 bucket (`<name>-test`). */
  name: string;
  /** Also start an S3-protocol server and point the app at it. */
  s3?: boolean;
  /** More environment for the app; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /**
   * Runs after the seed, before the server starts (more rows, jobs, a database client). What it
   * returns is run by `stop()` right after the server closes.
   */
  beforeServe?: (app: { db: TestDatabase; su: pg.Client; port: number; s3?: TestS3 }) => Promise<void | (() => Promise<void>)>;
  /**
   * Background jobs worked by the server (the app's runtime), e.g. `{ only: ["split-document"] }`.
   * Without it no queue runs, and email and SMS are delivered by the requests that send them.
   */
  jobs?: RuntimeJobOptions;
}

export interface TestApp {
  port: number;
  db: TestDatabase;
  /** The database's superuser (its tables' owner): setup rows and checks, past row-level security. */
  su: pg.Client;
  /** Set when booted with `s3: true`. */
  s3?: TestS3;
  /** The server's job queue, when booted with `jobs`. */
  jobs: Jobs | null;
  /** `<slug>.localhost:<port>`. */
  host(slug: string): string;
  request(slug: string, path: string, options?: RequestOptions): Promise<AppResponse>;
  get(slug: string, path: string, cookie?: string, headers?: Headers): Promise<AppResponse>;
  post(slug: string, path: string, form: Form, cookie?: string, headers?: Headers): Promise<AppResponse>;
  postJson(slug: string, path: string, json: unknown, cookie?: string, headers?: Headers): Promise<AppResponse>;
  /** Runs `fn` in the firm's row-level-security scope. */
  tx<T>(slug: string, fn: (tx: FirmTx) => Promise<T>): Promise<T>;
  /** The six-digit code in the latest email the firm sent to `email`. */
  latestEmailedCode(slug: string, email: string): Promise<string>;
  /** A browser with no cookies; `address` is sent as X-Forwarded-For (with TRUST_PROXY on). */
  browser(address?: string): Browser;
  /** A new browser signed in with the demo password; staff also complete the emailed second factor. */
  signIn(slug: string, email: string, password?: string): Promise<Browser>;
  /** Closes the server, then what `beforeServe` opened, the database clients, S3, and drops the database. */
  stop(): Promise<void>;
}

/** A cookie-keeping client: sends its cookies (to any firm's host) and keeps what the app sets. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: TestApp,
    readonly address?: string,
  ) {}

  /** The Cookie header this browser sends. */
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The session cookie's value, if any. */
  session(): string | undefined {
    return this.cookies.get("portal_session");
  }

  async request(slug: string, path: string, options: RequestOptions = {}): Promise<AppResponse> {
    const headers = { ...(this.address ? { "x-forwarded-for": this.address } : {}), ...options.headers };
    const response = await this.app.request(slug, path, { ...options, cookie: this.cookie, headers });
    for (const line of response.headers["set-cookie"] ?? []) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attributes.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(slug: string, path: string, headers?: Headers) {
    return this.request(slug, path, { headers });
  }

  post(slug: string, path: string, form: Form, headers?: Headers) {
    return this.request(slug, path, { form, headers });
  }

  postJson(slug: string, path: string, json: unknown, headers?: Headers) {
    return this.request(slug, path, { json, headers });
  }

  /** A route's loader data, loaded as a fetcher does (`<path>.data?_routes=<route>`); expects 200. */
  async data<T = any>(slug: string, path: string, route: string): Promise<T> {
    const response = await this.get(slug, loaderDataPath(path, route));
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return response.body as T;
  }

  /**
   * Posts a form as a fetcher does: to the route's action (`<path>.data`, `?index` for an index
   * route) when a route is given, else to `path` itself (a resource route). The answer must carry
   * data (not a redirect): the action's, or the body of the Response it threw.
   */
  async submit<T = any>(slug: string, path: string, form: Form, route?: string): Promise<{ status: number; body: T }> {
    const response = await this.post(slug, route ? actionDataPath(path, route) : path, form);
    if (response.body === undefined) throw new Error(`No data (${response.status} ${response.location ?? ""}): ${response.text.slice(0, 300)}`);
    return { status: response.status, body: response.body as T };
  }

  /** Signs in with a password; staff complete the second factor with the code the firm emails. */
  async signIn(slug: string, email: string, password = DEMO_PASSWORD): Promise<this> {
    const first = await this.post(slug, "/signin", { email, password });
    expect(first.status, first.text.slice(0, 300)).toBe(302);
    expect(first.headers["set-cookie"]?.join("\n")).toMatch(/session=/);
    if (first.location?.startsWith("/signin?state=2fa")) {
      expect((await this.post(slug, "/signin", { intent: "send-code:email", flow: "2fa" })).status).toBe(302);
      const verified = await this.post(slug, "/signin", { intent: "verify-code", flow: "2fa", code: await this.app.latestEmailedCode(slug, email) });
      expect(verified.status).toBe(302);
      expect(verified.headers["set-cookie"]?.join("\n")).toMatch(/session=/);
    }
    expect(this.session()).toBeTruthy();
    return this;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Boots the built app on a seeded test database (and S3 server); `stop()` in afterAll. */
export async function bootApp(options: BootOptions): Promise<TestApp> {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const bucket = `${options.name.toLowerCase().replace(/[^a-z0-9-]/g, "-")}-test`;
    const { freePort } = await import("../../scripts/lib/embedded-postgres");
    const port = await freePort();
    const s3 = options.s3 ? await startTestS3({ bucket, appOrigin: { protocol: "http", domain: `localhost:${port}` } }) : undefined;
    if (s3) cleanups.push(() => s3.stop());
    Object.assign(process.env, {
      NODE_ENV: "production",
      SESSION_SECRET: `${options.name}-test-secret-0123456789abcdef`,
      APP_DOMAIN: `localhost:${port}`,
      DATABASE_URL: db.appUrl,
      DATABASE_OWNER_URL: db.url,
      ...(s3
        ? {
            S3_ENDPOINT: s3.local.endpoint,
            S3_BUCKET: bucket,
            S3_ACCESS_KEY_ID: s3.local.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.local.secretAccessKey,
            S3_FORCE_PATH_STYLE: "true",
          }
        : {}),
    });
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const { resetEnvCache } = await import("~/env.server");
    resetEnvCache();
    // What a test imports from ~/ itself (`scoped`, a module under test) has its own pools.
    cleanups.push(async () => {
      const { closeDb } = await import("~/db.server");
      await closeDb();
      const { closeAdminDb } = await import("./admin-db");
      await closeAdminDb();
    });
    // The server's own code (the Remix build) seeds, serves and answers `tx`, on one pool.
    const { loadApp, startServer } = await import("../../server");
    const { app: built } = await loadApp();
    built.resetEnvCache();
    cleanups.push(built.closePools);
    await built.seedDemo({ log: () => {} });
    const su = new pg.Client({ connectionString: db.url });
    await su.connect();
    cleanups.push(() => su.end());
    const opened = await options.beforeServe?.({ db, su, port, s3 });
    if (opened) cleanups.push(opened);
    const server = await startServer({ port, host: "127.0.0.1", jobs: options.jobs ? { log: () => {}, ...options.jobs } : false });
    cleanups.push(() => server.close());

    const host = (slug: string) => `${slug}.localhost:${port}`;
    const tx = <T>(slug: string, fn: (tx: FirmTx) => Promise<T>) => built.withFirm(`firm_${slug}`, fn);

    const app: TestApp = {
      port,
      db,
      su,
      s3,
      jobs: server.runtime.jobs,
      host,
      async request(slug, path, { method, form, json, cookie, headers: extra } = {}) {
        const hasBody = form !== undefined || json !== undefined;
        const verb = method ?? (hasBody ? "POST" : "GET");
        const headers: Headers = {
          ...(verb !== "GET" && verb !== "HEAD" ? { origin: `http://${host(slug)}` } : {}),
          ...(json !== undefined ? { accept: "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
          ...extra,
        };
        for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
        const response = await hostRequest(port, {
          host: host(slug),
          path,
          method: verb,
          headers,
          ...(typeof json === "string" ? { body: json } : json !== undefined ? { json } : { form }),
        });
        if (isDataPath(path) && /^text\/x-script/.test(String(response.headers["content-type"] ?? ""))) {
          const answer = await decodeSingleFetch(path, verb, response.status, response.text);
          return { ...response, ...answer, location: answer.location ?? response.location };
        }
        return { ...response, body: parseJson(response.text) };
      },
      get: (slug, path, cookie, headers) => app.request(slug, path, { cookie, headers }),
      post: (slug, path, form, cookie, headers) => app.request(slug, path, { form, cookie, headers }),
      postJson: (slug, path, json, cookie, headers) => app.request(slug, path, { json, cookie, headers }),
      tx,
      async latestEmailedCode(slug, email) {
        const sent = await tx(slug, (t) =>
          t.outboundMessage.findFirst({ where: { to: email, channel: "email" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
        );
        const code = `${sent?.subject ?? ""} ${sent?.body ?? ""}`.match(/\b(\d{6})\b/)?.[1];
        expect(code, `a code emailed to ${email}`).toBeTruthy();
        return code!;
      },
      browser: (address) => new Browser(app, address),
      signIn: (slug, email, password) => new Browser(app).signIn(slug, email, password),
      stop,
    };
    return app;
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
