/**
 * Usage: npx tsx scripts/bench/reminders.ts [--questionnaires 500] [--workers 2]
 *
 * Automatic reminders at size: on a fresh throwaway database with the demo firms, makes N open
 * questionnaires of Acme due for a reminder (each on an entity with two subscribed owners, one on
 * Email & Text), then runs the reminder job with W concurrent runs (as W workers would) and prints
 * the wall time, reminders per second, SQL statements per reminder, and checks that each
 * questionnaire got exactly one reminder (3 outbox rows, 2 notifications).
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createTestDatabase, databaseEnv } from "../../tests/support/postgres";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const N = arg("questionnaires", 500);
const WORKERS = arg("workers", 2);

let statements = 0;
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (counting) statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, params);
} as typeof query;

async function main() {
  const database = await createTestDatabase();
  Object.assign(process.env, databaseEnv(database));
  const db = await import("../../app/db.server");
  const seed = await import("../../prisma/seed");
  const jobs = await import("../../app/reminders/jobs.server");
  await seed.seedDemo({ log: () => {} });
  const su = new pg.Client({ connectionString: database.url });
  await su.connect();
  try {
    const firmId = seed.demoFirmId("acme");
    await su.query(`UPDATE questionnaires SET next_reminder_date = NULL`);
    await su.query(
      `INSERT INTO users (id, firm_id, kind, email, fname, lname, phone_number, preferred_contact_method, updated_at)
       SELECT 'bu' || n || '_' || k, $1, 'client', 'bench' || n || '_' || k || '@example.com', 'Bench' || k, 'Client' || n, '50355' || lpad(n::text, 5, '0'),
              (CASE WHEN k = 1 THEN 'sms' ELSE 'email' END)::"ContactMethod", now()
         FROM generate_series(1, $2) n, generate_series(1, 2) k`,
      [firmId, N],
    );
    await su.query(
      `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, updated_at)
       SELECT 'bc' || n, $1, 'benchhash' || n, 'Bench Entity ' || n, 'Partnership', 'bu' || n || '_1', now() FROM generate_series(1, $2) n`,
      [firmId, N],
    );
    await su.query(
      `INSERT INTO company_owners (id, firm_id, company_id, user_id, is_primary) SELECT 'bo' || n || '_' || k, $1, 'bc' || n, 'bu' || n || '_' || k, k = 1 FROM generate_series(1, $2) n, generate_series(1, 2) k`,
      [firmId, N],
    );
    await su.query(
      `INSERT INTO owner_notification_subscriptions (firm_id, company_id, user_id, notification_type_id) SELECT $1, 'bc' || n, 'bu' || n || '_' || k, 3 FROM generate_series(1, $2) n, generate_series(1, 2) k`,
      [firmId, N],
    );
    await su.query(
      `INSERT INTO questionnaires (id, firm_id, company_id, name, tax_year, due_date, sent_at, next_reminder_date, updated_at)
       SELECT 'bq' || n, $1, 'bc' || n, 'Bench Organizer', 2025, current_date + 20, now() - interval '10 days', now() - interval '1 minute', now() FROM generate_series(1, $2) n`,
      [firmId, N],
    );
    await su.query(
      `INSERT INTO sections (id, firm_id, questionnaire_id, section_type, name, "order", updated_at) SELECT 'bs' || n, $1, 'bq' || n, 0, 'Welcome', 0, now() FROM generate_series(1, $2) n`,
      [firmId, N],
    );

    const context = { sql: async <R>(text: string, values: unknown[] = []) => (await su.query(text, values)).rows as R[] };
    const log = console.info;
    console.info = () => {};
    counting = true;
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: WORKERS }, () => jobs.sendDueReminders(context)));
    const ms = performance.now() - started;
    counting = false;
    console.info = log;
    const reminded = results.reduce((sum, r) => sum + r.reminded, 0);
    const { rows: perQ } = await su.query(
      `SELECT count(*) FILTER (WHERE m = 3)::int AS exact, count(*)::int AS total FROM (SELECT c.id, (SELECT count(*) FROM outbound_messages o WHERE o.user_id IN ('bu' || substr(c.id, 3) || '_1', 'bu' || substr(c.id, 3) || '_2')) AS m FROM companies c WHERE c.id LIKE 'bc%') t`,
    );
    const { rows: notes } = await su.query(`SELECT count(*)::int AS n FROM notifications WHERE company_id LIKE 'bc%'`);
    console.log(
      `questionnaires due ${N}, concurrent runs ${WORKERS}: reminded ${reminded} (${results.map((r) => r.reminded).join(" + ")}) in ${(ms / 1000).toFixed(2)} s`,
    );
    console.log(
      `  ${(reminded / (ms / 1000)).toFixed(0)} reminders/s, ${(ms / Math.max(1, reminded)).toFixed(1)} ms each (wall), ${(statements / Math.max(1, reminded)).toFixed(1)} SQL statements each (with transaction control)`,
    );
    console.log(
      `  questionnaires with exactly one reminder (3 outbox rows): ${perQ[0].exact} of ${perQ[0].total}; notifications ${notes[0].n} (expected ${2 * N})`,
    );
  } finally {
    await su.end();
    await db.closeDb();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
