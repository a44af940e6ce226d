/**
 * Prisma CLI configuration (pass `--config prisma/prisma.config.ts`). `npm run db:migrate` / `db:new` (scripts/lib/migrate.ts) do not need
 * it; it keeps `prisma generate` working, and `prisma migrate deploy` for anyone who has Prisma's
 * native schema engine (it migrates as the tables' owner, DATABASE_OWNER_URL: DATABASE_URL is the
 * app's own login, which may not change the schema).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  schema: path.join(here, "schema.prisma"),
  migrations: { path: path.join(here, "migrations") },
  ...(process.env.DATABASE_OWNER_URL ? { datasource: { url: process.env.DATABASE_OWNER_URL } } : {}),
});
