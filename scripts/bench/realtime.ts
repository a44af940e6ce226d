/**
 * Usage: npx tsx scripts/bench/realtime.ts [--streams 1000] [--messages 40] [--staff-streams 100]
 *
 * Live events on one app server (its own process, NODE_ENV=production, on fresh embedded
 * services): opens `streams` Server-Sent Event streams on GET /api/events — `staff-streams` of them
 * the partner's (tabs of a staff member taking part in every conversation), the rest spread over
 * bench clients of the demo firm acme, three tabs each — then the partner answers `messages`
 * conversations, one at a time, through the page's action. Prints, in one run:
 *   - delivery time from sending the answer to its event on each participant's stream (the
 *     conversation's client's tabs and the partner's), p50/p95/max, target p95 ≤ 200 ms, beside
 *     the POST's own time (the event can only come after the commit);
 *   - that no stream of a client outside the conversation got it;
 *   - the app process's memory (RSS) before and after opening the streams, per idle stream;
 *   - the load average before and after (the machine is shared).
 * Needs `npx remix build` first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createCookie } from "@remix-run/node";
import pg from "pg";
import { freePort } from "../lib/embedded-postgres";
import { hostRequest } from "../../tests/support/http";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const STREAMS = arg("streams", 1000);
const MESSAGES = arg("messages", 40);
const STAFF_STREAMS = arg("staff-streams", 100);
const TABS = 3;
const CLIENTS = Math.ceil((STREAMS - STAFF_STREAMS) / TABS);
const FIRM = "firm_acme";
const SECRET = "benchmark-session-secret-0123456789";

const rssMiB = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0) / 1024;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stream {
  owner: string;
  onMessage: ((conversationId: string) => void) | null;
  received: Set<string>;
  close(): void;
}

/** The process running server.ts: tsx's child (or itself). */
function serverProcess(launcher: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === launcher && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.ts")) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return launcher;
}

function openStream(port: number, host: string, cookie: string, owner: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/api/events", agent: false, headers: { host, cookie, accept: "text/event-stream" } });
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      const stream: Stream = { owner, onMessage: null, received: new Set(), close: () => req.destroy() };
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.includes("event: message")) continue;
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          const conversationId = data ? (JSON.parse(data.slice(6)) as { conversationId: string }).conversationId : "";
          stream.received.add(conversationId);
          stream.onMessage?.(conversationId);
        }
      });
      res.on("error", () => {});
      resolve(stream);
    });
    req.end();
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-realtime-"));
  chmodSync(dataDir, 0o755);
  const appPort = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${appPort}`,
    SESSION_SECRET: SECRET,
    DATABASE_POOL_SIZE: "10",
  });
  const { bootPortal } = await import("../lib/boot");
  const booted = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port: appPort, serve: false });
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();

  // ─── Bench clients, each with an entity and a conversation the partner takes part in ───
  const { rows: partnerRows } = await su.query(`SELECT id FROM users WHERE firm_id = $1 AND email = 'partner@acme.test'`, [FIRM]);
  const partnerId = partnerRows[0].id as string;
  await su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, updated_at)
     SELECT 'rt-u-' || n, $1, 'client', 'rt' || n || '@example.com', 'Client', 'Live ' || n, now() FROM generate_series(1, $2::int) n`,
    [FIRM, CLIENTS],
  );
  await su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, updated_at)
     SELECT 'rt-c-' || n, $1, 'rtc' || lpad(n::text, 6, '0'), 'Live Business ' || n, 'S-Corporation', 'rt-u-' || n, now() FROM generate_series(1, $2::int) n`,
    [FIRM, CLIENTS],
  );
  await su.query(
    `INSERT INTO company_owners (id, firm_id, company_id, user_id, is_primary)
     SELECT 'rt-o-' || n, $1, 'rt-c-' || n, 'rt-u-' || n, true FROM generate_series(1, $2::int) n`,
    [FIRM, CLIENTS],
  );
  await su.query(`INSERT INTO conversations (id, firm_id) SELECT 'rt-v-' || n, $1 FROM generate_series(1, $2::int) n`, [FIRM, CLIENTS]);
  await su.query(
    `INSERT INTO conversation_companies (firm_id, conversation_id, company_id) SELECT $1, 'rt-v-' || n, 'rt-c-' || n FROM generate_series(1, $2::int) n`,
    [FIRM, CLIENTS],
  );
  await su.query(
    `INSERT INTO conversation_participants (firm_id, conversation_id, user_id, is_firm_user)
     SELECT $1, 'rt-v-' || n, 'rt-u-' || n, false FROM generate_series(1, $2::int) n
     UNION ALL SELECT $1, 'rt-v-' || n, $3, true FROM generate_series(1, $2::int) n`,
    [FIRM, CLIENTS, partnerId],
  );

  // ─── Sessions made directly (as a sign-in would: the token's hash stored, the token in a signed cookie) ───
  const cookieJar = createCookie("portal_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] });
  async function session(userId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await su.query(
      `INSERT INTO sessions (id, firm_id, user_id, expires_at, two_factor_verified_at, created_at, last_seen_at)
       VALUES ($1, $2, $3, now() + interval '8 hours', now(), now(), now())`,
      [createHash("sha256").update(token).digest("hex"), FIRM, userId],
    );
    return (await cookieJar.serialize(token)).split(";")[0]!;
  }
  const partnerCookie = await session(partnerId);
  const clientCookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) clientCookies.push(await session(`rt-u-${i + 1}`));
  await su.end();

  // ─── The app server in its own process ───
  const server: ChildProcess = spawn(path.join(root, "node_modules/.bin/tsx"), ["server.ts"], {
    cwd: root,
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening on port")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  const host = `acme.localhost:${appPort}`;
  const origin = `http://${host}`;
  const appPid = serverProcess(server.pid!);
  // Warm up: the inbox page and an action, so what is measured is steady state.
  for (let i = 0; i < 5; i++) await hostRequest(appPort, { host, path: "/messages", headers: { cookie: partnerCookie } });
  await sleep(1000);
  const rssBefore = rssMiB(appPid);
  const loadBefore = load();

  // ─── Messages: the partner answers conversations; time until each participant's stream has it ───
  const targets = Array.from({ length: MESSAGES }, (_, m) => 1 + ((m * 7) % CLIENTS));
  async function sendAll(streams: Stream[]) {
    const delivery: number[] = [];
    const postMs: number[] = [];
    for (let m = 0; m < MESSAGES; m++) {
      const n = targets[m]!;
      const conversationId = `rt-v-${n}`;
      const participants = streams.filter((s) => s.owner === "partner" || s.owner === `rt-u-${n}`);
      const started = performance.now();
      const arrived = Promise.all(
        participants.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.onMessage = (id) => {
                if (id !== conversationId) return;
                delivery.push(performance.now() - started);
                s.onMessage = null;
                resolve();
              };
            }),
        ),
      );
      const res = await hostRequest(appPort, {
        host,
        path: `/messages/${conversationId}.data`,
        form: { intent: "send", text: `Live answer ${m}` },
        headers: { origin, cookie: partnerCookie },
      });
      postMs.push(performance.now() - started);
      if (res.status >= 400) throw new Error(`send failed (${res.status}): ${res.text.slice(0, 200)}`);
      await Promise.race([arrived, sleep(10_000)]);
      await sleep(100);
    }
    return { delivery: delivery.sort((a, b) => a - b), postMs: postMs.sort((a, b) => a - b), expected: MESSAGES * (STAFF_STREAMS + TABS) };
  }

  // (a) only the participants' streams open; (b) the same with the others, to STREAMS in all.
  const streams: Stream[] = [];
  for (let i = 0; i < STAFF_STREAMS; i++) streams.push(await openStream(appPort, host, partnerCookie, "partner"));
  const messaged = new Set(targets);
  for (const n of messaged) for (let t = 0; t < TABS; t++) streams.push(await openStream(appPort, host, clientCookies[n - 1]!, `rt-u-${n}`));
  const fewCount = streams.length;
  await sleep(1000);
  const few = await sendAll(streams);
  const loadMiddle = load();
  const rssFew = rssMiB(appPid);
  for (let i = 0; streams.length < STREAMS; i++) {
    const n = 1 + (i % CLIENTS);
    if (messaged.has(n)) continue;
    streams.push(await openStream(appPort, host, clientCookies[n - 1]!, `rt-u-${n}`));
  }
  await sleep(2000);
  const rssOpen = rssMiB(appPid);
  const many = await sendAll(streams);

  const wrong = streams.filter((s) => s.owner !== "partner" && [...s.received].some((id) => id !== `rt-v-${s.owner.slice(5)}`)).length;
  const loadAfter = load();
  const rssAfter = rssMiB(appPid);
  const missing = few.expected - few.delivery.length + many.expected - many.delivery.length;
  const line = (label: string, r: typeof few) =>
    console.log(
      `  ${label}: delivery p50 ${pct(r.delivery, 50).toFixed(1)} ms, p95 ${pct(r.delivery, 95).toFixed(1)} ms, max ${r.delivery.at(-1)?.toFixed(1)} ms` +
        ` (${r.delivery.length}/${r.expected}); the send request itself p50 ${pct(r.postMs, 50).toFixed(1)} ms, p95 ${pct(r.postMs, 95).toFixed(1)} ms`,
    );
  console.log(`\nLive events on one app server: ${MESSAGES} answers by the partner, each timed from sending to its event on every participant's stream`);
  console.log(`  load average (1, 5, 15 min) before: ${loadBefore}   between: ${loadMiddle}   after: ${loadAfter}`);
  line(`${String(fewCount).padStart(5)} streams (participants only)`, few);
  line(`${String(streams.length).padStart(5)} streams (${STAFF_STREAMS} staff, ${streams.length - STAFF_STREAMS} over ${CLIENTS} clients)`, many);
  console.log(`  p95 with ${streams.length} streams / with ${fewCount}: ${(pct(many.delivery, 95) / pct(few.delivery, 95)).toFixed(2)}×   target p95 ≤ 200 ms`);
  console.log(`  streams of other clients that got a message not theirs: ${wrong}`);
  console.log(
    `  app memory (RSS): ${rssBefore.toFixed(1)} MiB before, ${rssFew.toFixed(1)} MiB with ${fewCount} streams, ${rssOpen.toFixed(1)} MiB with ${streams.length}, ${rssAfter.toFixed(1)} MiB after`,
  );
  console.log(
    `  per idle stream: ${(((rssOpen - rssFew) * 1024) / (streams.length - fewCount)).toFixed(1)} KiB (the ${streams.length - fewCount} streams opened in between)`,
  );

  for (const s of streams) s.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await booted.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(missing > 0 || wrong > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
