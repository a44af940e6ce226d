/**
 * Usage: npx tsx scripts/bench/deliver.ts [--returns 20000] [--firms 50] [--runs 30] [--explain]
 *
 * Deliver at size: on a fresh throwaway database with the demo firms, gives Acme 20,000 more tax
 * returns (over 2,000 entities and clients; two in three sent with an 8879 for one or two signers
 * and two payment vouchers, set-based INSERT … SELECT generate_series) and adds 50 small firms
 * beside it, then times the first page of the Deliver table (listTaxReturns, as the page's loader
 * calls it) for the default order and the filters and sorts of the spec, and counts the SQL
 * statements each runs. Target: two statements whatever the size, first page p95 ≤ 50 ms.
 * Side by side in the same run: the signatures sort in SQL against loading every return with its
 * forms, signatures and vouchers and sorting in JavaScript (what paging in the browser would cost).
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
const RETURNS = arg("returns", 20_000);
const FIRMS = arg("firms", 50);
const RUNS = arg("runs", 30);
const ENTITIES = Math.max(1, Math.round(RETURNS / 10));
const EXPLAIN = args.includes("--explain");
/** --only <text>: only the cases whose label contains it (with --explain, to read one plan). */
const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1]! : "";

const statements: { text: string; values: unknown[] }[] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  if (counting) {
    const first = params[0] as string | { text?: string; values?: unknown[] } | undefined;
    const text = (typeof first === "string" ? first : (first?.text ?? "?")).replace(/\s+/g, " ").trim();
    // A prepared statement (app/db.server.ts) comes as one config object with its values.
    const values = (typeof first === "object" && first?.values) || (params[1] as unknown[]) || [];
    if (!/^(BEGIN|COMMIT|ROLLBACK|SELECT set_config)/i.test(text)) statements.push({ text, values });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, params);
} as typeof query;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Clients, entities, returns, and for two in three returns an 8879 with signers, signatures and vouchers. */
async function seedFirm(su: pg.Client, firmId: string, entities: number, returns: number, advisors: string[], groups: string[]) {
  await su.query(
    `INSERT INTO users (id, firm_id, kind, email, fname, lname, assigned_advisor_id, firm_group_id, updated_at)
     SELECT $1 || '_u' || n, $1, 'client', $1 || '.client' || n || '@bench.test', 'Client', 'Number ' || n,
            ($3::text[])[1 + n % greatest(array_length($3::text[], 1), 1)],
            CASE WHEN array_length($4::text[], 1) IS NULL OR n % 3 = 0 THEN NULL ELSE ($4::text[])[1 + n % array_length($4::text[], 1)] END, now()
       FROM generate_series(1, $2::int) AS n`,
    [firmId, entities, advisors, groups],
  );
  await su.query(
    `INSERT INTO companies (id, firm_id, hash_id, name, entity_type, primary_owner_id, updated_at)
     SELECT $1 || '_c' || n, $1, md5($1 || n), 'Bench Entity ' || lpad(n::text, 6, '0'), 'Individual', $1 || '_u' || n, now()
       FROM generate_series(1, $2::int) AS n`,
    [firmId, entities],
  );
  await su.query(
    `INSERT INTO company_owners (id, firm_id, company_id, user_id, is_primary) SELECT $1 || '_o' || n, $1, $1 || '_c' || n, $1 || '_u' || n, true FROM generate_series(1, $2::int) AS n`,
    [firmId, entities],
  );
  const statuses = ["sent", "sent", "signed", "finished", "action_required", "draft", "change_requested", "approved"];
  await su.query(
    `INSERT INTO tax_returns (id, firm_id, company_id, tax_year, tax_return_name, status, invoice_amount_cents, invoice_paid, reminder_disabled,
                              last_reminder_sent_at, created_at, updated_at)
     SELECT $1 || '_t' || n, $1, $1 || '_c' || (1 + n % $2::int), 2019 + n % 7, (2019 + n % 7) || ' Form 1040',
            ($4::text[])[1 + n % 8]::"TaxReturnStatus", CASE WHEN n % 4 = 0 THEN 45000 END, n % 8 = 0, n % 9 = 0,
            CASE WHEN n % 5 = 0 THEN now() - (n % 30 || ' days')::interval END,
            now() - ((n % 2000) || ' hours')::interval, now() - (((n::bigint * 104729) % 5000000) || ' seconds')::interval
       FROM generate_series(1, $3::int) AS n`,
    [firmId, entities, returns, statuses],
  );
  // Returns that went out (status sent, signed, finished): one form, one or two signers, two vouchers.
  await su.query(
    `INSERT INTO e_sign_forms (id, firm_id, tax_return_id, form_id, pages)
     SELECT t.id || '_f', $1, t.id, '8879', '{5}' FROM tax_returns t WHERE t.firm_id = $1 AND t.status IN ('sent', 'signed', 'finished')`,
    [firmId],
  );
  await su.query(
    `INSERT INTO tax_return_signers (id, firm_id, tax_return_id, role, fname, lname)
     SELECT t.id || '_s' || r, $1, t.id, CASE WHEN r = 1 THEN 'taxpayer' ELSE 'spouse' END::"SignerRole", 'Signer', 'Number ' || r
       FROM tax_returns t CROSS JOIN generate_series(1, 2) AS r
      WHERE t.firm_id = $1 AND t.status IN ('sent', 'signed', 'finished') AND (r = 1 OR length(t.id) % 2 = 0)`,
    [firmId],
  );
  await su.query(
    `INSERT INTO e_sign_form_signatures (id, firm_id, e_sign_form_id, signer_id, signature_data, signed_at)
     SELECT s.id || '_sig', $1, s.tax_return_id || '_f', s.id,
            CASE WHEN t.status <> 'sent' OR s.role = 'taxpayer' AND hashtext(t.id) % 2 = 0 THEN 'Signed' END,
            CASE WHEN t.status <> 'sent' OR s.role = 'taxpayer' AND hashtext(t.id) % 2 = 0 THEN now() END
       FROM tax_return_signers s JOIN tax_returns t ON t.id = s.tax_return_id WHERE s.firm_id = $1`,
    [firmId],
  );
  await su.query(
    `INSERT INTO payment_vouchers (id, firm_id, tax_return_id, voucher_id, amount_cents, is_paid, is_due_asap)
     SELECT t.id || '_v' || v, $1, t.id, CASE WHEN v = 1 THEN '1040-V' ELSE '1040-ES-1' END, 100000 * v,
            t.status = 'finished' OR (v = 1 AND hashtext(t.id) % 3 = 0), v = 1
       FROM tax_returns t CROSS JOIN generate_series(1, 2) AS v WHERE t.firm_id = $1 AND t.status IN ('sent', 'signed', 'finished')`,
    [firmId],
  );
}

async function main() {
  const database = await createTestDatabase();
  Object.assign(process.env, databaseEnv(database));
  const db = await import("../../app/db.server");
  const seed = await import("../../prisma/seed");
  const list = await import("../../app/deliver/table/list.server");
  const { TAX_RETURNS_TABLE, taxReturnsQuery } = await import("../../app/deliver/table/table");
  const rules = await import("../../app/deliver/rules");
  const { readTableState } = await import("../../app/components/data-table/state");
  await seed.seedDemo({ log: () => {} });
  const su = new pg.Client({ connectionString: database.url });
  await su.connect();
  try {
    const firmId = seed.demoFirmId("acme");
    const started = performance.now();
    const { rows: adv } = await su.query(`SELECT id FROM users WHERE firm_id = $1 AND kind = 'staff' ORDER BY id`, [firmId]);
    await su.query(`INSERT INTO firm_groups (id, firm_id, name) VALUES ($1 || '_g1', $1, 'Bench Group A'), ($1 || '_g2', $1, 'Bench Group B')`, [firmId]);
    await seedFirm(
      su,
      firmId,
      ENTITIES,
      RETURNS,
      adv.map((r) => r.id),
      [`${firmId}_g1`, `${firmId}_g2`],
    );
    await su.query(
      `INSERT INTO firms (id, name, slug, updated_at) SELECT 'bench_firm_' || n, 'Bench Firm ' || n, 'bench-' || n, now() FROM generate_series(1, $1::int) AS n`,
      [FIRMS],
    );
    for (let n = 1; n <= FIRMS; n++) await seedFirm(su, `bench_firm_${n}`, 20, 40, [], []);
    await su.query("VACUUM ANALYZE");
    await su.query(`UPDATE users SET firm_access = 'group', firm_group_id = $1 || '_g1' WHERE id = $2`, [firmId, adv[adv.length - 1].id]);
    const { rows: counted } = await su.query(`SELECT count(*)::int AS n FROM tax_returns WHERE firm_id = $1`, [firmId]);
    console.log(
      `seeded ${counted[0].n.toLocaleString("en-US")} tax returns in acme + ${FIRMS} firms × 40 in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const scoped = db.firmDb(firmId);
    const prefs = await scoped.firmPreferences.findUniqueOrThrow({ where: { firmId } });
    const portal = {
      site: "firm" as const,
      db: scoped,
      origin: "http://acme.localhost",
      clientAddress: null,
      firm: { id: firmId, slug: "acme", name: "Acme", timeZone: "Pacific Time (US & Canada)", preferences: prefs, vocabulary: [] },
    } as unknown as Parameters<typeof list.listTaxReturns>[0];
    const partner = { id: adv[0].id as string, firmAccess: "partner" as const, firmGroupId: null };
    const group = { id: adv[adv.length - 1].id as string, firmAccess: "group" as const, firmGroupId: `${firmId}_g1` };
    type Viewer = typeof partner | typeof group;

    const time = async (run: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]! };
    };
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(" ");

    console.log(`load average ${load()}`);
    const cases: [string, string, Viewer][] = [
      ["first page (updated desc)", "", partner],
      ["first page, size 50", "size=50", partner],
      ["signatures asc", "sort=signatures&dir=asc", partner],
      ["signatures desc", "sort=signatures&dir=desc", partner],
      ["payments asc", "sort=payments&dir=asc", partner],
      ["reminders, status=sent", "sort=reminder_disabled&dir=asc&status=sent", partner],
      ["year=2025, reminder=on", "year=2025&reminder=on", partner],
      ["search 'Entity 00042'", "q=Entity%2000042", partner],
      ["advisor asc", "sort=assigned_advisor&dir=asc", partner],
      ["group access, first page", "", group],
      ["group access, signatures", "sort=signatures&dir=desc", group],
    ];
    let firstPageP95 = 0;
    for (const [label, search, viewer] of cases.filter(([label]) => label.includes(ONLY))) {
      const state = readTableState(new URLSearchParams(search), null, TAX_RETURNS_TABLE);
      statements.length = 0;
      counting = true;
      const result = await list.listTaxReturns(portal, viewer, state);
      counting = false;
      const n = statements.length;
      if (EXPLAIN) {
        for (const s of statements.filter((x) => /^SELECT/i.test(x.text))) {
          const plan = await db.firmSql<{ "QUERY PLAN": string }>(firmId, `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
          console.log(plan.map((p) => p["QUERY PLAN"]).join("\n"));
        }
      }
      const m = await time(() => list.listTaxReturns(portal, viewer, state));
      // The statements' own execution time in PostgreSQL (EXPLAIN ANALYZE): less sensitive to the machine's load than the wall clock.
      let exec = 0;
      for (const s of statements.filter((x) => /^SELECT/i.test(x.text))) {
        const plan = await db.firmSql<{ "QUERY PLAN": string }>(firmId, `EXPLAIN (ANALYZE) ${s.text}`, s.values);
        exec += Number(/Execution Time: ([\d.]+)/.exec(plan.map((p) => p["QUERY PLAN"]).join("\n"))?.[1] ?? 0);
      }
      if (label.startsWith("first page (")) firstPageP95 = m.p95;
      console.log(
        `${label.padEnd(28)} rows ${String(result.rows.length).padStart(2)} of ${result.page.label.split(" of ")[1]!.padStart(7)}  statements ${n}  ` +
          `p50 ${m.p50.toFixed(1)} ms  p95 ${m.p95.toFixed(1)} ms  max ${m.max.toFixed(1)} ms  (in PostgreSQL ${exec.toFixed(1)} ms)`,
      );
    }

    if (ONLY) return;
    // Before / after, same run: the signatures and payments orders as they were (counts of every
    // return's signatures or vouchers joined and sorted at read time) against the kept sort keys
    // (an index range), each as the page's id query: same FROM and WHERE, first 10 rows.
    const BEFORE: Record<string, { join: string; order: string }> = {
      signatures: {
        join: `LEFT JOIN (SELECT f.tax_return_id, count(*)::int AS total, count(*) FILTER (WHERE CASE WHEN f.wet_signatures_required THEN s.wet_signature_key IS NOT NULL ELSE s.signature_data IS NOT NULL END)::int AS done
          FROM e_sign_forms f JOIN e_sign_form_signatures s ON s.e_sign_form_id = f.id GROUP BY f.tax_return_id) sig ON sig.tax_return_id = t.id`,
        order:
          "(CASE WHEN COALESCE(sig.total, 0) > 0 AND sig.done = sig.total THEN 1 ELSE 0 END) {dir}, COALESCE(sig.total, 0) {dir}, COALESCE(sig.done, 0) {dir}",
      },
      payments: {
        join: `LEFT JOIN (SELECT v.tax_return_id, count(*)::int AS total, count(*) FILTER (WHERE v.is_paid)::int AS paid FROM payment_vouchers v GROUP BY v.tax_return_id) pay ON pay.tax_return_id = t.id`,
        order:
          "(CASE WHEN COALESCE(pay.paid, 0) + CASE WHEN COALESCE(t.invoice_amount_cents, 0) > 0 AND t.invoice_paid THEN 1 ELSE 0 END = COALESCE(pay.total, 0) + CASE WHEN COALESCE(t.invoice_amount_cents, 0) > 0 THEN 1 ELSE 0 END THEN 1 ELSE 0 END) {dir}, COALESCE(pay.total, 0) + CASE WHEN COALESCE(t.invoice_amount_cents, 0) > 0 THEN 1 ELSE 0 END {dir}",
      },
    };
    console.log(`before/after (page ids, p95), load average ${load()}`);
    for (const [sort, dir] of [
      ["signatures", "asc"],
      ["signatures", "desc"],
      ["payments", "asc"],
      ["payments", "desc"],
    ] as const) {
      const q = taxReturnsQuery(readTableState(new URLSearchParams(`sort=${sort}&dir=${dir}`), null, TAX_RETURNS_TABLE), partner);
      const D = dir.toUpperCase();
      const old = BEFORE[sort]!;
      const beforeSql = `SELECT t.id ${q.from}\n  ${old.join} WHERE ${q.where} ORDER BY ${old.order.replaceAll("{dir}", D)}, t.updated_at ${D}, t.id ${D} LIMIT 10`;
      const afterSql = `SELECT t.id ${q.from} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT 10`;
      const [a, b] = await Promise.all([db.firmSql<{ id: string }>(firmId, beforeSql, q.values), db.firmSql<{ id: string }>(firmId, afterSql, q.values)]);
      if (a.map((r) => r.id).join() !== b.map((r) => r.id).join()) throw new Error(`${sort} ${dir}: the kept keys order differently from the counts`);
      const before = await time(() => db.firmSql(firmId, beforeSql, q.values));
      const after = await time(() => db.firmSql(firmId, afterSql, q.values));
      console.log(
        `${`${sort} ${dir}`.padEnd(16)} counts joined p95 ${before.p95.toFixed(1)} ms  vs  kept sort key p95 ${after.p95.toFixed(1)} ms  (×${(before.p95 / after.p95).toFixed(1)})`,
      );
    }
    // Side by side: the signatures sort in SQL (one page read) against every return loaded with its
    // forms, signatures and vouchers and sorted in JavaScript with the same rule (rules.ts).
    const inSql = await time(() =>
      list.listTaxReturns(portal, partner, readTableState(new URLSearchParams("sort=signatures&dir=asc"), null, TAX_RETURNS_TABLE)),
    );
    const inJs = await time(async () => {
      const all = await scoped.taxReturn.findMany({
        where: { deletedAt: null, company: { deletedAt: null } },
        select: {
          id: true,
          updatedAt: true,
          eSignForms: { select: { formId: true, wetSignaturesRequired: true, signatures: { select: { signatureData: true, wetSignatureKey: true } } } },
        },
      });
      const keyed = all.map((r) => {
        const cell = rules.signatureCell(
          r.eSignForms.map((f) => ({
            formId: f.formId,
            wetSignaturesRequired: f.wetSignaturesRequired,
            signatures: f.signatures.map((s) => ({ signerName: "", signed: s.signatureData !== null, wetSignature: s.wetSignatureKey !== null })),
          })),
        );
        return { r, key: rules.signatureSortKey(cell) };
      });
      keyed.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.r.updatedAt.getTime() - b.r.updatedAt.getTime());
      return keyed.slice(0, 10);
    });
    console.log(
      `signatures sort, first page: in SQL p95 ${inSql.p95.toFixed(1)} ms  vs  all rows sorted in JS p95 ${inJs.p95.toFixed(1)} ms  (×${(inJs.p95 / inSql.p95).toFixed(1)})`,
    );
    console.log(`first page p95 ${firstPageP95.toFixed(1)} ms (goal ≤ 50 ms): ${firstPageP95 <= 50 ? "met" : "NOT met"}`);
    console.log(`load average ${load()}`);
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
