/**
 * Usage: npx tsx scripts/bench/documents.ts [--documents 5000] [--runs 50]
 *
 * The document browser at size: puts 5,000 documents in one folder of the demo client's entity
 * (client@acme.test) on a fresh throwaway database, then times the browser's folder listing and a
 * search (loadDocumentBrowser, as the page's loader calls it) and counts the SQL statements each
 * runs (pg's Client.prototype.query wrapped in this process). Target: a fixed number of bounded
 * statements whatever the folder's size (the listing returns at most LIST_LIMIT items, a search
 * at most SEARCH_LIMIT), p95 well under 100 ms.
 *
 * The other half of the benchmark (a 150 MB upload keeps the app's memory flat) holds by
 * construction: the browser posts the bytes to S3 with a presigned POST and the app only reads the
 * object's head and first 16 bytes (app/storage.server.ts verifyUpload).
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createTestDatabase } from "../../tests/support/postgres";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DOCUMENTS = arg("documents", 5000);
const RUNS = arg("runs", 50);

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
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
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
    await su.query("ANALYZE documents");
    const { rows: users } = await su.query(`SELECT id, fname, lname, readonly_access FROM users WHERE email = 'client@acme.test' AND firm_id = $1`, [firmId]);
    const scoped = db.firmDb(firmId);
    const prefs = await scoped.firmPreferences.findUniqueOrThrow({ where: { firmId } });
    const portal = {
      site: "firm" as const, db: scoped, origin: "http://acme.localhost", clientAddress: null,
      firm: { id: firmId, slug: "acme", name: "Acme", customDomain: null, timeZone: "Pacific Time (US & Canada)", themeName: "modern", brandColor: null, logoKey: null, logoUrl: null, supportEmail: null, preferences: prefs, vocabulary: [] },
    } as unknown as Parameters<typeof documents.loadDocumentBrowser>[0]["portal"];
    const u = users[0];
    const user = { id: u.id, sessionId: "bench", kind: "client" as const, email: "client@acme.test", fname: u.fname, lname: u.lname, preferredName: null, firmAccess: null, isAdvisor: false, readonlyAccess: u.readonly_access, timeZone: "Pacific Time (US & Canada)", defaultCompanyId: null };

    for (const [label, options] of [
      ["list /Bench", { path: "/Bench" }],
      ["search 'statement 04'", { path: "/Bench", search: "statement 04" }],
    ] as const) {
      for (let i = 0; i < 5; i++) await documents.loadDocumentBrowser({ portal, user }, hash, options); // warm-up
      statements.length = 0;
      counting = true;
      const result = await documents.loadDocumentBrowser({ portal, user }, hash, options);
      counting = false;
      const counted = statements.filter((s) => !/^(BEGIN|COMMIT|ROLLBACK|SELECT set_config)/i.test(s)).length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await documents.loadDocumentBrowser({ portal, user }, hash, options);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(24)} items ${String(result.results?.length ?? result.items.length).padStart(5)}${!result.results && result.truncated ? " (first page)" : ""}  ` +
          `statements ${counted} (${statements.length} with transaction control)  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms`,
      );
    }
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
