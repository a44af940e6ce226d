/**
 * Usage: npm run db:new -- <name> [--empty]
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql: the SQL that turns the schema as of the
 * last migration (prisma/migrations/schema.snapshot.prisma) into prisma/schema.prisma, plus grants,
 * row-level security and the firm_isolation policy for every new table with a firm_id. Then updates
 * the snapshot. Offline: no database needed. `--empty` makes a blank migration for hand-written
 * SQL when the schema did not change. Review the file, then `npm run db:migrate`.
 */
import path from "node:path";
import { createMigration } from "./lib/migrate";

const args = process.argv.slice(2);
const empty = args.includes("--empty");
const name = args.filter((a) => !a.startsWith("--")).join("_");
if (!name) {
  console.error("Usage: npm run db:new -- <name> [--empty]");
  process.exit(1);
}

const migration = await createMigration(name, { empty });
if (!migration) {
  console.log("prisma/schema.prisma matches the last migration: nothing to do (use --empty for hand-written SQL).");
} else {
  console.log(`Created ${path.relative(process.cwd(), migration.dir)}/migration.sql`);
  if (migration.unscopedTables.length) {
    console.warn(`Warning: new table(s) without firm_id get no grant and no policy (only the owner can use them): ${migration.unscopedTables.join(", ")}`);
  }
}
