/**
 * Usage: npx tsx scripts/bench/tenant-page.ts [--seconds 10] [--connections 50]
 *
 * Measures, in one run, requests per second and latency of
 *   (a) a bare Node `http` server answering a static HTML page, and
 *   (b) a signed-in tenant page rendered by the app (the client dashboard of acme),
 * and prints the ratio and the app's CPU time per request (user + system of this process, where
 * the app runs, over the requests served). Targets: (b) at least 10% of (a)'s requests per second,
 * p99 under 100 ms at 50 connections, at most 5 ms of CPU per request.
 * With --mixed, then (c): 200 connections for 60 s (--mixed-connections, --mixed-seconds) of mixed
 * signed-in traffic, each connection cycling through the dashboard, a questionnaire page, the
 * documents page and an autosave: errors and p50/p95/p99, and the load generator's own CPU (it
 * shares the cores). Target: 0 errors, p95 under 500 ms.
 * Each connection is one of 200 clients (--mixed-clients), each answering a questionnaire of their own.
 * `--page questionnaire|documents|autosave` measures that page (or an answer's autosave) in (b) instead of the dashboard.
 * `--profile file.cpuprofile` writes a CPU profile of the app during (b); `--statements` prints the
 * statements one request of the page sends; `--app-only` skips (a). The load comes from autocannon in a separate process; the servers
 * run in this one. Needs `npm run build` first. Uses fresh embedded services in a temp dir.
 * `--workers N` serves the app as `npm start` does instead: a cluster of N server processes
 * (scripts/lib/cluster.ts; `--workers 0` for WEB_CONCURRENCY or one per core). CPU per request is
 * then the workers' (from /proc), PostgreSQL's is printed beside it, and transactions per request
 * come from PostgreSQL's own count (background jobs included) instead of counting statements.
 * `--pg-statements` loads PostgreSQL's pg_stat_statements and prints, after (b) and after (c), the
 * statements that cost the database most: calls and planning + execution time per request.
 * The app's requests say which encodings they accept as a browser does (Chrome's
 * `Accept-Encoding`), so the app compresses its answers as it does for users; `--identity`
 * leaves the header out (uncompressed answers).
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../lib/embedded-postgres";
import { connectionsHeld, processTreeCpuMs, type CpuReading } from "./lib/proc-cpu";
import { hostRequest } from "../../tests/support/http";

const args = process.argv.slice(2);
/** What Chrome sends: the app compresses each answer for it as it does for users (`--identity`: no header). */
const acceptEncoding: Record<string, string> = args.includes("--identity") ? {} : { "accept-encoding": "gzip, deflate, br, zstd" };
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 10);
/** `--profile out.cpuprofile`: a CPU profile of the app process during (b) only (open it in Chrome DevTools). */
const profilePath = args.includes("--profile") ? args[args.indexOf("--profile") + 1] : null;

async function startProfile() {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop(file: string) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of (b) written to ${file}`);
    },
  };
}
const CONNECTIONS = arg("connections", 50);
/** null: the app runs in this process; a number: a cluster of that many server processes. */
const WORKERS = args.includes("--workers") ? arg("workers", 0) : null;
/** `--pg-statements`: what each statement cost PostgreSQL (pg_stat_statements), after (b) and (c). */
const PG_STATEMENTS = args.includes("--pg-statements");

/**
 * PostgreSQL's statement statistics: "create" the extension, "reset" them, or "print" the
 * statements that cost most since the reset, per request of the phase (`requests`).
 */
async function statementStats(what: "create" | "reset" | "print", requests = 1) {
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();
  try {
    if (what === "create") await su.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    if (what === "reset") await su.query("SELECT pg_stat_statements_reset()");
    if (what !== "print") return;
    const { rows } = await su.query<{ calls: string; plans: string; plan_ms: number; exec_ms: number; query: string }>(
      `SELECT calls, plans, total_plan_time AS plan_ms, total_exec_time AS exec_ms, query
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_plan_time + total_exec_time DESC LIMIT 25`,
    );
    const total = rows.reduce((sum, r) => sum + r.plan_ms + r.exec_ms, 0);
    console.log(
      `    statements (pg_stat_statements, top 25 by time; per request: calls, planning + execution ms; ${(total / requests).toFixed(3)} ms in all):`,
    );
    for (const r of rows) {
      const text = r.query.replace(/\s+/g, " ").slice(0, 110);
      console.log(
        `    ${(Number(r.calls) / requests).toFixed(2).padStart(6)} calls  ${(r.plan_ms / requests).toFixed(3)} + ${(r.exec_ms / requests).toFixed(3)} ms  ${text}`,
      );
    }
  } finally {
    await su.end();
  }
}

/** `--page questionnaire|documents`: (b) loads that page of the client's instead of the dashboard. */
const PAGE = args.includes("--page") ? args[args.indexOf("--page") + 1] : "dashboard";

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>, seconds: number, post?: string): Promise<Result> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}=${v}`]);
  const postArgs = post === undefined ? [] : ["-m", "POST", "-b", post];
  return new Promise((resolve, reject) => {
    const child = spawn("autocannon", ["-j", "-c", String(CONNECTIONS), "-d", String(seconds), ...headerArgs, ...postArgs, url], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => {
      try {
        const json = JSON.parse(out);
        resolve({ rps: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, errors: json.errors, non2xx: json.non2xx });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Counts the statements every pg client of this process sends (the app's pool included) until stop(). */
function countQueries() {
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    stop() {
      pg.Client.prototype.query = original;
      return count;
    },
  };
}

/** Committed and rolled-back transactions of the app's database so far (PostgreSQL's statistics, read after they are flushed). */
async function transactionCount(): Promise<number> {
  await new Promise((r) => setTimeout(r, 1_100)); // backends report their counts at most once a second
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();
  const { rows } = await su.query<{ n: string }>(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`);
  await su.end();
  return Number(rows[0]?.n ?? 0);
}

function processRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The page (b) loads; `autosave` posts an answer instead (the same question each time, as one client typing). */
async function pagePathOf(page: string): Promise<{ path: string; post?: string }> {
  if (page === "dashboard") return { path: "/" };
  const target = await mixedTarget();
  if (page === "questionnaire") return { path: `/questionnaire/${target.hash}?questionnaireId=${target.questionnaire}` };
  if (page === "documents") return { path: `/documents/${target.hash}` };
  if (page === "autosave") {
    const post = JSON.stringify({ intent: "answer", questionnaireId: target.questionnaire, questionId: target.question, answer: "Autosave" });
    return { path: `/api/questionnaires/${target.hash}`, post };
  }
  throw new Error(`--page: dashboard, questionnaire, documents or autosave (got ${page})`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as its own user when we are root
  const appPort = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${appPort}`,
    SESSION_SECRET: "benchmark-session-secret-0123456789",
    // The mixed load signs in one client per connection from this one address.
    SIGN_IN_REQUEST_LIMIT: "100000",
  });
  const { bootPortal } = await import("../lib/boot");
  const booted = await bootPortal({
    dataDir,
    postgresPort: 0,
    s3Port: 0,
    port: appPort,
    serve: WORKERS === null,
    postgresFlags: PG_STATEMENTS ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track_planning=on"] : [],
  });
  if (PG_STATEMENTS) await statementStats("create");

  let workerPids: number[] = [];
  let stopWorkers = async () => {};
  if (WORKERS !== null) {
    const { startCluster, webConcurrency } = await import("../lib/cluster");
    const count = WORKERS || webConcurrency();
    const clusterModule = (await import("node:cluster")).default;
    const servers = await startCluster({ count, log: (m) => console.log(m) });
    workerPids = Object.values(clusterModule.workers ?? {}).map((w) => w!.process.pid!);
    stopWorkers = servers.stop;
    console.log(`The app: a cluster of ${count} server processes (as npm start runs it).`);
  }
  const postmasterPid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);

  const host = `acme.localhost:${appPort}`;
  const signIn = await hostRequest(appPort, { host, path: "/signin", form: { email: "client@acme.test", password: "Portal-Demo-2026!" } });
  const cookie = signIn.cookie;
  if (!cookie) throw new Error(`Sign-in failed (${signIn.status})`);
  const page = await hostRequest(appPort, { host, path: "/", headers: { cookie } });
  const html = page.text;
  if (page.status !== 200 || !html.includes("Welcome")) throw new Error(`The tenant page did not render (${page.status})`);
  const sent = await encodedSize(appPort, { host, cookie, ...acceptEncoding });

  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  const barePort = await freePort();
  await new Promise<void>((r) => bare.listen(barePort, "127.0.0.1", r));

  // In a cluster, a server that runs without one of the module patches says so in its start log (server.ts).
  const skipped = WORKERS === null ? (await import("../../server")).patchesSkipped() : null;
  console.log(
    `Page size ${(html.length / 1024).toFixed(1)} KiB (sent: ${(sent.bytes / 1024).toFixed(1)} KiB, ${sent.encoding}); ${CONNECTIONS} connections; ${SECONDS} s each (after a 3 s warm-up).`,
  );
  console.log(
    `Module patches: ${skipped === null ? "as each server's start log says (silent: all installed)" : skipped.length ? `without ${skipped.join(", ")}` : "all installed"}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}.`,
  );
  const skipBare = args.includes("--app-only"); // for profiling the app alone (node --cpu-prof)
  if (!skipBare) await autocannon(`http://127.0.0.1:${barePort}/`, {}, 3);
  const a = skipBare ? { rps: NaN, p50: 0, p99: 0, errors: 0, non2xx: 0 } : await autocannon(`http://127.0.0.1:${barePort}/`, {}, SECONDS);
  const { path: pagePath, post } = await pagePathOf(PAGE ?? "dashboard");
  const pageHeaders: Record<string, string> =
    post === undefined
      ? { host, cookie, ...acceptEncoding }
      : { host, cookie, ...acceptEncoding, origin: `http://${host}`, "content-type": "application/json", accept: "application/json" };
  await autocannon(`http://127.0.0.1:${appPort}${pagePath}`, pageHeaders, 3, post);
  if (args.includes("--statements") && WORKERS === null) {
    // `--statements`: the statements one request of the page sends (the app runs in this process),
    // once the warm-up's last requests are answered.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
      const first = params[0] as string | { text?: string };
      sent.push((typeof first === "string" ? first : (first.text ?? "?")).replace(/\s+/g, " ").trim());
      return (original as (...a: unknown[]) => unknown).apply(this, params);
    } as typeof original;
    await hostRequest(appPort, { host, path: pagePath, headers: post === undefined ? { cookie } : pageHeaders, body: post });
    pg.Client.prototype.query = original;
    console.log(`Statements of one request of ${pagePath} (${sent.length}):`);
    for (const text of sent) console.log(`  ${text.slice(0, 160)}`);
  }
  const rssIdle = process.memoryUsage().rss;
  const profile = profilePath ? await startProfile() : null;
  const queries = countQueries();
  const cpuBefore = process.cpuUsage();
  const appCpu = (): CpuReading => {
    if (WORKERS === null) {
      const c = process.cpuUsage(cpuBefore);
      return { user: c.user / 1000, system: c.system / 1000 };
    }
    return workerPids.map((pid) => processTreeCpuMs(pid, false)).reduce((a, c) => ({ user: a.user + c.user, system: a.system + c.system }));
  };
  const transactions = await transactionCount();
  const primaryBefore = process.cpuUsage();
  const appBefore = appCpu();
  const pgBefore = processTreeCpuMs(postmasterPid, true);
  if (PG_STATEMENTS) await statementStats("reset");
  // Halfway through, how the connections are spread among the servers (their latencies follow it).
  let spread: number[] = [];
  const spreadTimer = setTimeout(() => (spread = connectionsHeld(workerPids, appPort)), (SECONDS * 1000) / 2);
  const b = await autocannon(`http://127.0.0.1:${appPort}${pagePath}`, pageHeaders, SECONDS, post);
  clearTimeout(spreadTimer);
  const appAfter = appCpu();
  const primaryCpu = process.cpuUsage(primaryBefore);
  const pgAfter = processTreeCpuMs(postmasterPid, true);
  const cpu = { user: (appAfter.user - appBefore.user) * 1000, system: (appAfter.system - appBefore.system) * 1000 };
  const statements = queries.stop();
  const transactionsPerRequest = (await transactionCount()) - transactions;
  if (profile && profilePath) await profile.stop(profilePath);
  const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, b.rps * SECONDS);

  const row = (name: string, r: Result) =>
    `${name.padEnd(32)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(row("(a) bare node http", a));
  console.log(row(`(b) signed-in ${PAGE === "dashboard" ? "tenant page" : PAGE}`, b));
  if (spread.length > 1) console.log(`connections held by each server during (b): ${spread.join(", ")}`);
  // The cluster's first process (this one) accepts and hands out the connections (on Linux), and keeps the embedded S3 server.
  if (WORKERS !== null)
    console.log(`first process (hands out connections, embedded S3): ${((primaryCpu.user + primaryCpu.system) / 1000).toFixed(0)} ms of CPU during (b) in all`);
  const served = Math.max(1, b.rps * SECONDS);
  console.log(
    `server CPU per request: ${cpuMsPerRequest.toFixed(2)} ms (user+system of the app process / requests: user ${(cpu.user / 1000 / served).toFixed(2)} ms, system ${(cpu.system / 1000 / served).toFixed(2)} ms)`,
  );
  console.log(
    `PostgreSQL CPU per request: ${((pgAfter.user + pgAfter.system - pgBefore.user - pgBefore.system) / served).toFixed(2)} ms (its server processes, from /proc)`,
  );
  if (WORKERS === null)
    console.log(`database statements per request: ${(statements / served).toFixed(1)} (every statement the app sent, BEGIN/COMMIT and settings included)`);
  console.log(
    `database transactions per request: ${(transactionsPerRequest / served).toFixed(2)} (PostgreSQL's count for the app's database, background jobs included)`,
  );
  const ratio = b.rps / a.rps;
  console.log(
    `ratio (b)/(a): ${(ratio * 100).toFixed(1)}%   target ≥ 10% with p99 < 100 ms and ≤ 5 ms CPU per request: ${ratio >= 0.1 && b.p99 < 100 && cpuMsPerRequest <= 5 ? "met" : "NOT met"}`,
  );
  if (PG_STATEMENTS) await statementStats("print", served);
  if (args.includes("--mixed"))
    await mixed(
      appPort,
      host,
      cookie,
      appCpu,
      () => processTreeCpuMs(postmasterPid, true),
      () => connectionsHeld(workerPids, appPort),
    );
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  if (WORKERS === null)
    console.log(`app process RSS: ${mib(rssIdle)} before the load, ${mib(process.memoryUsage().rss)} after (one process: the app and the bare server)`);
  else console.log(`server processes' RSS after the load: ${workerPids.map((pid) => mib(processRss(pid))).join(", ")}`);

  bare.close();
  await stopWorkers();
  await booted.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

/** The client's first open questionnaire with a text question (the mixed load's and `--page`'s target). */
async function mixedTarget(): Promise<{ hash: string; questionnaire: string; question: string }> {
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();
  const { rows } = await su.query<{ hash: string; questionnaire: string; question: string }>(
    `SELECT c.hash_id AS hash, q.id AS questionnaire, x.id AS question
       FROM users u JOIN company_owners o ON o.user_id = u.id JOIN companies c ON c.id = o.company_id
       JOIN questionnaires q ON q.company_id = c.id AND q.sent_at IS NOT NULL AND NOT q.is_draft AND q.deleted_at IS NULL AND NOT q.locked AND NOT q.completed
       JOIN questions x ON x.questionnaire_id = q.id AND x.question_type = 'text'
      WHERE u.email = 'client@acme.test' AND NOT c.inactive AND c.deleted_at IS NULL
      ORDER BY c.name, q.tax_year DESC, x."order" LIMIT 1`,
  );
  await su.end();
  const target = rows[0];
  if (!target) throw new Error("No open questionnaire with a text question for client@acme.test");
  return target;
}

interface MixedTarget {
  cookie: string;
  hash: string;
  questionnaire: string;
  question: string;
}

/**
 * `count` more clients of acme like client@acme.test, each with an entity of their own holding a
 * copy of the target questionnaire (its sections and questions), signed in: a client per
 * connection of the mixed load, as a season's clients each answer their own questionnaire (not
 * 200 connections writing one questionnaire's row). Copied row by row with new ids and owners.
 */
async function mixedClients(appPort: number, host: string, count: number): Promise<MixedTarget[]> {
  const target = await mixedTarget();
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();
  // Rows of `table` with some columns replaced (the others copied as they are, generated ones left to the table).
  const copy = async (table: string, alias: string, overrides: string, from: string, values: unknown[]) => {
    const { rows: columns } = await su.query<{ name: string }>(
      `SELECT quote_ident(attname) AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [table],
    );
    const names = columns.map((c) => c.name);
    await su.query(
      `INSERT INTO ${table} (${names.join(", ")})
       SELECT ${names.map((n) => `(r).${n}`).join(", ")} FROM (SELECT jsonb_populate_record(NULL::${table}, to_jsonb(${alias}) || ${overrides}) AS r ${from}) copied`,
      values,
    );
  };
  try {
    await su.query("BEGIN");
    await copy(
      "users",
      "u",
      `jsonb_build_object('id', u.id || '_m' || k, 'email', 'mixed' || k || '@acme.test', 'phone', NULL)`,
      `FROM users u, generate_series(1, $1::int) k WHERE u.email = 'client@acme.test' AND u.firm_id = 'firm_acme'`,
      [count],
    );
    const { rows } = await su.query<{ company_id: string; user_id: string }>(
      `SELECT q.company_id, u.id AS user_id FROM questionnaires q, users u WHERE q.id = $1 AND u.email = 'client@acme.test' AND u.firm_id = q.firm_id`,
      [target.questionnaire],
    );
    const { company_id: companyId, user_id: userId } = rows[0]!;
    await copy(
      "companies",
      "c",
      `jsonb_build_object('id', c.id || '_m' || k, 'hash_id', md5(c.hash_id || k), 'name', 'Mixed load ' || k, 'primary_owner_id', $3 || '_m' || k)`,
      `FROM companies c, generate_series(1, $1::int) k WHERE c.id = $2`,
      [count, companyId, userId],
    );
    await copy(
      "company_owners",
      "o",
      `jsonb_build_object('id', o.id || '_m' || k, 'company_id', o.company_id || '_m' || k, 'user_id', o.user_id || '_m' || k)`,
      `FROM company_owners o, generate_series(1, $1::int) k WHERE o.company_id = $2 AND o.user_id = $3`,
      [count, companyId, userId],
    );
    await copy(
      "questionnaires",
      "q",
      `jsonb_build_object('id', q.id || '_m' || k, 'company_id', q.company_id || '_m' || k)`,
      `FROM questionnaires q, generate_series(1, $1::int) k WHERE q.id = $2`,
      [count, target.questionnaire],
    );
    await copy(
      "sections",
      "s",
      `jsonb_build_object('id', s.id || '_m' || k, 'questionnaire_id', s.questionnaire_id || '_m' || k, 'trigger_question_id', NULL, 'document_id', NULL, 'signed_document_id', NULL)`,
      `FROM sections s, generate_series(1, $1::int) k WHERE s.questionnaire_id = $2`,
      [count, target.questionnaire],
    );
    await copy(
      "questions",
      "x",
      `jsonb_build_object('id', x.id || '_m' || k, 'questionnaire_id', x.questionnaire_id || '_m' || k, 'section_id', x.section_id || '_m' || k,
                            'follow_up_question_id', x.follow_up_question_id || '_m' || k, 'answered_by_id', NULL)`,
      `FROM questions x, generate_series(1, $1::int) k WHERE x.questionnaire_id = $2`,
      [count, target.questionnaire],
    );
    // A section shown on a question's answer names a question of the copy (set once the questions are in).
    await su.query(
      `UPDATE sections s SET trigger_question_id = o.trigger_question_id || '_m' || k
         FROM sections o, generate_series(1, $1::int) k WHERE o.questionnaire_id = $2 AND o.trigger_question_id IS NOT NULL AND s.id = o.id || '_m' || k`,
      [count, target.questionnaire],
    );
    await su.query("COMMIT");
    // What autovacuum does on a live database soon after such a batch: the planner sees the rows.
    await su.query("VACUUM ANALYZE");
    const { rows: hashes } = await su.query<{ k: number; hash: string }>(
      `SELECT k, md5(c.hash_id || k) AS hash FROM companies c, generate_series(1, $1::int) k WHERE c.id = $2 ORDER BY k`,
      [count, companyId],
    );
    const targets: MixedTarget[] = [];
    // Signed in a few at a time (each sign-in checks a password hash).
    for (let i = 0; i < hashes.length; i += 8) {
      const batch = await Promise.all(
        hashes.slice(i, i + 8).map(async ({ k, hash }) => {
          const signIn = await hostRequest(appPort, { host, path: "/signin", form: { email: `mixed${k}@acme.test`, password: "Portal-Demo-2026!" } });
          if (!signIn.cookie) throw new Error(`Sign-in of mixed${k}@acme.test failed (${signIn.status})`);
          return { cookie: signIn.cookie, hash, questionnaire: `${target.questionnaire}_m${k}`, question: `${target.question}_m${k}` };
        }),
      );
      targets.push(...batch);
    }
    return targets;
  } catch (error) {
    await su.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await su.end();
  }
}

/** (c): mixed signed-in traffic from a separate process (scripts/bench/lib/mixed-load.ts). */
async function mixed(appPort: number, host: string, cookie: string, appCpu: () => CpuReading, pgCpu: () => CpuReading, connectionSpread: () => number[]) {
  const connections = arg("mixed-connections", 200);
  const seconds = arg("mixed-seconds", 60);
  // `--mixed-clients N` (default one per connection); 0: every connection is client@acme.test on one questionnaire.
  const clients = arg("mixed-clients", connections);
  const target = await mixedTarget();
  const targets: MixedTarget[] = clients > 0 ? await mixedClients(appPort, host, clients) : [{ cookie, ...target }];
  console.log(`(c) ${targets.length} signed-in client(s), each on a questionnaire of their own`);
  const origin = `http://${host}`;
  // {cookie}, {hash}, {questionnaire} and {question}: each connection's client (scripts/bench/lib/mixed-load.ts).
  const headers = { host, cookie: "{cookie}", ...acceptEncoding };
  const requests = [
    { method: "GET", path: "/", headers },
    { method: "GET", path: `/questionnaire/{hash}?questionnaireId={questionnaire}`, headers },
    { method: "GET", path: `/documents/{hash}`, headers },
    {
      method: "POST",
      path: `/api/questionnaires/{hash}`,
      headers: { ...headers, origin, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ intent: "answer", questionnaireId: "{questionnaire}", questionId: "{question}", answer: "Mixed load" }),
    },
  ];
  // `--mixed-only questionnaire,documents`: only those of the four (to find which one is slow).
  const only = args.includes("--mixed-only") ? (args[args.indexOf("--mixed-only") + 1] ?? "").split(",") : null;
  const names = ["dashboard", "questionnaire", "documents", "autosave"];
  const chosen = only ? requests.filter((_r, i) => only.includes(names[i]!)) : requests;
  if (only) console.log(`(c) only: ${only.join(", ")}`);
  const cpuBefore = appCpu();
  const pgBefore = pgCpu();
  if (PG_STATEMENTS) await statementStats("reset");
  let spread: number[] = [];
  const spreadTimer = setTimeout(() => (spread = connectionSpread()), (seconds * 1000) / 2);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      "npx",
      [
        "tsx",
        path.join(path.dirname(new URL(import.meta.url).pathname), "lib/mixed-load.ts"),
        JSON.stringify({ url: `http://127.0.0.1:${appPort}`, connections, seconds, requests: chosen, targets }),
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(text));
  });
  clearTimeout(spreadTimer);
  const cpuAfter = appCpu();
  const pgAfter = pgCpu();
  const cpu = { user: (cpuAfter.user - cpuBefore.user) * 1000, system: (cpuAfter.system - cpuBefore.system) * 1000 };
  const r = JSON.parse(out.slice(out.indexOf("{"))) as {
    rps: number;
    total: number;
    p50: number;
    p95: number;
    p99: number;
    max: number;
    errors: number;
    non2xx: number;
    perRequest: { method: string; path: string; count: number; p50: number; p95: number }[];
    cpuMs: number;
  };
  const errors = r.errors + r.non2xx;
  console.log(
    `(c) mixed, ${connections} connections × ${seconds} s  ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   p99 ${r.p99} ms   max ${r.max} ms   errors ${errors}   CPU ${((cpu.user + cpu.system) / 1000 / Math.max(1, r.total)).toFixed(2)} ms/request (PostgreSQL ${((pgAfter.user + pgAfter.system - pgBefore.user - pgBefore.system) / Math.max(1, r.total)).toFixed(2)})`,
  );
  if (spread.length > 1) console.log(`    connections held by each server during (c): ${spread.join(", ")}`);
  for (const q of r.perRequest)
    console.log(`    ${q.method} ${q.path.split("?")[0]!.padEnd(40)} ${String(q.count).padStart(6)} answers   p50 ${q.p50} ms   p95 ${q.p95} ms`);
  // On one machine the load generator takes its share of the same cores: say how much.
  console.log(
    `    load generator CPU ${(r.cpuMs / Math.max(1, r.total)).toFixed(2)} ms/request (${((r.cpuMs / 1000 / seconds) * 100).toFixed(0)}% of one core; ${availableParallelism()} cores in all)`,
  );
  console.log(`    target 0 errors and p95 < 500 ms: ${errors === 0 && r.p95 < 500 ? "met" : "NOT met"}`);
  if (PG_STATEMENTS) await statementStats("print", Math.max(1, r.total));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** The dashboard's bytes as sent for these request headers (compressed for a browser's Accept-Encoding), and their encoding. */
function encodedSize(port: number, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
