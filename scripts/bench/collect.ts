/**
 * Usage: npx tsx scripts/bench/collect.ts [--questionnaires 100000] [--firms 50] [--runs 30]
 *
 * Collect at size: on a fresh throwaway database with the demo firms, gives Acme 100,000 more
 * questionnaires (over 10,000 entities and clients, set-based INSERT … SELECT generate_series) and
 * adds 50 small firms beside it, then times the first page of the Collect table (listCollect, as
 * the page's loader calls it) for several filters and sorts, and counts the SQL statements each
 * runs (pg's Client.prototype.query wrapped in this process). Target: a fixed number of
 * statements whatever the size, p95 ≤ 50 ms. Then, side by side in the same run: searches read
 * from their trigram indexes against the same statements with ILIKE not LEAKPROOF (what row-level
 * security allowed before), and deep pages (also for a group-access advisor) by keyset against OFFSET.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createTestDatabase, databaseEnv } from "../../tests/support/postgres";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const QUESTIONNAIRES = arg("questionnaires", 100_000);
const FIRMS = arg("firms", 50);
const RUNS = arg("runs", 30);
const ENTITIES = Math.max(1, Math.round(QUESTIONNAIRES / 10));
/** --explain prints each statement's plan (EXPLAIN ANALYZE under the firm's row-level security). */
const EXPLAIN = args.includes("--explain");
/** --only <text>: only the cases whose label contains it (with --explain, to read one plan). */
const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1]! : "";
const captured: { text: string; values: unknown[] }[] = [];

const statements: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (counting) {
    const first = params[0] as string | { text?: string; values?: unknown[] } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "?");
    statements.push(text.replace(/\s+/g, " ").trim());
    // A prepared statement (app/db.server.ts) comes as one config object with its values.
    const values = (typeof first === "object" && first?.values) || (params[1] as unknown[]) || [];
    if (/^\s*SELECT/.test(text) && !text.includes("set_config")) captured.push({ text, values });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, params);
} as typeof query;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Set-based seeding: clients, entities and questionnaires for one firm in three statements. */
async function seedFirm(su: pg.Client, firmId: string, entities: number, questionnaires: number, advisors: string[], groups: string[]) {
  await su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, assigned_advisor_id, firm_group_id, external_user_id, updated_at)
     SELECT $1 || '_u' || n, $1, 'client', $1 || '.client' || n || '@bench.test', 'Client', 'Number ' || n,
            ($3::text[])[1 + n % greatest(array_length($3::text[], 1), 1)],
            CASE WHEN array_length($4::text[], 1) IS NULL OR n % 3 = 0 THEN NULL ELSE ($4::text[])[1 + n % array_length($4::text[], 1)] END,
            'EXT-U' || n, now()
       FROM generate_series(1, $2::int) AS n`,
    [firmId, entities, advisors, groups],
  );
  await su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, external_entity_id, updated_at)
     SELECT $1 || '_c' || n, $1, md5($1 || n), 'Bench Entity ' || lpad(n::text, 6, '0'),
            (ARRAY['Individual', 'Partnership', 'Trust', 'S-Corporation', 'C-Corporation'])[1 + n % 5], $1 || '_u' || n, 'EXT-E' || n, now()
       FROM generate_series(1, $2::int) AS n`,
    [firmId, entities],
  );
  await su.query(
    `INSERT INTO questionnaires (id, firm_id, company_id, name, tax_year, due_date, is_draft, locked, completed, in_progress, opened_at,
                                 sent_at, last_activity, last_activity_at, created_at, updated_at)
     SELECT $1 || '_q' || n, $1, $1 || '_c' || (1 + n % $2::int),
            (ARRAY['Individual Tax Organizer', 'Business Questionnaire', 'Trust Questionnaire'])[1 + n % 3],
            2019 + n % 7, current_date + ((n * 7919) % 120 - 30),
            n % 50 = 0, n % 11 = 0, n % 7 = 0, n % 4 = 0,
            CASE WHEN n % 3 = 0 THEN NULL ELSE now() - ((n % 400) || ' hours')::interval END,
            now() - interval '60 days', 'Answered a question',
            CASE WHEN n % 13 = 0 THEN NULL ELSE now() - (((n::bigint * 104729) % 500000) || ' seconds')::interval END,
            now() - ((n % 1000) || ' minutes')::interval, now()
       FROM generate_series(1, $3::int) AS n`,
    [firmId, entities, questionnaires],
  );
}

async function main() {
  const database = await createTestDatabase();
  Object.assign(process.env, databaseEnv(database));
  const db = await import("../../app/db.server");
  const seed = await import("../../prisma/seed");
  const list = await import("../../app/collect/overview/list.server");
  const { COLLECT_TABLE } = await import("../../app/collect/overview/table");
  const { readTableState } = await import("../../app/components/data-table/state");
  await seed.seedDemo({ log: () => {} });
  const su = new pg.Client({ connectionString: database.url });
  await su.connect();
  try {
    const firmId = seed.demoFirmId("acme");
    const started = performance.now();
    const { rows: adv } = await su.query(`SELECT id FROM users WHERE firm_id = $1 AND kind = 'staff'`, [firmId]);
    await su.query(`INSERT INTO firm_groups (id, firm_id, name) VALUES ($1 || '_g1', $1, 'Bench Group A'), ($1 || '_g2', $1, 'Bench Group B')`, [firmId]);
    await seedFirm(
      su,
      firmId,
      ENTITIES,
      QUESTIONNAIRES,
      adv.map((r) => r.id),
      [`${firmId}_g1`, `${firmId}_g2`],
    );
    await su.query(
      `INSERT INTO firms (id, name, slug, updated_at) SELECT 'bench_firm_' || n, 'Bench Firm ' || n, 'bench-' || n, now() FROM generate_series(1, $1::int) AS n`,
      [FIRMS],
    );
    for (let n = 1; n <= FIRMS; n++) await seedFirm(su, `bench_firm_${n}`, 20, 60, [], []);
    await su.query("VACUUM ANALYZE");
    // A group-access advisor in Bench Group A.
    await su.query(`UPDATE users SET firm_access = 'group', firm_group_id = $1 || '_g1' WHERE id = $2`, [firmId, adv[adv.length - 1].id]);
    console.log(
      `seeded ${QUESTIONNAIRES.toLocaleString("en-US")} questionnaires in acme + ${FIRMS} firms × 60 in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const scoped = db.firmDb(firmId);
    const prefs = await scoped.firmPreferences.findUniqueOrThrow({ where: { firmId } });
    const portal = {
      site: "firm" as const,
      db: scoped,
      origin: "http://acme.localhost",
      clientAddress: null,
      firm: {
        id: firmId,
        slug: "acme",
        name: "Acme",
        customDomain: null,
        timeZone: "Pacific Time (US & Canada)",
        themeName: "modern",
        brandColor: null,
        logoKey: null,
        logoUrl: null,
        supportEmail: null,
        preferences: prefs,
        vocabulary: [],
      },
    } as unknown as Parameters<typeof list.listCollect>[0];
    const partner = { id: adv[0].id as string, firmAccess: "partner" as const };
    const group = { id: adv[adv.length - 1].id as string, firmAccess: "group" as const };

    const cases: [string, string, typeof partner | typeof group][] = [
      ["default (last activity desc)", "", partner],
      ["status=opened, due date asc", "status=opened&sort=due_date&dir=asc", partner],
      ["year=2025, ordering rule", "year=2025&sort=status&dir=asc", partner],
      ["overdue, entity type, name", "status=overdue&entity_type=Trust&sort=name&dir=asc", partner],
      ["assigned advisor asc", "sort=assigned&dir=asc", partner],
      ["assigned advisor desc, page 50", "sort=assigned&dir=desc&page=50", partner],
      ["search 'Entity 0042'", "q=Entity%200042", partner],
      ["group access, in progress", "status=in_progress", group],
      ["page 500, size 50", "page=500&size=50", partner],
    ];
    type Viewer = typeof partner | typeof group;
    const measure = async (state: ReturnType<typeof readTableState>, viewer: Viewer) => {
      for (let i = 0; i < 3; i++) await list.listCollect(portal, viewer, state); // warm-up
      statements.length = 0;
      captured.length = 0;
      counting = true;
      const result = await list.listCollect(portal, viewer, state);
      counting = false;
      const counted = statements.filter((s) => !/^(BEGIN|COMMIT|ROLLBACK|SELECT set_config)/i.test(s)).length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await list.listCollect(portal, viewer, state);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      if (EXPLAIN) {
        for (const c of captured) {
          const plan = await db.firmSql<{ "QUERY PLAN": string }>(firmId, `EXPLAIN (ANALYZE, BUFFERS) ${c.text}`, c.values);
          console.log(plan.map((p) => p["QUERY PLAN"]).join("\n"));
        }
      }
      return { result, counted, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]! };
    };
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    for (const [label, search, viewer] of cases.filter(([label]) => label.includes(ONLY))) {
      const state = readTableState(new URLSearchParams(search), null, COLLECT_TABLE);
      const m = await measure(state, viewer);
      console.log(
        `${label.padEnd(30)} rows ${String(m.result.rows.length).padStart(2)} of ${String(m.result.page.total).padStart(6)}  statements ${m.counted}  ` +
          `p50 ${m.p50.toFixed(1)} ms  p95 ${m.p95.toFixed(1)} ms  max ${m.max.toFixed(1)} ms`,
      );
    }

    // Side by side, in this run: each improvement against what it replaced.
    //  search:       ILIKE read from the trigram indexes, against the same statement with ILIKE not
    //                LEAKPROOF (what row-level security allowed before: every row of the firm read);
    //  deep page:    page 200 of 50 rows by keyset (after page 199's last row), against OFFSET 9,950.
    const compare: [string, number, number][] = [];
    if (ONLY) return;
    const search = async (label: string, q: string, viewer: Viewer) => {
      const state = readTableState(new URLSearchParams(q), null, COLLECT_TABLE);
      const after = await measure(state, viewer);
      await su.query("ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF");
      const before = await measure(state, viewer);
      await su.query("ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF");
      compare.push([label, before.p95, after.p95]);
    };
    await search("search 'Entity 0042'", "q=Entity%200042", partner);
    await search("search 'organizer' (many)", "q=organizer", partner);
    await search("search, group access", "q=Entity%200042", group);
    // A page by keyset (after the previous page's last row) against the same page by OFFSET.
    const deepPage = async (label: string, search: string, page: number, viewer: Viewer) => {
      const state = readTableState(new URLSearchParams(`${search}&page=${page}&size=50`), null, COLLECT_TABLE);
      const previous = await list.listCollect(portal, viewer, { ...state, page: page - 1 });
      const byOffset = await measure(state, viewer);
      const byKeyset = await measure({ ...state, after: previous.page.nextCursor }, viewer);
      if (byKeyset.result.rows.map((r) => r.id).join() !== byOffset.result.rows.map((r) => r.id).join())
        throw new Error(`${label}: keyset page differs from the OFFSET page`);
      compare.push([label, byOffset.p95, byKeyset.p95]);
    };
    await deepPage("page 200 of 50 (offset → keyset)", "", 200, partner);
    await deepPage("group access, page 100 of 50", "status=in_progress", 100, group);
    await deepPage("assigned asc, page 200 of 50", "sort=assigned&dir=asc", 200, partner);
    await deepPage("assigned desc, page 200 of 50", "sort=assigned&dir=desc", 200, partner);
    console.log(
      `\nSide by side (p95, ${RUNS} runs; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}):`,
    );
    console.log(`${"case".padEnd(36)} ${"before".padStart(9)} ${"after".padStart(9)} ${"ratio".padStart(7)}`);
    for (const [label, before, after] of compare)
      console.log(`${label.padEnd(36)} ${before.toFixed(1).padStart(6)} ms ${after.toFixed(1).padStart(6)} ms ${(before / after).toFixed(1).padStart(6)}×`);
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
