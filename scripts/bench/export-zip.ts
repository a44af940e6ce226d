/**
 * Usage: npx tsx --expose-gc scripts/bench/export-zip.ts [--documents 500] [--small 50] [--file-kb 512]
 *
 * A questionnaire's zip export at size: --documents uploaded files of --file-kb each (random
 * bytes, so compression can't shrink them) on the demo client's questionnaire, exported as
 * 'Zipped Folder' by the export job (app/exports/exports.server.ts), which reads each file from
 * the store and streams the zip to the store. The local S3 server runs in its own process, so this
 * process holds only what the app holds. Its memory (RSS, heap, external) is sampled every 25 ms
 * during the export and printed beside the same export of --small files in the same run: the
 * peak above the idle level must not grow with the number or size of the files. Target: the
 * 500-file zip's peak within a few MB of the small one's (memory flat), and the zip read back
 * with every entry.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { SessionUser } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { createTestDatabase, databaseEnv } from "../../tests/support/postgres";
import { gcAvailable, MB, measureMemory, mib } from "./lib/memory";
import { startStoreProcess } from "./lib/store-process";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DOCUMENTS = arg("documents", 500);
const SMALL = arg("small", 50);
const FILE_KB = arg("file-kb", 512);

/** A leak of listeners (one per file) shows as Node's MaxListenersExceededWarning. */
let warned = false;
process.on("warning", (warning) => {
  if (warning.name === "MaxListenersExceededWarning") warned = true;
});

async function main() {
  const database = await createTestDatabase();
  Object.assign(process.env, databaseEnv(database));
  const workDir = await mkdtemp(path.join(tmpdir(), "bench-export-zip-"));
  const store = await startStoreProcess(path.join(workDir, "s3"));
  Object.assign(process.env, store.env);
  const seed = await import("../../prisma/seed");
  const storage = await import("../../app/storage.server");
  const exportsServer = await import("../../app/exports/exports.server");
  const { loadFirmSettings } = await import("../../app/firms/firm-settings.server");
  const { firmDb, closeDb } = await import("../../app/db.server");
  await seed.seedDemo({ log: () => {} });
  const su = new pg.Client({ connectionString: database.url });
  await su.connect();
  try {
    const firmId = seed.demoFirmId("acme");
    const firm = (await loadFirmSettings(firmId))!;
    const portal: FirmSiteContext = { site: "firm", db: firmDb(firmId), origin: "http://acme.localhost", clientAddress: "127.0.0.1", firm };
    const { rows: staff } = await su.query(
      `SELECT id, fname, lname, firm_access::text AS firm_access, firm_group_id, readonly_access FROM users WHERE email = 'partner@acme.test' AND firm_id = $1`,
      [firmId],
    );
    const partner: SessionUser = {
      id: staff[0].id,
      sessionId: "bench",
      kind: "staff",
      email: "partner@acme.test",
      fname: staff[0].fname,
      lname: staff[0].lname,
      preferredName: null,
      firmAccess: staff[0].firm_access,
      firmGroupId: staff[0].firm_group_id,
      isAdvisor: true,
      readonlyAccess: staff[0].readonly_access,
      timeZone: "Pacific Time (US & Canada)",
      defaultCompanyId: null,
    } as SessionUser;
    const { rows: questionnaires } = await su.query(
      `SELECT q.id, q.company_id FROM questionnaires q JOIN company_owners o ON o.company_id = q.company_id JOIN users u ON u.id = o.user_id
        WHERE u.email = 'client@acme.test' AND q.deleted_at IS NULL AND NOT q.is_draft ORDER BY q.tax_year DESC, q.name LIMIT 2`,
    );
    if (questionnaires.length < 2) throw new Error("The demo client needs two questionnaires.");

    /** Puts `count` random files on a questionnaire (store and documents rows). */
    async function attach(q: { id: string; company_id: string }, count: number, tag: string) {
      const started = performance.now();
      for (let i = 0; i < count; i++) {
        const key = `firms/${firmId}/entities/${q.company_id}/documents/bench-${tag}-${i}.bin`;
        await storage.putObject({ firmId, key, bytes: randomBytes(FILE_KB * 1024), contentType: "application/pdf" });
        await su.query(
          `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, size_bytes, content_type, questionnaire_id)
           VALUES ($1, $2, $3, 'file', $4, $5, $6, $7, 'application/pdf', $8)`,
          [`bench_${tag}_${i}`, firmId, q.company_id, `/2025/Bench ${tag}/${Math.floor(i / 100)}`, `Statement ${i}.pdf`, key, FILE_KB * 1024, q.id],
        );
      }
      return performance.now() - started;
    }

    /** Exports the questionnaire as a zip with its documents; memory sampled all along. */
    async function exportZip(questionnaireId: string) {
      const run = await measureMemory(
        async () => {
          const [progress] = await exportsServer.startQuestionnaireExports(portal, partner, {
            questionnaireIds: [questionnaireId],
            format: "zip",
            removeNosAndNa: false,
            includeDocuments: true,
            convertImagesToPdfs: false,
            reviewedOnly: false,
          });
          let state = progress!;
          while (state.status === "pending" || state.status === "processing") {
            await new Promise((r) => setTimeout(r, 100));
            state = await exportsServer.exportProgress(portal, partner, progress!.id);
          }
          return { id: progress!.id, status: state.status };
        },
        { sampleMs: 25 },
      );
      const { ms, cpuMs, idle, peak } = run;
      if (run.result.status !== "completed") throw new Error(`The export ended ${run.result.status}`);
      const { rows } = await su.query(`SELECT size_bytes::bigint AS size, storage_key FROM export_jobs WHERE id = $1`, [run.result.id]);
      // Read back: the zip's central directory lists every entry (the answers PDF and each file).
      const zipBytes = await storage.readExistingObject({ firmId, key: rows[0].storage_key, maxBytes: 4 * 1024 * MB });
      const entries = countZipEntries(Buffer.from(zipBytes));
      const { rows: files } = await su.query(
        `SELECT count(*)::int AS n FROM documents WHERE questionnaire_id = $1 AND storage_key IS NOT NULL AND deleted_at IS NULL AND item_type = 'file'`,
        [questionnaireId],
      );
      return { ms, cpuMs, idle, peak, size: Number(rows[0].size), entries, expected: files[0].n + 1 };
    }

    console.log(`Zip export of a questionnaire's documents: ${FILE_KB} KB each (random bytes), the store in its own process.`);
    console.log(`global.gc ${gcAvailable() ? "available" : "not available (run with npx tsx --expose-gc for steadier idle levels)"}.`);
    const setupSmall = await attach(questionnaires[1], SMALL, "small");
    const setupLarge = await attach(questionnaires[0], DOCUMENTS, "large");
    console.log(
      `uploaded ${SMALL} + ${DOCUMENTS} files in ${((setupSmall + setupLarge) / 1000).toFixed(1)} s; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
    const runs = [
      { label: `${SMALL} files`, count: SMALL, ...(await exportZip(questionnaires[1].id)) },
      { label: `${DOCUMENTS} files`, count: DOCUMENTS, ...(await exportZip(questionnaires[0].id)) },
    ];
    for (const r of runs) {
      console.log(
        `  ${r.label.padEnd(10)} zip ${mib(r.size).padStart(10)} (${r.entries} of ${r.expected} entries) in ${(r.ms / 1000).toFixed(1)} s, CPU ${(r.cpuMs / 1000).toFixed(1)} s;` +
          ` peak above idle: RSS +${mib(r.peak.rss - r.idle.rss)}, heap +${mib(r.peak.heap - r.idle.heap)}, buffers +${mib(r.peak.external - r.idle.external)}` +
          ` (idle RSS ${mib(r.idle.rss)})`,
      );
    }
    const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const growth = large.peak.rss - large.idle.rss - (small.peak.rss - small.idle.rss);
    console.log(
      `  ${DOCUMENTS} files hold ${mib(large.size)} of zip; the peak above idle grew by ${mib(growth)} against ${SMALL} files ` +
        `(${(large.size / Math.max(1, small.size)) | 0}× the bytes). Target: memory flat (a few MiB), every entry in the zip: ` +
        `${Math.abs(growth) < 32 * MB && large.entries === large.expected && small.entries === small.expected && !warned ? "met" : "NOT met"}.`,
    );
    console.log(
      `load average after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await su.end();
    await closeDb();
    store.stop();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The number of entries in a zip's central directory (its end record, or the zip64 one). */
function countZipEntries(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) !== 0x06054b50) continue;
    const count = zip.readUInt16LE(i + 10);
    if (count !== 0xffff) return count;
    const locator = i - 20;
    if (zip.readUInt32LE(locator) === 0x07064b50) {
      const end64 = Number(zip.readBigUInt64LE(locator + 8));
      return Number(zip.readBigUInt64LE(end64 + 32));
    }
    return count;
  }
  return -1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
