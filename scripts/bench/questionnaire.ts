/**
 * Usage: npx tsx scripts/bench/questionnaire.ts [--saves 200] [--warmup 20]
 *
 * The questionnaire engine at size: creates a questionnaire of 300 questions in 12 sections for
 * the demo client (client@acme.test), then
 *   (a) counts the SQL statements the questionnaire page's loader runs (pg's Client.prototype.query
 *       wrapped in this process, where the app runs), for that questionnaire and for a small seeded
 *       one: target ≤ 5 data statements, independent of size;
 *   (b) times the autosave round trip: POST /api/questionnaires/{hash} (one answer, JSON) with the
 *       firm's Host header, sequentially, after a warm-up: prints p50/p95/p99, target p95 ≤ 30 ms.
 * Needs `npx remix build` first. Uses fresh embedded services in a temp dir (JOBS_WORKER=false, so
 * no background job runs statements during the count).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { freePort } from "../lib/embedded-postgres";
import { hostRequest } from "../../tests/support/http";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SAVES = arg("saves", 200);
const WARMUP = arg("warmup", 20);
const SECTIONS = 12;
const QUESTIONS = 300;

// ─── Statement counting: every statement of every pg client in this process ───
const statements: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (counting) {
    const first = params[0] as string | { text?: string } | undefined;
    statements.push((typeof first === "string" ? first : (first?.text ?? "?")).replace(/\s+/g, " ").trim());
  }
  return (query as (...a: unknown[]) => unknown).apply(this, params);
} as typeof query;

/** A JSON POST with a chosen Host header (tests/support/http.ts hostRequest sends forms only). */
function postJson(port: number, host: string, pathName: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathName,
        method: "POST",
        agent: keepAlive,
        headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Transaction control and the firm scope are bookkeeping; the rest read data. */
const isBookkeeping = (sql: string) => /^(BEGIN|COMMIT|ROLLBACK|SET |RESET |SELECT set_config\(|select set_config\()/i.test(sql);

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
    JOBS_WORKER: "false",
  });
  const { bootPortal } = await import("../lib/boot");
  const booted = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port: appPort });
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();

  // ─── The 300-question questionnaire, on the demo client's first entity ───
  const { rows: owners } = await su.query(
    `SELECT c.firm_id, c.id AS company_id, c.hash_id FROM users u JOIN company_owners o ON o.user_id = u.id JOIN companies c ON c.id = o.company_id
      WHERE u.email = 'client@acme.test' AND NOT c.inactive AND c.deleted_at IS NULL ORDER BY c.name LIMIT 1`,
  );
  const { firm_id: firmId, company_id: companyId, hash_id: hash } = owners[0];
  const qid = "bench-questionnaire-300";
  await su.query(
    `INSERT INTO questionnaires (id, firm_id, company_id, name, tax_year, due_date, sent_at, updated_at) VALUES ($1, $2, $3, 'Benchmark Organizer (300 questions)', 2025, current_date + 60, now(), now())`,
    [qid, firmId, companyId],
  );
  await su.query(
    `INSERT INTO sections (id, firm_id, questionnaire_id, section_type, name, "order", updated_at)
     SELECT $1 || '-s' || s, $2, $1, 3, 'Section ' || s, s, now() FROM generate_series(1, ${SECTIONS}) s`,
    [qid, firmId],
  );
  const types = ["text", "boolean", "textarea", "date", "select", "entries"];
  await su.query(
    `INSERT INTO questions (id, firm_id, questionnaire_id, section_id, text, question_type, options, "order", updated_at)
     SELECT $1 || '-q' || n, $2, $1, $1 || '-s' || (1 + (n - 1) / ${QUESTIONS / SECTIONS}), 'Question ' || n,
            ($3::text[])[1 + n % 6]::"QuestionType",
            CASE WHEN n % 6 = 4 THEN ARRAY['One', 'Two', 'Three'] WHEN n % 6 = 5 THEN ARRAY['Name', 'Amount'] ELSE ARRAY[]::text[] END, n, now()
       FROM generate_series(1, ${QUESTIONS}) n`,
    [qid, firmId, types],
  );
  // Some answers, entries and notes, so every part of the loader has rows to read.
  await su.query(`UPDATE questions SET answer = 'Answered' WHERE questionnaire_id = $1 AND question_type = 'text' AND "order" % 2 = 0`, [qid]);
  await su.query(
    `INSERT INTO question_entries (id, firm_id, question_id, entry_number, field, value, updated_at)
     SELECT q.id || '-e' || e || f, q.firm_id, q.id, e, f, 'v', now() FROM questions q, generate_series(1, 2) e, unnest(ARRAY['Name', 'Amount']) f
      WHERE q.questionnaire_id = $1 AND q.question_type = 'entries'`,
    [qid],
  );
  await su.query(
    `INSERT INTO question_comments (id, firm_id, question_id, author_id, body)
     SELECT q.id || '-c', q.firm_id, q.id, u.id, 'A note' FROM questions q, users u WHERE q.questionnaire_id = $1 AND q."order" % 10 = 0 AND u.email = 'client@acme.test' AND u.firm_id = q.firm_id`,
    [qid],
  );
  const { rows: small } = await su.query(
    `SELECT q.id, (SELECT count(*)::int FROM questions x WHERE x.questionnaire_id = q.id) AS n FROM questionnaires q
      WHERE q.company_id = $1 AND q.id <> $2 AND NOT q.is_draft AND q.sent_at IS NOT NULL AND q.deleted_at IS NULL ORDER BY n LIMIT 1`,
    [companyId, qid],
  );

  // ─── Sign in the client ───
  const host = `acme.localhost:${appPort}`;
  const origin = `http://${host}`;
  const signIn = await hostRequest(appPort, { host, path: "/signin", form: { email: "client@acme.test", password: "Portal-Demo-2026!" }, headers: { origin } });
  const cookie = signIn.cookie ?? "";
  if (!cookie) throw new Error(`Sign-in failed (${signIn.status})`);

  // ─── (a) statements per page load ───
  async function countPage(questionnaireId: string) {
    // Single fetch: the route's loader alone (not the root's), as the browser asks for it on navigation.
    const url = `/questionnaire/${hash}.data?questionnaireId=${questionnaireId}&_routes=routes%2Fquestionnaire.%24companyHash`;
    await hostRequest(appPort, { host, path: url, headers: { cookie } }); // warm
    statements.length = 0;
    counting = true;
    const page = await hostRequest(appPort, { host, path: url, headers: { cookie } });
    counting = false;
    if (page.status !== 200 || (questionnaireId === qid && !page.text.includes("Question 300")))
      throw new Error(`The questionnaire did not load (${page.status}): ${page.text.slice(0, 200)}`);
    const list = [...statements];
    return { list, data: list.filter((s) => !isBookkeeping(s)) };
  }
  const big = await countPage(qid);
  const little = await countPage(small[0].id);
  console.log(`Questionnaire page loader (GET …/questionnaire/{hash}.data, signed-in client), statements in the whole request:`);
  for (const [label, r] of [
    [`${QUESTIONS} questions / ${SECTIONS} sections`, big],
    [`seeded (${small[0].n} questions)`, little],
  ] as const) {
    console.log(`  ${label.padEnd(32)} ${r.list.length} statements, ${r.data.length} reading data (the rest BEGIN/COMMIT/set_config)`);
  }
  console.log(`  statements for the 300-question page:`);
  for (const s of big.list) console.log(`    ${isBookkeeping(s) ? " " : "*"} ${s.slice(0, 110)}`);
  const loaderData = big.data.filter((s) => !/FROM "?public"?\."?sessions"?|sessions s|FROM sessions/i.test(s));
  console.log(
    `  questionnaire data statements (excluding the session lookup): ${loaderData.length} — target ≤ 5: ${loaderData.length <= 5 && big.data.length === little.data.length ? "met" : "NOT met"} (same count at both sizes: ${big.data.length === little.data.length})`,
  );

  // ─── (b) autosave round trip ───
  const { rows: texts } = await su.query(`SELECT id FROM questions WHERE questionnaire_id = $1 AND question_type = 'text' ORDER BY "order" LIMIT 20`, [qid]);
  const save = async (i: number) => {
    const started = performance.now();
    const res = await postJson(
      appPort,
      host,
      `/api/questionnaires/${hash}`,
      { intent: "answer", questionnaireId: qid, questionId: texts[i % texts.length].id, answer: `Answer ${i}` },
      { cookie, origin },
    );
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`Autosave failed (${res.status}): ${res.text.slice(0, 200)}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await save(i);
  statements.length = 0;
  counting = true;
  await save(WARMUP);
  counting = false;
  const perSave = statements.length;
  const times: number[] = [];
  for (let i = 0; i < SAVES; i++) times.push(await save(WARMUP + 1 + i));
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(`Autosave round trip (POST /api/questionnaires/{hash}, ${SAVES} sequential saves after ${WARMUP} warm-up, ${perSave} statements each):`);
  console.log(
    `  p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms   max ${times[times.length - 1]!.toFixed(1)} ms   — target p95 ≤ 30 ms: ${p95 <= 30 ? "met" : "NOT met"}`,
  );

  keepAlive.destroy();
  await su.end();
  await booted.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
