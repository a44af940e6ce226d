/**
 * The list imports' shared row loop (app/staff/import/import-rows.server.ts) with the database
 * write faked: which rows are rejected and why, what the report records, and where it resumes.
 * The imports themselves are covered by tests/integration/import-http.test.ts and
 * staff-lists-http.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const writes: { firmId: string; sql: string; params: unknown[] }[] = [];

vi.mock("~/db.server", () => ({
  firmSql: async (firmId: string, sql: string, params: unknown[]) => {
    writes.push({ firmId, sql, params });
    return [];
  },
}));

const { runImportRows } = await import("~/staff/import/import-rows.server");

type Valid = { ok: true; name: string };
const headers = ["First Name", "Email"];
const rows: Record<string, string>[] = [
  { "First Name": "Ann", Email: "ann@example.com" },
  { "First Name": "", Email: "nobody@example.com" },
  { "First Name": "Bob", Email: "bob@example.com" },
  { "First Name": "Cy" },
  { "First Name": "Dee", Email: "dee@example.com" },
];
const validate = (record: Record<string, string>): Valid | { ok: false; reason: string } =>
  record["First Name"] ? { ok: true, name: record["First Name"] } : { ok: false, reason: "First name is required" };

beforeEach(() => {
  writes.length = 0;
});

describe("runImportRows", () => {
  it("rejects unreadable and invalid rows and those take refuses, with the row's line, reason and cells, and takes the others", async () => {
    const taken: [string, number][] = [];
    const result = await runImportRows<Valid>("firm_acme", "import_1", {
      headers,
      rows,
      rowErrors: new Map([[3, "This row has a different number of columns than the header"]]),
      from: 0,
      validate,
      take: async (valid, i) => {
        if (valid.name === "Bob") return "This email is already taken";
        taken.push([valid.name, i]);
        return null;
      },
    });
    expect(result).toEqual({ taken: 2, rejected: 3 });
    expect(taken).toEqual([
      ["Ann", 0],
      ["Dee", 4],
    ]);
    expect(writes.map((w) => [w.firmId, w.params[0], w.params[1], JSON.parse(w.params[2] as string)])).toEqual([
      [
        "firm_acme",
        "import_1",
        2,
        [
          {
            row: 3,
            reason: "First name is required",
            values: [
              ["First Name", ""],
              ["Email", "nobody@example.com"],
            ],
          },
        ],
      ],
      [
        "firm_acme",
        "import_1",
        3,
        [
          {
            row: 4,
            reason: "This email is already taken",
            values: [
              ["First Name", "Bob"],
              ["Email", "bob@example.com"],
            ],
          },
        ],
      ],
      [
        "firm_acme",
        "import_1",
        4,
        [
          {
            row: 5,
            reason: "This row has a different number of columns than the header",
            values: [
              ["First Name", "Cy"],
              ["Email", ""],
            ],
          },
        ],
      ],
    ]);
    expect(writes[0]!.sql).toMatch(
      /UPDATE import_jobs SET processed_rows = \$2, rejected_count = rejected_count \+ 1, rejected_rows = rejected_rows \|\| \$3::jsonb/,
    );
  });

  it("resumes at the first row not done", async () => {
    const seen: number[] = [];
    const result = await runImportRows<Valid>("firm_acme", "import_1", {
      headers,
      rows,
      rowErrors: new Map(),
      from: 2,
      validate,
      take: async (_valid, i) => (seen.push(i), null),
    });
    expect(seen).toEqual([2, 3, 4]);
    expect(result).toEqual({ taken: 3, rejected: 0 });
    expect(writes).toEqual([]);
  });

  it("stops at a row whose take throws (the job is retried from it), keeping what was recorded before", async () => {
    const run = runImportRows<Valid>("firm_acme", "import_1", {
      headers,
      rows,
      rowErrors: new Map(),
      from: 0,
      validate,
      take: async (valid) => {
        if (valid.name === "Bob") throw new Error("database down");
        return null;
      },
    });
    await expect(run).rejects.toThrow("database down");
    expect(writes.map((w) => w.params[1])).toEqual([2]);
  });
});
