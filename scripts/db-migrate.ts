/**
 * Usage: npm run db:migrate
 * Applies pending migrations (prisma/migrations) as the tables' owner, DATABASE_OWNER_URL. Without
 * DATABASE_URL / DATABASE_OWNER_URL it uses the embedded development cluster (.data/postgres, port
 * 54320; its superuser owns the tables), starting it for the run if needed.
 */
import { applyMigrations } from "./lib/migrate";
import { withDevelopmentDatabase } from "./lib/embedded-postgres";

await withDevelopmentDatabase(async (database) => {
  const applied = await applyMigrations(database.ownerUrl());
  console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join("\n  ")}` : "No pending migrations.");
});
// The schema engine leaves a timer behind (its 10 s migration-lock timeout): don't wait for it.
process.exit(0);
