/**
 * A database outage is not a sign-out: while PostgreSQL can't be reached, JSON calls answer 503
 * with Retry-After and a clear message, pages answer 503 with the error boundary's 'temporarily
 * unavailable' text, and nothing clears the session cookie. Once the database is back, the same
 * session works.
 *
 * The app reaches PostgreSQL through a TCP relay this test controls: taking it down refuses new
 * connections and cuts the open ones, as a stopped or restarting server does.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { loaderDataPath } from "../support/single-fetch";

/**
 * A TCP relay to `target`; `down()` cuts every connection and stops listening, `up()` listens
 * again on the same port. `hang()` cuts every connection and keeps listening, but what connects
 * then is never answered (a database that accepts and says nothing: overloaded, or cut off
 * behind a proxy); `up()` ends that too.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let hanging = false;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        sockets.add(client);
        client.on("close", () => sockets.delete(client));
        client.on("error", () => {});
        if (hanging) return;
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        const address = next.address();
        port = typeof address === "object" && address ? address.port : port;
        server = next;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async down() {
      const current = server;
      server = null;
      cut();
      await new Promise<void>((resolve) => (current ? current.close(() => resolve()) : resolve()));
    },
    hang() {
      hanging = true;
      cut();
    },
    async up() {
      if (hanging) {
        hanging = false;
        cut();
      }
      if (!server) await listen();
    },
  };
}

type Relay = Awaited<ReturnType<typeof startRelay>>;

/**
 * Long enough that a request waiting once (about this long) and one waiting twice (twice this)
 * stay seconds apart, whatever else slows the machine down.
 */
const CONNECT_TIMEOUT_MS = 4_000;

let app: TestApp;
let relay: Relay | undefined;
let client: Browser;

beforeAll(async () => {
  app = await bootApp({
    name: "outage",
    // How long a request waits for a database connection before answering 503 (10 s by default).
    env: { DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) },
    async beforeServe({ db }) {
      // From here on the app's connections (its pool and its LISTEN connection) go through the relay.
      const direct = new URL(db.appUrl);
      relay = await startRelay({ host: direct.hostname, port: Number(direct.port) });
      direct.port = String(relay.port);
      process.env.DATABASE_URL = direct.toString();
      const { loadApp } = await import("../../server");
      const { app: built } = await loadApp();
      await built.closePools();
      built.resetEnvCache();
      return async () => {
        await relay?.up().catch(() => {});
      };
    },
  });
  client = await app.signIn("acme", "client@acme.test");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

function clearsSession(setCookie: string[] | undefined): boolean {
  return (setCookie ?? []).some(
    (line) => /session=/.test(line) && (/max-age=0\b/i.test(line) || /session=;/.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)),
  );
}

describe("while the database can't be reached", () => {
  it("answers 503 with Retry-After, keeps the session, and the same session works once it is back", async () => {
    const session = client.session();
    expect((await client.get("acme", "/api/auth/session")).status).toBe(200);

    await relay!.down();
    try {
      const json = await client.get("acme", "/api/auth/session");
      expect(json.status, json.text.slice(0, 300)).toBe(503);
      expect(json.headers["retry-after"]).toMatch(/^\d+$/);
      expect(json.body).toMatchObject({ error: expect.stringMatching(/temporarily unavailable/i), code: "unavailable" });
      expect(clearsSession(json.headers["set-cookie"])).toBe(false);

      // A JSON route of the shared helpers (jsonLoader + requireApiUser): 503, not 'Please sign in again.'.
      const queue = await client.get("acme", "/api/staff/questionnaires/queue");
      expect(queue.status, queue.text.slice(0, 300)).toBe(503);
      expect(queue.headers["retry-after"]).toMatch(/^\d+$/);

      const refresh = await client.postJson("acme", "/api/auth/refresh", {});
      expect(refresh.status, refresh.text.slice(0, 300)).toBe(503);
      expect(clearsSession(refresh.headers["set-cookie"])).toBe(false);

      const page = await client.get("acme", "/profile");
      expect(page.status, page.text.slice(0, 300)).toBe(503);
      expect(page.headers["retry-after"]).toMatch(/^\d+$/);
      expect(page.text).toMatch(/temporarily unavailable/i);
      expect(clearsSession(page.headers["set-cookie"])).toBe(false);
      expect(client.session()).toBe(session);
    } finally {
      await relay!.up();
    }

    // Back: the same cookie is still signed in (the pool opens new connections by itself).
    await waitUntilBack();
    expect(client.session()).toBe(session);
    const page = await client.get("acme", "/profile");
    expect(page.status).toBe(200);
  });
});

/** Waits (up to 20 s) until the session answers again after the relay is back. */
async function waitUntilBack() {
  const back = await vi.waitFor(
    async () => {
      const response = await client.get("acme", "/api/auth/session");
      expect(response.status, response.text.slice(0, 300)).not.toBe(503);
      return response;
    },
    { timeout: 20_000, interval: 200 },
  );
  expect(back.status, back.text.slice(0, 300)).toBe(200);
}

/**
 * Requests `path` while `table` is locked (the questionnaires: the session check goes through,
 * the page's own query waits), takes the relay down once a query is waiting, and answers what
 * the app answered.
 */
async function dropMidLoader(path: string, table = "questionnaires") {
  await app.su.query("BEGIN");
  await app.su.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  let down = false;
  try {
    const answer = client.get("acme", path);
    // Queries (other than this connection's) waiting for a lock.
    const waiting = async () => {
      const { rows } = await app.su.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return rows.length;
    };
    await expect.poll(waiting, { timeout: 20_000, interval: 50, message: `${path}: no query waited for ${table}` }).toBeGreaterThan(0);
    await relay!.down();
    down = true;
    return await answer;
  } finally {
    await app.su.query("ROLLBACK");
    if (down) await relay!.up();
    await waitUntilBack();
  }
}

describe("while the database accepts connections but never answers", () => {
  it("answers 503 with Retry-After once the connection's wait is over (DATABASE_CONNECT_TIMEOUT_MS), instead of waiting for ever, and keeps the session", async () => {
    const session = client.session();
    expect((await client.get("acme", "/api/auth/session")).status).toBe(200);
    relay!.hang();
    try {
      const started = Date.now();
      const [json, page] = await Promise.all([client.get("acme", "/api/auth/session"), client.get("acme", "/profile")]);
      const waited = Date.now() - started;
      expect(json.status, json.text.slice(0, 300)).toBe(503);
      expect(json.headers["retry-after"]).toMatch(/^\d+$/);
      expect(json.body).toMatchObject({ code: "unavailable" });
      expect(page.status, page.text.slice(0, 300)).toBe(503);
      expect(page.text).toMatch(/temporarily unavailable/i);
      expect(clearsSession(page.headers["set-cookie"])).toBe(false);
      // It waited for a connection as long as the setting says, once: not again on another pool.
      expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(2 * CONNECT_TIMEOUT_MS);
    } finally {
      await relay!.up();
    }
    await waitUntilBack();
    expect(client.session()).toBe(session);
  });
});

describe("when the database goes away in the middle of a page's loader", () => {
  it("answers 503 with Retry-After and the unavailable text (document and data requests), and keeps the session", async () => {
    const { rows } = await app.su.query(
      `SELECT q.id, c.hash_id FROM questionnaires q JOIN companies c ON c.id = q.company_id JOIN users u ON u.id = c.primary_owner_id
        WHERE u.email = 'client@acme.test' AND q.name = '2025 Individual Tax Organizer' ORDER BY q.tax_year DESC LIMIT 1`,
    );
    const path = `/questionnaire/${rows[0].hash_id}?questionnaireId=${rows[0].id}`;
    const session = client.session();
    expect((await client.get("acme", path)).status).toBe(200);

    const page = await dropMidLoader(path);
    expect(page.status, page.text.slice(0, 300)).toBe(503);
    expect(page.headers["retry-after"]).toMatch(/^\d+$/);
    expect(page.text).toContain("The portal is temporarily unavailable. Try again in a moment.");
    expect(page.text).not.toContain("Failed to load questionnaire");
    expect(clearsSession(page.headers["set-cookie"])).toBe(false);

    const dataPath = loaderDataPath(path, "routes/questionnaire.$companyHash");
    const loaded = await dropMidLoader(dataPath);
    expect(loaded.status, loaded.text.slice(0, 300)).toBe(503);
    expect(loaded.headers["retry-after"]).toMatch(/^\d+$/);
    expect(loaded.text).toContain("The portal is temporarily unavailable. Try again in a moment.");
    expect(clearsSession(loaded.headers["set-cookie"])).toBe(false);

    expect(client.session()).toBe(session);
    expect((await client.get("acme", path)).status).toBe(200);
  });
});

describe("when the database goes away during the session lookup", () => {
  it("answers 503 and the server stays up (the cut connection's error is handled)", async () => {
    const session = client.session();
    const page = await dropMidLoader("/profile", "sessions");
    expect(page.status, page.text.slice(0, 300)).toBe(503);
    expect(page.text).toContain("The portal is temporarily unavailable. Try again in a moment.");
    expect(clearsSession(page.headers["set-cookie"])).toBe(false);
    expect(client.session()).toBe(session);
    expect((await client.get("acme", "/profile")).status).toBe(200);
  });
});

describe("when the firm's settings were dropped from the cache just before the outage", () => {
  it("still answers with the outage page and its Refresh, not a bare text, in the firm's look", async () => {
    const before = await client.get("acme", "/profile");
    expect(before.status).toBe(200);
    // The firm's theme class and brand colour on <html>, as its pages have them.
    const htmlTag = (text: string) => /<html[^>]*>/.exec(text)?.[0] ?? "";
    const look = htmlTag(before.text);
    expect(look).toMatch(/class="[^"]+"/);
    // A change to the firm (as a partner saving its settings does) drops its cached settings and slug.
    await app.su.query(`SELECT pg_notify('firm_changed', 'firm_acme')`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await relay!.down();
    try {
      const page = await client.get("acme", "/profile");
      expect(page.status, page.text.slice(0, 300)).toBe(503);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.text).toMatch(/<h1[^>]*>The portal is temporarily unavailable\. Try again in a moment\.<\/h1>/);
      expect(page.text).toContain('href="/profile"');
      expect(clearsSession(page.headers["set-cookie"])).toBe(false);
      expect(htmlTag(page.text)).toBe(look);
      expect(page.text).toContain("<title>Acme Tax &amp; Advisory · Client Portal</title>");
      expect(page.text).toMatch(/<p[^>]*>Acme Tax &amp; Advisory<\/p>/);
    } finally {
      await relay!.up();
    }
    await waitUntilBack();
  });
});
