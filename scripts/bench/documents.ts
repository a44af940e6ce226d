/**
 * Usage: npx tsx scripts/bench/documents.ts [--documents 25000] [--firm-documents 100000] [--runs 50] [--upload-mb 150] [--statements] [--staff-only]
 *
 * The document browser at size: puts 25,000 documents in one folder of the demo client's entity
 * (client@acme.test), and the firm's other entities as many more as make 100,000 in the firm, on a
 * fresh throwaway database, then times the browser's folder listing and a search
 * (loadDocumentBrowser, as the page's loader calls it) and counts the SQL statements each runs
 * (pg's Client.prototype.query wrapped in this process). Target: a fixed number of bounded
 * statements whatever the folder's size (a page of DOCUMENT_PAGE_SIZE items, the first and the
 * last page, a search's page of results), p95 well under 100 ms.
 *
 * Then the same as the firm's staff see it (/admin/{entity}/documents, partner@acme.test: deleted
 * items, tags and descriptions too), each load inside one read transaction as the page request
 * runs it (withReadScope), the firm's sections pointing at 20,000 of its documents (draft returns
 * and forms to sign, which make a document "firm provided"): p50/p95 and statements. Target ≤ 50 ms.
 *
 * Then, side by side in the same run (p95 and the load average): searches and deep pages as they
 * are (trigram and folder indexes of migration documents_keyset_search; the next page read by
 * keyset, after the previous page's last row) against the same loader without those indexes and
 * reading the page by its number (OFFSET), as before them. Target: ≤ 50 ms p95 after.
 *
 * Then bulk actions on 500 selected documents of that folder (delete_many, then restore_many, as
 * the selection bar sends them): time and statements per action. Target: a fixed number of
 * statements whatever the selection's size (one query for the selection, one update, one insert of
 * the activity entries), p95 well under 500 ms.
 *
 * Then a 150 MB upload through the real pipeline: the local S3 server runs in its own process
 * (scripts/lib/local-s3-serve.ts) and the "browser" is curl posting the file from disk with the
 * presigned POST, so this process holds only what the app holds: the grant, then the confirm
 * (HeadObject, a 16-byte ranged read, the PDF's first 1 KB and last 1 MB). Its memory is sampled
 * every 10 ms from before the grant to after the confirm. Target: RSS and heap stay flat (a few MB),
 * nowhere near the file's size.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { once } from "node:events";
import { loadavg } from "node:os";
import pg from "pg";
import { createTestDatabase, databaseEnv } from "../../tests/support/postgres";
import { MB, measureMemory } from "./lib/memory";
import { startStoreProcess } from "./lib/store-process";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DOCUMENTS = arg("documents", 25_000);
const FIRM_DOCUMENTS = arg("firm-documents", 100_000);
const RUNS = arg("runs", 50);
const UPLOAD_MB = arg("upload-mb", 150);

/** A PDF-looking file of `mb` MB on disk (header, zeros, trailer), written in 1 MB chunks. */
async function writeBigPdf(file: string, mb: number) {
  const out = createWriteStream(file);
  const chunk = Buffer.alloc(1024 * 1024);
  out.write("%PDF-1.4\n");
  for (let i = 0; i < mb - 1; i++) if (!out.write(chunk)) await once(out, "drain");
  out.write(Buffer.alloc(1024 * 1024 - 64));
  out.end("\ntrailer<<>>\n%%EOF\n");
  await once(out, "finish");
}

const statements: string[] = [];
/** With --statements: each counted statement's time in the database, printed under its case. */
const SHOW_STATEMENTS = args.includes("--statements");
const timed: [string, number][] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  const result = (query as (...a: unknown[]) => unknown).apply(this, params);
  if (counting) {
    const first = params[0] as string | { text?: string } | undefined;
    const text = (typeof first === "string" ? first : (first?.text ?? "?")).replace(/\s+/g, " ").trim();
    statements.push(text);
    const start = performance.now();
    if (result instanceof Promise) void result.then(() => timed.push([text, performance.now() - start]));
  }
  return result;
} as typeof query;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const database = await createTestDatabase();
  Object.assign(process.env, databaseEnv(database));
  const workDir = await mkdtemp(path.join(tmpdir(), "bench-documents-"));
  const store = await startStoreProcess(path.join(workDir, "s3"));
  Object.assign(process.env, store.env);
  const db = await import("../../app/db.server");
  const seed = await import("../../prisma/seed");
  const documents = await import("../../app/documents/documents.server");
  await seed.seedDemo({ log: () => {} });
  const su = new pg.Client({ connectionString: database.url });
  await su.connect();
  try {
    const firmId = seed.demoFirmId("acme");
    const { rows } = await su.query(
      `SELECT c.id, c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id WHERE u.email = 'client@acme.test' ORDER BY c.name LIMIT 1`,
    );
    const { id: companyId, hash_id: hash } = rows[0];
    await su.query(
      `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, size_bytes, content_type, updated_at)
       SELECT 'bench' || n, $1, $2, 'file', '/Bench', 'Statement ' || lpad(n::text, 5, '0') || '.pdf',
              'firms/' || $1 || '/entities/' || $2 || '/documents/' || md5(n::text) || '-statement.pdf', 1000 + n, 'application/pdf', now()
         FROM generate_series(1, $3::int) AS n`,
      [firmId, companyId, DOCUMENTS],
    );
    // The firm's other entities share the rest, in folders of 500, names from a few words.
    await su.query(
      `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, updated_at)
       SELECT 'firm' || n, $1, e.ids[1 + n % array_length(e.ids, 1)], 'file', '/' || (2015 + n % 10) || '/Folder ' || (n / 500),
              (ARRAY['Statement', 'W-2', '1099-INT', 'Receipt', 'Invoice', 'K-1', 'Letter'])[1 + n % 7] || ' ' || n || '.pdf', now()
         FROM generate_series(1, $3::int) AS n,
              (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE firm_id = $1 AND id <> $2) e`,
      [firmId, companyId, Math.max(0, FIRM_DOCUMENTS - DOCUMENTS)],
    );
    // Sections of the firm's questionnaires showing 20,000 of its other documents (a draft return, a form to sign).
    await su.query(
      `INSERT INTO sections (id, firm_id, questionnaire_id, section_type, name, document_id, updated_at)
       SELECT 'bench_s' || n, $1, q.id, 8, 'Review your draft return', 'firm' || n, now()
         FROM generate_series(1, $2::int) AS n, (SELECT id FROM questionnaires WHERE firm_id = $1 ORDER BY id LIMIT 1) q`,
      [firmId, Math.min(20_000, Math.max(0, FIRM_DOCUMENTS - DOCUMENTS))],
    );
    // What autovacuum does on a live database (ANALYZE alone leaves the visibility map empty).
    await su.query("VACUUM ANALYZE documents");
    await su.query("VACUUM ANALYZE sections");
    const { rows: sizes } = await su.query(`SELECT count(*) AS firm, count(*) FILTER (WHERE company_id = $2) AS entity FROM documents WHERE firm_id = $1`, [
      firmId,
      companyId,
    ]);
    console.log(`Seeded ${sizes[0].firm} documents in the firm, ${sizes[0].entity} in the entity (${DOCUMENTS} in its folder /Bench).`);
    const { rows: users } = await su.query(`SELECT id, fname, lname, readonly_access FROM users WHERE email = 'client@acme.test' AND firm_id = $1`, [firmId]);
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
    } as unknown as Parameters<typeof documents.loadDocumentBrowser>[0]["portal"];
    const u = users[0];
    const user = {
      id: u.id,
      sessionId: "bench",
      kind: "client" as const,
      email: "client@acme.test",
      fname: u.fname,
      lname: u.lname,
      preferredName: null,
      firmAccess: null,
      isAdvisor: false,
      readonlyAccess: u.readonly_access,
      timeZone: "Pacific Time (US & Canada)",
      defaultCompanyId: null,
    };

    for (const [label, options] of [
      ["list /Bench (page 1)", { path: "/Bench" }],
      ["list /Bench (last page)", { path: "/Bench", page: 100_000 }],
      ["search 'statement 04'", { path: "/Bench", search: "statement 04" }],
      ["search 'statement'", { path: "/Bench", search: "statement" }],
    ] as const) {
      for (let i = 0; i < 5; i++) await documents.loadDocumentBrowser({ portal, user }, hash, options); // warm-up
      statements.length = 0;
      counting = true;
      timed.length = 0;
      const result = await documents.loadDocumentBrowser({ portal, user }, hash, options);
      counting = false;
      if (SHOW_STATEMENTS) for (const [text, ms] of timed) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${text.slice(0, 150)}`);
      const counted = statements.filter((s) => !/^(BEGIN|COMMIT|ROLLBACK|SELECT set_config)/i.test(s)).length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await documents.loadDocumentBrowser({ portal, user }, hash, options);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(24)} items ${String(result.results?.length ?? result.items.length).padStart(5)}${!result.results ? ` (page ${result.page.page} of ${result.page.lastPage}, ${result.page.total} in the folder)` : ""}  ` +
          `statements ${counted} (${statements.length} with transaction control)  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms`,
      );
    }

    // The staff page: a partner, each load in one read transaction as the page request runs it.
    const { rows: partners } = await su.query(`SELECT id, fname, lname FROM users WHERE email = 'partner@acme.test' AND firm_id = $1`, [firmId]);
    const staff = {
      ...user,
      id: partners[0].id as string,
      kind: "staff" as const,
      email: "partner@acme.test",
      fname: partners[0].fname as string,
      lname: partners[0].lname as string,
      firmAccess: "partner" as const,
      isAdvisor: true,
      readonlyAccess: false,
      firmGroupId: null,
    };
    const asPage = async (options: Parameters<typeof documents.loadDocumentBrowser>[2]) =>
      db.withReadScope("GET", async () => {
        const result = await documents.loadDocumentBrowser({ portal, user: staff }, hash, options);
        await db.endReadScope();
        return result;
      });
    console.log(
      `\nStaff page (partner, one read transaction per load; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}):`,
    );
    for (const [label, options] of [
      ["staff: list /Bench (page 1)", { path: "/Bench" }],
      ["staff: list /Bench (last page)", { path: "/Bench", page: 100_000 }],
      ["staff: list / (a 25,000-file subfolder)", { path: "/" }],
      ["staff: search 'statement'", { path: "/Bench", search: "statement" }],
    ] as const) {
      for (let i = 0; i < 5; i++) await asPage(options); // warm-up
      statements.length = 0;
      counting = true;
      timed.length = 0;
      const result = await asPage(options);
      counting = false;
      if (SHOW_STATEMENTS) for (const [text, ms] of timed) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${text.slice(0, 150)}`);
      const counted = statements.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SELECT set_config)/i.test(q)).length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await asPage(options);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(40)} items ${String(result.results?.length ?? result.items.length).padStart(3)}  statements ${counted}  ` +
          `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms`,
      );
    }
    if (args.includes("--staff-only")) return;

    // Side by side: each case as it is, then without the indexes of migration documents_keyset_search
    // and with the page read by its number (what the loader did before them), in this run.
    type Options = Parameters<typeof documents.loadDocumentBrowser>[2];
    const p95 = async (options: Options) => {
      for (let i = 0; i < 5; i++) await documents.loadDocumentBrowser({ portal, user }, hash, options);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await documents.loadDocumentBrowser({ portal, user }, hash, options);
        times.push(performance.now() - start);
      }
      return percentile(
        times.sort((a, b) => a - b),
        95,
      );
    };
    const ids = async (options: Options) =>
      ((r) => (r.results ?? r.items).map((i) => i.id).join())(await documents.loadDocumentBrowser({ portal, user }, hash, options));
    /** A deep page: `page` by keyset (after the previous page's last row), and by its number. */
    const deep = async (options: Options & { page: number }) => {
      const previous = await documents.loadDocumentBrowser({ portal, user }, hash, { ...options, page: options.page - 1 });
      const keyset = { ...options, after: previous.cursors.next };
      if ((await ids(keyset)) !== (await ids(options))) throw new Error(`page ${options.page}: the keyset page differs from the OFFSET page`);
      return { before: options, after: keyset };
    };
    const lastBench = Math.ceil(DOCUMENTS / 100);
    const cases: [string, { before: Options; after: Options }][] = [
      ["search 'statement 04'", { before: { search: "statement 04" }, after: { search: "statement 04" } }],
      ["search 'statement 2417' (rare)", { before: { search: "statement 2417" }, after: { search: "statement 2417" } }],
      ["search 'w-2' (other entities')", { before: { search: "w-2" }, after: { search: "w-2" } }],
      [`search 'statement' page ${Math.max(2, lastBench - 1)}`, await deep({ search: "statement", page: Math.max(2, lastBench - 1) })],
      [`/Bench page ${Math.max(2, lastBench - 1)}`, await deep({ path: "/Bench", page: Math.max(2, lastBench - 1) })],
      [`/Bench page ${Math.max(2, Math.round(lastBench / 2))}`, await deep({ path: "/Bench", page: Math.max(2, Math.round(lastBench / 2)) })],
    ];
    const afterP95: number[] = [];
    for (const [, c] of cases) afterP95.push(await p95(c.after));
    const NEW_INDEXES = ["documents_name_trgm_idx", "documents_folder_list_idx"];
    for (const index of NEW_INDEXES) await su.query(`DROP INDEX "${index}"`);
    const beforeP95: number[] = [];
    for (const [, c] of cases) beforeP95.push(await p95(c.before));
    await su.query(
      `CREATE INDEX "documents_folder_list_idx" ON "documents" ("firm_id", "company_id", "path", "list_order", "name", "id") WHERE "deleted_at" IS NULL`,
    );
    await su.query(`CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("firm_id", "company_id", "name" gin_trgm_ops) WHERE "deleted_at" IS NULL`);
    console.log(
      `\nSide by side (p95, ${RUNS} runs; before: no documents_keyset_search indexes, page by OFFSET; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}):`,
    );
    console.log(`${"case".padEnd(36)} ${"before".padStart(9)} ${"after".padStart(9)} ${"ratio".padStart(7)}`);
    cases.forEach(([label], i) =>
      console.log(
        `${label.padEnd(36)} ${beforeP95[i]!.toFixed(1).padStart(6)} ms ${afterP95[i]!.toFixed(1).padStart(6)} ms ${(beforeP95[i]! / afterP95[i]!).toFixed(1).padStart(6)}×`,
      ),
    );

    // Bulk delete and restore of 500 selected documents (the most one action takes).
    const selection = Array.from({ length: Math.min(500, DOCUMENTS) }, (_, i) => `bench${i + 1}`);
    const bulkRuns = Math.max(3, Math.round(RUNS / 5));
    const bulkTimes: Record<"delete_many" | "restore_many", number[]> = { delete_many: [], restore_many: [] };
    const bulkStatements: Record<"delete_many" | "restore_many", number> = { delete_many: 0, restore_many: 0 };
    for (let run = -1; run < bulkRuns; run++) {
      for (const intent of ["delete_many", "restore_many"] as const) {
        statements.length = 0;
        timed.length = 0;
        counting = run === 0;
        const start = performance.now();
        const result = await documents.performDocumentAction({ portal, user }, hash, { intent, ids: selection });
        const ms = performance.now() - start;
        counting = false;
        if (SHOW_STATEMENTS && run === 0) {
          console.log(`  ${intent}:`);
          for (const [text, statementMs] of timed) console.log(`    ${statementMs.toFixed(1).padStart(7)} ms  ${text.slice(0, 150)}`);
        }
        if (result.count !== selection.length) throw new Error(`${intent} changed ${result.count} documents`);
        if (run === 0) bulkStatements[intent] = statements.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SELECT set_config)/i.test(q)).length;
        if (run >= 0) bulkTimes[intent].push(ms); // run -1 warms up
      }
    }
    for (const intent of ["delete_many", "restore_many"] as const) {
      const times = bulkTimes[intent].sort((a, b) => a - b);
      console.log(
        `bulk ${intent.replace("_many", "")} ${String(selection.length).padStart(3)} documents`.padEnd(28) +
          `statements ${bulkStatements[intent]}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms (${times.length} runs)`,
      );
    }

    // A 150 MB upload: grant → curl posts the file from disk to the store → confirm.
    const bigFile = path.join(workDir, "big.pdf");
    await writeBigPdf(bigFile, UPLOAD_MB);
    const ctx = { portal, user };
    const run = await measureMemory(
      async () => {
        const started = performance.now();
        const { grant } = await documents.performDocumentAction(ctx, hash, {
          intent: "upload_grant",
          path: "/Bench upload",
          fileName: "big.pdf",
          contentType: "application/pdf",
          size: UPLOAD_MB * MB,
        });
        const form = Object.entries(grant!.fields).flatMap(([name, value]) => ["-F", `${name}=${value}`]);
        const uploadStart = performance.now();
        // Async so the sampler keeps running while curl sends.
        const curl = spawn("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", ...form, "-F", `file=@${bigFile};type=application/pdf`, grant!.url]);
        let status = "";
        curl.stdout.on("data", (d) => (status += String(d)));
        await once(curl, "close");
        const uploadMs = performance.now() - uploadStart;
        const confirmStart = performance.now();
        const confirmed = await documents.performDocumentAction(ctx, hash, {
          intent: "upload_confirm",
          path: "/Bench upload",
          fileName: "big.pdf",
          contentType: "application/pdf",
          key: grant!.key,
        });
        return { status, uploadMs, confirmMs: performance.now() - confirmStart, confirmed, totalMs: performance.now() - started };
      },
      { sampleMs: 10, settleMs: 0 },
    );
    const { idle: before, peak, after } = run;
    const { status, uploadMs, confirmMs, confirmed, totalMs } = run.result;
    const f = (n: number) => `${(n / MB).toFixed(1)} MB`;
    console.log(
      `upload ${UPLOAD_MB} MB           store answered ${status.trim()} in ${(uploadMs / 1000).toFixed(1)} s; confirm ${confirmMs.toFixed(0)} ms (recorded ${f(confirmed.item!.sizeBytes ?? 0)}); total ${(totalMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `app memory during upload   rss ${f(before.rss)} → peak ${f(peak.rss)} (+${f(peak.rss - before.rss)}), heap ${f(before.heap)} → peak ${f(peak.heap)} (+${f(peak.heap - before.heap)}), buffers +${f(peak.external - before.external)}; after ${f(after.rss)} rss`,
    );
  } finally {
    store.stop();
    await rm(workDir, { recursive: true, force: true });
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
