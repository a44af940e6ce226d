/**
 * Usage: npm run db:seed [-- --reset]
 * Seeds the demo firms (tenants/: acme, summit) into DATABASE_URL, or into the embedded development
 * cluster (.data/postgres) when DATABASE_URL is not set. Safe to run again: it changes nothing
 * that is already there. --reset deletes the demo firms first and seeds them afresh (new dates).
 * Migrations must be applied first (npm run db:migrate).
 */
import { withDevelopmentDatabase } from "./lib/embedded-postgres";

const reset = process.argv.includes("--reset");

await withDevelopmentDatabase(async (url) => {
  process.env.DATABASE_URL = url;
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
