/**
 * Prisma CLI configuration. `npm run db:migrate` / `db:new` (scripts/lib/migrate.ts) do not need
 * it; it keeps `prisma generate` working, and `prisma migrate deploy` for anyone who has Prisma's
 * native schema engine (it reads DATABASE_URL).
 */
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
