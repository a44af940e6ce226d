/**
 * The tests' unscoped database client, connected as DATABASE_OWNER_URL's user (the owner of the
 * tables), to seed and inspect rows across firms. The app never uses it: request code goes through
 * `firmDb` / `withFirm` from app/db.server.ts (DATABASE_URL, the app's own login).
 *
 * Row-level security is FORCEd on every tenant table, so this client sees every firm only when
 * its user bypasses RLS (a superuser, as with the embedded server, or a BYPASSRLS role). Work for
 * one firm that must also run under an ordinary owner goes through `adminWithFirm`.
 */
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "../../app/generated/prisma/client";

let state: { pool: pg.Pool; prisma: PrismaClient } | null = null;

/** The owner's Prisma client (created on first use from DATABASE_OWNER_URL). */
export function adminDb(): PrismaClient {
  if (state) return state.prisma;
  const url = process.env.DATABASE_OWNER_URL;
  if (!url) throw new Error("DATABASE_OWNER_URL is not set (the tables' owner; DATABASE_URL is the app's own login).");
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.ADMIN_DATABASE_POOL_SIZE ?? 3) });
  pool.on("error", (error) => console.error("Idle admin database connection failed:", error.message));
  state = { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool) }) };
  return state.prisma;
}

/** One owner transaction with `app.firm_id` set, so the firm's policies admit its rows. */
export function adminWithFirm<T>(firmId: string, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  if (!firmId) throw new Error("A firm id is required.");
  return adminDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('app.firm_id', ${firmId}, true)`;
    return fn(tx);
  });
}

export async function closeAdminDb(): Promise<void> {
  const current = state;
  state = null;
  if (!current) return;
  await current.prisma.$disconnect();
  await current.pool.end();
}
