/**
 * Migrations through Prisma's WebAssembly schema engine, against real PostgreSQL.
 */
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MIGRATIONS_DIR, SCHEMA_PATH, SNAPSHOT_PATH, applyMigrations, createMigration, createdTables, diffSchemas } from "../../scripts/lib/migrate";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

async function migrationFolders(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe("applying migrations", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(() => db?.drop());

  it("cannot be applied by the app's own login (only the owner migrates)", async () => {
    await expect(applyMigrations(db.appUrl)).rejects.toThrow(/permission denied/);
  });

  it("applies every migration to an empty database as the owner, then nothing on a second run", async () => {
    const folders = await migrationFolders();
    expect(folders.length).toBeGreaterThan(0);

    expect(await applyMigrations(db.url)).toEqual(folders);
    expect(await applyMigrations(db.url)).toEqual([]);
  });

  it("records them in _prisma_migrations the way `prisma migrate deploy` does", async () => {
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      db.url,
      "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
    );
    const folders = await migrationFolders();
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    for (const row of rows) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
  });

  it("creates the tenant tables", async () => {
    const rows = await query<{ table_name: string }>(db.url, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()");
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      "firms",
      "firm_preferences",
      "firm_vocabs",
      "users",
      "companies",
      "company_owners",
      "questionnaires",
      "sections",
      "questions",
      "questionnaire_templates",
      "sessions",
      "sign_in_tokens",
      "outbound_messages",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("applies the same migrations again to another database of the same cluster (the role already exists)", async () => {
    const other = await createTestDatabase();
    try {
      expect(other.applied).toEqual(await migrationFolders());
    } finally {
      await other.drop();
    }
  });
});

describe("the migration history matches the schema", () => {
  it("has no schema change left without a migration (run `npm run db:new -- <name>`)", async () => {
    const [schema, snapshot] = await Promise.all([readFile(SCHEMA_PATH, "utf8"), readFile(SNAPSHOT_PATH, "utf8")]);
    const pending = (await diffSchemas(snapshot, schema)).trim();
    expect(pending === "" || pending.startsWith("-- This is an empty migration"), pending).toBe(true);
  });
});

describe("db:new", () => {
  let workDir: string;
  let db: TestDatabase;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "portal-migrations-"));
    await cp(MIGRATIONS_DIR, path.join(workDir, "migrations"), { recursive: true });
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await db?.drop();
    await rm(workDir, { recursive: true, force: true });
  });

  it("writes a migration for a new firm-owned table with its grants, row-level security and policy", async () => {
    const schema = await readFile(SCHEMA_PATH, "utf8");
    const schemaPath = path.join(workDir, "schema.prisma");
    await writeFile(
      schemaPath,
      schema.replace(
        "model Firm {",
        `model Widget {
  id     String @id @default(cuid())
  firmId String @map("firm_id")
  name   String

  @@index([firmId])
  @@map("widgets")
}

model PlatformNote {
  id   String @id @default(cuid())
  text String

  @@map("platform_notes")
}

model Firm {`,
      ),
    );
    const migrationsDir = path.join(workDir, "migrations");
    const created = await createMigration("add widgets", { schemaPath, migrationsDir });
    expect(created).not.toBeNull();
    expect(created!.name).toMatch(/^\d{14}_add_widgets$/);
    expect(created!.unscopedTables).toEqual(["platform_notes"]);
    expect(created!.sql).toContain(`CREATE POLICY firm_isolation ON "widgets"`);
    expect(created!.sql).toContain(`ALTER TABLE "widgets" FORCE ROW LEVEL SECURITY;`);

    // Snapshot updated: nothing more to create.
    expect(await createMigration("again", { schemaPath, migrationsDir })).toBeNull();

    // And it applies: the new table is isolated like the others.
    const applied = await applyMigrations(db.url, { migrationsDir });
    expect(applied.at(-1)).toBe(created!.name);
    const [widgets] = await query<{ relrowsecurity: boolean; relforcerowsecurity: boolean; policies: number }>(
      db.url,
      `SELECT c.relrowsecurity, c.relforcerowsecurity,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c WHERE c.oid = 'widgets'::regclass`,
    );
    expect(widgets).toEqual({ relrowsecurity: true, relforcerowsecurity: true, policies: 1 });
  });

  it("recognises every firm-owned table in the full schema's SQL", async () => {
    const sql = await diffSchemas(null, await readFile(SCHEMA_PATH, "utf8"));
    const tables = createdTables(sql);
    expect(tables.length).toBeGreaterThan(40);
    // Every table of this product belongs to a firm (firms by its id), except the root site's own
    // counters, which no firm owns and the app role cannot reach (rls.test.ts checks that).
    expect(tables.filter((t) => !t.firmColumn).map((t) => t.table)).toEqual(["root_site_rate_limits"]);
    expect(tables.find((t) => t.table === "firms")?.firmColumn).toBe("id");
  });
});
