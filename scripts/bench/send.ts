/**
 * Usage: npx tsx scripts/bench/send.ts [--entities 1000] [--template schedule_c]
 *
 * Sending a template to many entities: creates N active entities (each with its own client) in
 * the demo firm acme, signs in the partner, then POSTs /api/staff/send (the Send Questionnaire
 * dialog's call) with the Schedule C template for all of them, and prints
 *   (a) the request's time: the send is recorded and handed to the background job, target: at once;
 *   (b) the background completion time: until every entity has its questionnaire and the
 *       scheduler is done, target ≤ 30 s; and how many emails reached the outbox.
 * Needs `npx remix build` first. Uses fresh embedded services in a temp dir; the job worker runs in
 * this process (JOBS_WORKER=true), as in a one-server deployment.
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
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const ENTITIES = Number(arg("entities", "1000"));
const TEMPLATE = arg("template", "schedule_c");

function postJson(port: number, host: string, pathName: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathName,
        method: "POST",
        headers: { host, "content-type": "application/json", accept: "application/json", "content-length": Buffer.byteLength(payload), ...headers },
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

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-send-"));
  chmodSync(dataDir, 0o755);
  const appPort = await freePort();
  Object.assign(process.env, {
    NODE_ENV: "production",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_DOMAIN: `localhost:${appPort}`,
    SESSION_SECRET: "benchmark-session-secret-0123456789",
    JOBS_WORKER: "true",
  });
  const { bootPortal } = await import("../lib/boot");
  const booted = await bootPortal({ dataDir, postgresPort: 0, s3Port: 0, port: appPort });
  const su = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
  await su.connect();

  // ─── N entities, each owned by its own client ───
  const firmId = "firm_acme";
  await su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, updated_at)
     SELECT 'bench-u-' || n, $1, 'client', 'bench' || n || '@example.com', 'Client', 'Bench ' || n, now() FROM generate_series(1, $2::int) n`,
    [firmId, ENTITIES],
  );
  await su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, updated_at)
     SELECT 'bench-c-' || n, $1, 'benchc' || lpad(n::text, 6, '0'), 'Bench Business ' || n, 'S-Corporation', 'bench-u-' || n, now() FROM generate_series(1, $2::int) n`,
    [firmId, ENTITIES],
  );
  await su.query(
    `INSERT INTO company_owners (id, firm_id, company_id, user_id, is_primary)
     SELECT 'bench-o-' || n, $1, 'bench-c-' || n, 'bench-u-' || n, true FROM generate_series(1, $2::int) n`,
    [firmId, ENTITIES],
  );
  const { rows: tpl } = await su.query(
    `SELECT id, (SELECT count(*)::int FROM template_questions q WHERE q.template_id = t.id) AS questions FROM questionnaire_templates t WHERE firm_id = $1 AND canned_key = $2`,
    [firmId, TEMPLATE],
  );
  const companyIds = Array.from({ length: ENTITIES }, (_, i) => `bench-c-${i + 1}`);

  // ─── Sign in the partner (password, then the emailed second factor) ───
  const host = `acme.localhost:${appPort}`;
  const origin = `http://${host}`;
  const first = await hostRequest(appPort, { host, path: "/signin", form: { email: "partner@acme.test", password: "Portal-Demo-2026!" }, headers: { origin } });
  const waiting = first.cookie ?? "";
  await hostRequest(appPort, { host, path: "/signin", form: { intent: "send-code:email", flow: "2fa" }, headers: { origin, cookie: waiting } });
  const { rows: codes } = await su.query(`SELECT subject FROM outbound_messages WHERE "to" = 'partner@acme.test' ORDER BY created_at DESC LIMIT 1`);
  const code = String(codes[0]?.subject ?? "").match(/\b(\d{6})\b/)?.[1] ?? "";
  const verified = await hostRequest(appPort, {
    host,
    path: "/signin",
    form: { intent: "verify-code", flow: "2fa", code },
    headers: { origin, cookie: waiting },
  });
  const cookie = verified.cookie ?? "";
  if (!cookie) throw new Error(`Sign-in failed (${verified.status})`);

  const { rows: before } = await su.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE firm_id = $1 AND "to" LIKE 'bench%@example.com'`, [firmId]);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

  // ─── (a) the request ───
  const started = performance.now();
  const response = await postJson(
    appPort,
    host,
    "/api/staff/send",
    { intent: "template", templateId: tpl[0].id, taxYear: 2025, companyIds, dueDate: due },
    { cookie, origin },
  );
  const requestMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`Send failed (${response.status}): ${response.text.slice(0, 300)}`);
  const result = JSON.parse(response.text) as { status: string; schedulerId: string; count: number };

  // ─── (b) the background run ───
  let made = 0;
  let active = true;
  for (;;) {
    const { rows } = await su.query(
      `SELECT (SELECT count(*)::int FROM questionnaires WHERE template_scheduler_id = $1) AS made, (SELECT active FROM template_schedulers WHERE id = $1) AS active`,
      [result.schedulerId],
    );
    made = rows[0].made;
    active = rows[0].active;
    if ((made >= ENTITIES && !active) || performance.now() - started > 300_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const doneMs = performance.now() - started;
  const { rows: mails } = await su.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM outbound_messages WHERE firm_id = $1 AND "to" LIKE 'bench%@example.com'`,
    [firmId],
  );
  const { rows: rows } = await su.query(
    `SELECT (SELECT count(*)::int FROM questions q JOIN questionnaires x ON x.id = q.questionnaire_id WHERE x.template_scheduler_id = $1) AS questions`,
    [result.schedulerId],
  );

  console.log(`Send ${TEMPLATE} (${tpl[0].questions} questions) to ${ENTITIES} entities through POST /api/staff/send:`);
  console.log(
    `  (a) request: ${requestMs.toFixed(0)} ms (status ${result.status}, ${result.count} entities handed to the background job) — target: returns at once`,
  );
  console.log(
    `  (b) background completion: ${(doneMs / 1000).toFixed(1)} s after the request started — ${made} questionnaires, ${rows[0].questions} questions, ${mails[0].n - before[0].n} emails queued (${mails[0].sent} recorded sent) — target ≤ 30 s: ${doneMs <= 30_000 && made === ENTITIES ? "met" : "NOT met"}`,
  );

  await su.end();
  await booted.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
