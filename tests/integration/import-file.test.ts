/**
 * How a client or staff list import ends before its first row (app/staff/import/import-file.server.ts),
 * against a real database and S3-protocol store: an import of the other kind, a file gone from
 * the store, a file over the size limit and a file without the list's columns each fail with the
 * reason the dialog shows and create nothing; a finished import is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ClientListModule from "~/staff/import/client-list.server";
import type * as StaffListModule from "~/staff/import/staff-list.server";
import type * as StorageModule from "~/storage.server";
import { setupTestDb, type TestDb } from "../support/setup";

const FIRM = "firm_acme";

let t: TestDb;
let clientList: typeof ClientListModule;
let staffList: typeof StaffListModule;
let storage: typeof StorageModule;
let seq = 0;

beforeAll(async () => {
  t = await setupTestDb({ seed: true, s3: "import-file-test" });
  clientList = await import("~/staff/import/client-list.server");
  staffList = await import("~/staff/import/staff-list.server");
  storage = await import("~/storage.server");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** An import row of this kind whose file (when given) is in the store. */
async function importOf(fileType: "client_list" | "staff_list", content: string | Uint8Array | null, extra: Record<string, unknown> = {}) {
  const id = `imp_file_${++seq}`;
  const key = `firms/${FIRM}/imports/${id}.csv`;
  if (content !== null) {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    await storage.putObject({ firmId: FIRM, key, bytes, contentType: "text/csv" });
  }
  await t.su.query(
    `INSERT INTO import_jobs (id, firm_id, file_type, client_list_type, file_name, storage_key, status)
     VALUES ($1, $2, $3, $4, 'list.csv', $5, $6)`,
    [id, FIRM, fileType, (extra.clientListType as string | undefined) ?? (fileType === "client_list" ? "individuals" : null), key, extra.status ?? "pending"],
  );
  return id;
}

async function state(id: string) {
  const { rows } = await t.su.query(
    `SELECT status::text, error, processed_rows, created_users, completed_at IS NOT NULL AS done FROM import_jobs WHERE id = $1`,
    [id],
  );
  return rows[0];
}

const users = async () => Number((await t.su.query(`SELECT count(*) FROM users WHERE firm_id = $1`, [FIRM])).rows[0].count);

const run = {
  client_list: (id: string) => clientList.runClientListImport({ firmId: FIRM, importId: id }),
  staff_list: (id: string) => staffList.runStaffListImport({ firmId: FIRM, importId: id }),
};

describe.each(["client_list", "staff_list"] as const)("a %s import that ends before its first row", (kind) => {
  const other = kind === "client_list" ? "staff_list" : "client_list";
  const wrongType = () => (kind === "client_list" ? clientList.IMPORT_FAILURES.wrongType : staffList.STAFF_IMPORT_FAILURES.wrongType);

  it("fails when the import is of another kind", async () => {
    const id = await importOf(other, "First Name,Last Name,Email\nA,B,a@example.com\n");
    const before = await users();
    await run[kind](id);
    expect(await state(id)).toMatchObject({ status: "failed", error: wrongType(), done: true });
    expect(await users()).toBe(before);
  });

  it("fails when the file is gone from the store", async () => {
    const id = await importOf(kind, null);
    await run[kind](id);
    expect(await state(id)).toMatchObject({ status: "failed", error: "The uploaded file could not be found. Please upload it again.", done: true });
  });

  it("fails when the file has no name columns", async () => {
    const id = await importOf(kind, "Phone,Notes\n555,hello\n");
    const before = await users();
    await run[kind](id);
    const { error, status } = await state(id);
    expect(status).toBe("failed");
    expect(error).toMatch(/^The file has no First Name/);
    expect(await users()).toBe(before);
  });

  it("leaves a finished import alone", async () => {
    const id = await importOf(kind, "First Name,Last Name,Email\nDone,Already,done.already@example.com\n", { status: "completed" });
    const before = await users();
    await run[kind](id);
    expect(await state(id)).toMatchObject({ status: "completed", error: null, processed_rows: 0 });
    expect(await users()).toBe(before);
  });
});

describe("a list import's file", () => {
  it("fails over the size limit", async () => {
    const { MAX_IMPORT_BYTES } = await import("~/staff/import/import-rules");
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x41);
    const id = await importOf("client_list", big);
    await clientList.runClientListImport({ firmId: FIRM, importId: id });
    expect(await state(id)).toMatchObject({ status: "failed", error: "The file is larger than the 150 MB limit." });
  }, 60_000);
});
