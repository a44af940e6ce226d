/**
 * Usage: npx tsx scripts/bench/staff-tables.ts [--users 25000] [--entities 20000] [--small 50] [--runs 40] [--explain]
 *
 * The staff Users and Entities tables at size: on a fresh throwaway database, one large firm
 * (25,000 client users, 20,000 entities, 20 advisors, 5 groups, tags) beside 50 small ones
 * (200 users and 150 entities each), seeded with set-based SQL (generate_series, as the database
 * owner: the benchmark only). Then the first page of each table with a filter and a sort, through
 * the real functions the pages call (listUsers / listEntities in app/staff/lists.server.ts, under
 * the firm's row-level security as portal_app): server time p50/p95 and the number of SQL
 * statements per page (pg's Client.prototype.query wrapped in this process).
 * Target: p95 ≤ 50 ms, and a statement count that does not depend on the data size.
 * `--explain` prints EXPLAIN ANALYZE of each page's two queries (rows and count).
 * `--without-indexes` drops the staff tables' indexes (migration staff_table_indexes) first: the
 * numbers before them, measured the same way.
 * Then, side by side in the same run: searches read from their trigram indexes against the same
 * statements with ILIKE not LEAKPROOF (what row-level security allowed before, migration
 * staff_search_trigram), deep pages by keyset against OFFSET, and a group-access advisor.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createTestDatabase, databaseEnv } from "../../tests/support/postgres";
import type { TableState } from "../../app/components/data-table/state";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const USERS = arg("users", 25_000);
const ENTITIES = arg("entities", 20_000);
const SMALL = arg("small", 50);
const RUNS = arg("runs", 40);
const EXPLAIN = args.includes("--explain");
const WITHOUT_INDEXES = args.includes("--without-indexes");
const STAFF_TABLE_INDEXES = [
  "users_firm_clients_created_idx",
  "users_firm_clients_name_idx",
  "users_firm_clients_email_idx",
  "companies_firm_live_created_idx",
  "companies_firm_live_name_idx",
];

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Carlos",
  "Karen",
  "Wei",
  "Aisha",
  "Dmitri",
  "Priya",
  "Kenji",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
];
const SUFFIX = ["Holdings", "LLC", "Partners", "Trust", "Farms", "Properties", "Ventures", "Group", "Family Trust", "Consulting"];
const TYPES = ["Individual", "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation"];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;

/** One firm's staff, groups, tags, client users and entities, in a handful of set-based statements. */
async function seedFirm(su: pg.Client, firmId: string, users: number, entities: number, advisors: number, groups: number, tags: number) {
  await su.query(`INSERT INTO firms (id, name, slug) VALUES ($1, $1, replace($1, '_', '-'))`, [firmId]);
  await su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, firm_access, is_advisor)
     SELECT $1 || '_adv' || n, $1, 'staff', 'advisor' || n || '@' || replace($1, '_', '-') || '.test', (${sqlArray(FIRST)})[1 + n % 25], 'Advisor' || n, 'full', true
       FROM generate_series(1, $2::int) n`,
    [firmId, advisors],
  );
  await su.query(`INSERT INTO firm_groups (id, firm_id, name) SELECT $1 || '_grp' || n, $1, 'Group ' || n FROM generate_series(1, $2::int) n`, [
    firmId,
    groups,
  ]);
  await su.query(`INSERT INTO contact_tags (id, firm_id, name) SELECT $1 || '_ct' || n, $1, 'Tag ' || n FROM generate_series(1, $2::int) n`, [firmId, tags]);
  await su.query(`INSERT INTO entity_tags (id, firm_id, name) SELECT $1 || '_et' || n, $1, 'Entity tag ' || n FROM generate_series(1, $2::int) n`, [
    firmId,
    tags,
  ]);
  await su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, phone_number, assigned_advisor_id, firm_group_id, paying, created_at)
     SELECT $1 || '_u' || n, $1, 'client',
            CASE WHEN n % 20 = 0 THEN NULL ELSE lower((${sqlArray(FIRST)})[1 + n % 25] || '.' || (${sqlArray(LAST)})[1 + (n / 25) % 40]) || n || '@example.com' END,
            (${sqlArray(FIRST)})[1 + n % 25], (${sqlArray(LAST)})[1 + (n / 25) % 40],
            '503' || lpad((n % 10000000)::text, 7, '0'),
            $1 || '_adv' || (1 + n % $3::int),
            CASE WHEN $4::int > 0 AND n % 3 = 0 THEN $1 || '_grp' || (1 + n % $4::int) END,
            n % 20 <> 7,
            timestamptz '2020-01-01' + (n * interval '97 minutes')
       FROM generate_series(1, $2::int) n`,
    [firmId, users, advisors, groups],
  );
  await su.query(
    `INSERT INTO user_contact_tags (firm_id, user_id, tag_id)
     SELECT $1, $1 || '_u' || n, $1 || '_ct' || (1 + n % $3::int) FROM generate_series(1, $2::int) n WHERE n % 4 = 0`,
    [firmId, users, tags],
  );
  await su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, inactive, readonly_access, business_email, created_at)
     SELECT $1 || '_c' || n, $1, md5($1 || n), (${sqlArray(LAST)})[1 + n % 40] || ' ' || (${sqlArray(SUFFIX)})[1 + (n / 40) % 10] || ' ' || n,
            (${sqlArray(TYPES)})[1 + n % 6], $1 || '_u' || (1 + (n * 7) % $3::int), n % 25 = 3, n % 30 = 4,
            CASE WHEN n % 3 = 0 THEN 'office' || n || '@example.com' END,
            timestamptz '2020-01-01' + (n * interval '113 minutes')
       FROM generate_series(1, $2::int) n`,
    [firmId, entities, users],
  );
  await su.query(
    `INSERT INTO company_entity_tags (firm_id, company_id, tag_id)
     SELECT $1, $1 || '_c' || n, $1 || '_et' || (1 + n % $3::int) FROM generate_series(1, $2::int) n WHERE n % 5 = 0`,
    [firmId, entities, tags],
  );
}

async function main() {
  const database = await createTestDatabase();
  Object.assign(process.env, databaseEnv(database));
  const db = await import("../../app/db.server");
  const lists = await import("../../app/staff/lists.server");
  const { defaultState } = await import("../../app/components/data-table/state");
  const { USERS_TABLE, ENTITIES_TABLE, usersQuery, entitiesQuery } = await import("../../app/staff/tables");
  const { UNASSIGNED_ENTITY_TYPE } = await import("../../app/drop-off/link-rules");

  const su = new pg.Client({ connectionString: database.url });
  await su.connect();
  try {
    const started = performance.now();
    const big = "bench_big";
    await seedFirm(su, big, USERS, ENTITIES, 20, 5, 10);
    for (let i = 1; i <= SMALL; i++) await seedFirm(su, `bench_small_${i}`, 200, 150, 3, i % 2 ? 2 : 0, 3);
    if (WITHOUT_INDEXES) for (const index of STAFF_TABLE_INDEXES) await su.query(`DROP INDEX IF EXISTS "${index}"`);
    // What autovacuum does on a live database (ANALYZE alone leaves the visibility map empty).
    await su.query("VACUUM ANALYZE");
    const { rows: counts } = await su.query(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM companies) AS companies`);
    console.log(
      `Seeded ${SMALL + 1} firms: ${counts[0].users} users, ${counts[0].companies} entities in ${((performance.now() - started) / 1000).toFixed(1)} s (large firm: ${USERS} client users, ${ENTITIES} entities).`,
    );
    const { rows: indexes } = await su.query(`SELECT indexname FROM pg_indexes WHERE tablename IN ('users', 'companies') ORDER BY 1`);
    console.log(`Indexes on users/companies: ${indexes.map((r) => r.indexname).join(", ")}\n`);

    const portal = { site: "firm", firm: { id: big }, db: db.firmDb(big), origin: "http://bench.localhost", clientAddress: null } as unknown as Parameters<
      typeof lists.listUsers
    >[0];
    const viewer = { id: `${big}_adv1`, firmAccess: "partner" as const };
    const users = (patch: Partial<TableState>): TableState => ({ ...defaultState(USERS_TABLE), ...patch });
    const entities = (patch: Partial<TableState>): TableState => ({ ...defaultState(ENTITIES_TABLE), ...patch });

    const cases: { label: string; run: () => Promise<unknown>; sql: () => { where: string; orderBy: string; values: unknown[]; from: string } }[] = [];
    const userCase = (label: string, state: TableState) =>
      cases.push({
        label: `users    ${label}`,
        run: () => lists.listUsers(portal, viewer, state),
        sql: () => ({
          ...usersQuery(state, viewer),
          from: `FROM users u LEFT JOIN users adv ON adv.id = u.assigned_advisor_id LEFT JOIN firm_groups g ON g.id = u.firm_group_id`,
        }),
      });
    const entityCase = (label: string, state: TableState) =>
      cases.push({
        label: `entities ${label}`,
        run: () => lists.listEntities(portal, viewer, state),
        sql: () => ({ ...entitiesQuery(state, viewer, UNASSIGNED_ENTITY_TYPE), from: `FROM companies c LEFT JOIN users o ON o.id = c.primary_owner_id` }),
      });

    userCase("default (created desc)", users({}));
    userCase("active, sort name asc", users({ sort: "name", dir: "asc", filters: { status: ["active"] } }));
    userCase("advisor filter, sort email", users({ sort: "email", dir: "asc", filters: { advisor: [`${big}_adv3`] } }));
    userCase("search 'garcia', sort name", users({ sort: "name", dir: "asc", q: "garcia" }));
    userCase("search 'jennifer.ng' (rare)", users({ q: "jennifer.nguyen1" }));
    userCase("tag filter, sort created", users({ filters: { tag: [`${big}_ct2`] } }));
    userCase("sort advisor desc", users({ sort: "advisor", dir: "desc" }));
    entityCase("default (created desc)", entities({}));
    entityCase("type Trust, sort name asc", entities({ sort: "name", dir: "asc", filters: { type: ["Trust"] } }));
    entityCase("inactive, sort created", entities({ filters: { status: ["inactive"] } }));
    entityCase("search 'holdings', sort name", entities({ sort: "name", dir: "asc", q: "holdings" }));
    entityCase("search 'walker ventures 1' (rare)", entities({ q: "walker ventures 1" }));
    entityCase("sort owner asc", entities({ sort: "owner", dir: "asc" }));

    console.log(
      `First page (10 rows), ${RUNS} runs each, server time in this process (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}):`,
    );
    console.log(`${"case".padEnd(46)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"SQL".padStart(5)}`);
    for (const c of cases) {
      for (let i = 0; i < 5; i++) await c.run(); // warm-up
      statements.length = 0;
      counting = true;
      await c.run();
      counting = false;
      const perPage = statements.length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await c.run();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${c.label.padEnd(46)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(perPage).padStart(5)}`,
      );
      if (EXPLAIN) {
        const q = c.sql();
        const n = q.values.length;
        for (const text of [
          `SELECT 1 ${q.from} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT $${n + 1} OFFSET 0`,
          `SELECT count(*) ${q.from} WHERE ${q.where}`,
        ]) {
          await su.query("BEGIN");
          await su.query(`SET LOCAL ROLE portal_app`);
          await su.query(`SELECT set_config('app.firm_id', $1, true)`, [big]);
          const plan = await su.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${text}`, text.includes("LIMIT") ? [...q.values, 10] : q.values);
          await su.query("ROLLBACK");
          console.log(plan.rows.map((r) => `    ${r["QUERY PLAN"]}`).join("\n"));
        }
      }
    }

    // Side by side, in this run: each improvement against what it replaced.
    //  search:     read from the trigram indexes, against the same statements with ILIKE not
    //              LEAKPROOF (what row-level security allowed before: every row of the firm read);
    //  deep page:  page 1,000 of 10 rows by keyset (after page 999's last row), against OFFSET 9,990;
    //  group:      a group-access advisor (group 1 and no group), first page and a search.
    const p95 = async (run: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
      return percentile(
        times.sort((a, b) => a - b),
        95,
      );
    };
    const leakproof = async (on: boolean) => su.query(`ALTER FUNCTION pg_catalog.texticlike(text, text) ${on ? "" : "NOT "}LEAKPROOF`);
    const groupViewer = { id: `${big}_adv2`, firmAccess: "group" as const, firmGroupId: `${big}_grp1` };
    const compare: [string, number, number][] = [];
    const search = async (label: string, run: () => Promise<unknown>) => {
      const after = await p95(run);
      await leakproof(false);
      const before = await p95(run);
      await leakproof(true);
      compare.push([label, before, after]);
    };
    await search("users search 'garcia', name", () => lists.listUsers(portal, viewer, users({ sort: "name", dir: "asc", q: "garcia" })));
    await search("users search 'jennifer.nguyen1'", () => lists.listUsers(portal, viewer, users({ q: "jennifer.nguyen1" })));
    await search("users search, group access", () => lists.listUsers(portal, groupViewer, users({ q: "garcia" })));
    await search("entities search 'holdings', name", () => lists.listEntities(portal, viewer, entities({ sort: "name", dir: "asc", q: "holdings" })));
    await search("entities search 'walker ventures 1'", () => lists.listEntities(portal, viewer, entities({ q: "walker ventures 1" })));
    await search("entities search, group access", () => lists.listEntities(portal, groupViewer, entities({ q: "holdings" })));
    const deep = async (label: string, list: (s: TableState) => Promise<{ rows: { id: string }[]; page: { nextCursor?: string } }>, state: TableState) => {
      const previous = await list({ ...state, page: state.page - 1 });
      const keyset = { ...state, after: previous.page.nextCursor };
      const [a, b] = [await list(state), await list(keyset)];
      if (a.rows.map((r) => r.id).join() !== b.rows.map((r) => r.id).join()) throw new Error(`${label}: keyset page differs from the OFFSET page`);
      compare.push([label, await p95(() => list(state)), await p95(() => list(keyset))]);
    };
    await deep("users page 1,000 (offset → keyset)", (s) => lists.listUsers(portal, viewer, s), users({ page: 1000 }));
    await deep("users page 1,000 by name", (s) => lists.listUsers(portal, viewer, s), users({ page: 1000, sort: "name", dir: "asc" }));
    await deep("entities page 1,000 (offset → keyset)", (s) => lists.listEntities(portal, viewer, s), entities({ page: 1000 }));
    await deep("entities page 500, group access", (s) => lists.listEntities(portal, groupViewer, s), entities({ page: 500 }));
    await deep("users page 500, group access", (s) => lists.listUsers(portal, groupViewer, s), users({ page: 500 }));
    console.log(
      `\nSide by side (p95, ${RUNS} runs; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}):`,
    );
    console.log(`${"case".padEnd(40)} ${"before".padStart(9)} ${"after".padStart(9)} ${"ratio".padStart(7)}`);
    for (const [label, before, after] of compare)
      console.log(`${label.padEnd(40)} ${before.toFixed(1).padStart(6)} ms ${after.toFixed(1).padStart(6)} ms ${(before / after).toFixed(1).padStart(6)}×`);
  } finally {
    await su.end();
    await db.closeDb();
    await database.drop();
  }
}

main().then(
  // The embedded server's exit hooks can keep the process alive after the numbers are printed.
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
