/**
 * The built app on a fresh database and S3 server, with the demo firms seeded, for HTTP
 * integration tests: `const app = await startPortalApp("inbox")` in beforeAll, `app.stop()` in
 * afterAll. `app.signIn(slug, email)` signs in with the demo password (staff complete the emailed
 * second factor from the outbox) and returns the session cookie; `app.get`/`app.post` send
 * requests with the firm's Host (and Origin, for posts); `app.tx(slug, fn)` reads or writes in
 * the firm's row-level-security scope.
 */
import { existsSync } from "node:fs";
import { createTestDatabase, type TestDatabase } from "./postgres";
import { hostRequest, type HostResponse } from "./http";
import { startTestS3, type TestS3 } from "./s3";
import type { FirmTx } from "~/db.server";

export const DEMO_PASSWORD = "Portal-Demo-2026!";

export interface PortalApp {
  port: number;
  s3: TestS3;
  host(slug: string): string;
  get(slug: string, path: string, cookie?: string): Promise<HostResponse>;
  post(slug: string, path: string, form: Record<string, string>, cookie?: string, headers?: Record<string, string>): Promise<HostResponse>;
  tx<T>(slug: string, fn: (tx: FirmTx) => Promise<T>): Promise<T>;
  signIn(slug: string, email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPortalApp(name: string): Promise<PortalApp> {
  if (!existsSync("build/index.js")) throw new Error("Build the app first (npm test does): remix build");
  const db: TestDatabase = await createTestDatabase();
  const bucket = `${name.toLowerCase().replace(/[^a-z0-9-]/g, "-")}-test`;
  const s3 = await startTestS3({ bucket });
  const { freePort } = await import("../../scripts/lib/embedded-postgres");
  const port = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    SESSION_SECRET: `${name}-test-secret-0123456789abcdef`,
    APP_DOMAIN: `localhost:${port}`,
    DATABASE_URL: db.url,
    S3_ENDPOINT: s3.local.endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: s3.local.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.local.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  const { resetEnvCache } = await import("~/env.server");
  resetEnvCache();
  const { seedDemo } = await import("../../prisma/seed");
  await seedDemo({ log: () => {} });
  const { startServer } = await import("../../server");
  const server = await startServer({ port, host: "127.0.0.1" });
  const { withFirm } = await import("~/db.server");

  const host = (slug: string) => `${slug}.localhost:${port}`;
  const tx = <T>(slug: string, fn: (tx: FirmTx) => Promise<T>) => withFirm(`firm_${slug}`, fn);
  const get = (slug: string, path: string, cookie?: string) => hostRequest(port, { host: host(slug), path, headers: cookie ? { cookie } : {} });
  const post = (slug: string, path: string, form: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
    hostRequest(port, { host: host(slug), path, form, headers: { origin: `http://${host(slug)}`, ...(cookie ? { cookie } : {}), ...headers } });

  async function latestEmailedCode(slug: string, email: string): Promise<string> {
    const message = await tx(slug, (t) => t.outboundMessage.findFirst({ where: { to: email, channel: "email" }, orderBy: { createdAt: "desc" } }));
    const code = message?.subject?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code emailed to ${email}`);
    return code;
  }

  async function signIn(slug: string, email: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await post(slug, "/signin", { email, password });
    if (response.status !== 302 || !response.cookie) throw new Error(`Sign-in of ${email} failed: ${response.status}`);
    if (!response.location?.startsWith("/signin?state=2fa")) return response.cookie;
    const waiting = response.cookie;
    await post(slug, "/signin", { intent: "send-code:email", flow: "2fa" }, waiting);
    const verified = await post(slug, "/signin", { intent: "verify-code", flow: "2fa", code: await latestEmailedCode(slug, email) }, waiting);
    if (verified.status !== 302 || !verified.cookie) throw new Error(`Second factor of ${email} failed: ${verified.status}`);
    return verified.cookie;
  }

  return {
    port,
    s3,
    host,
    get,
    post,
    tx,
    signIn,
    async stop() {
      await server.close();
      const { closeDb } = await import("~/db.server");
      await closeDb();
      const { closeAdminDb } = await import("~/platform/admin-db.server");
      await closeAdminDb();
      await s3.stop();
      await db.drop();
    },
  };
}
