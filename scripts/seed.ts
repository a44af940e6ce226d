/**
 * Usage: npm run db:seed          (what `npm start` does at every start)
 *        npm run db:reset-demo    (this script with --reset)
 * Seeds the demo firms (tenants/: acme, summit) through the app's own login, DATABASE_URL (each firm
 * in its own row-level-security scope, like the app), or into the embedded development cluster
 * (.data/postgres) when DATABASE_URL is not set. Safe to run again: it only adds what is missing and
 * never changes a row that is already there (what someone changed in the product stays).
 * --reset deletes the demo firms, and everything they own, first and seeds them afresh (new dates).
 * Migrations must be applied first (npm run db:migrate).
 */
import { withDevelopmentDatabase } from "./lib/embedded-postgres";

const reset = process.argv.includes("--reset");

await withDevelopmentDatabase(async (database) => {
  process.env.DATABASE_URL = await database.appUrl();
  const { DEMO_PASSWORD, seedDemo } = await import("../prisma/seed");
  const { closeDb } = await import("~/db.server");
  const started = Date.now();
  try {
    await seedDemo({ reset, log: (message) => console.log(`  ${message}`) });
    console.log(`Seeded the demo firms in ${Date.now() - started} ms${reset ? " (reset)" : ""}. Password for every demo user: ${DEMO_PASSWORD}`);
  } finally {
    await closeDb();
  }
});
