import { describe, expect, it } from "vitest";
import {
  clientListTemplate,
  entityNameError,
  importDetailsSchema,
  importKind,
  individualEntityName,
  progressPercent,
  rejectedRowsCsv,
  rowInput,
  selectImportFiles,
  validateClientRow,
  type RowContext,
} from "../../app/staff/import/import-rules";
import { bytesMatchKind } from "../../app/storage/uploads";

function context(overrides: Partial<RowContext> = {}): RowContext {
  return {
    listType: "individuals",
    assigneeId: "adv_1",
    advisorsByEmail: new Map([
      ["advisor@firm.test", "adv_1"],
      ["second@firm.test", "adv_2"],
    ]),
    groupsByName: new Map(),
    entityTypes: new Map(
      ["Individual", "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation", "Farm Co-op"].map((t) => [t.toLowerCase(), t]),
    ),
    individualBlocked: false,
    takenEmails: new Set(["taken@example.com"]),
    takenEntityNames: new Set(["rivera holdings"]),
    ...overrides,
  };
}

const reason = (r: ReturnType<typeof validateClientRow>) => (r.ok ? null : r.reason);

describe("client list row validation", () => {
  it("accepts an individual, derives the entity name, keeps ten-digit phones and blanks incomplete ones", () => {
    const r = validateClientRow(rowInput({ "First Name": " Jamie ", "Last Name": "Rivera", Email: "Jamie@Example.com", Phone: "(503) 555-0142" }), context());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.row.client).toEqual({ fname: "Jamie", lname: "Rivera", email: "jamie@example.com", phone: "5035550142", externalId: null });
    expect(r.row.entity.name).toBe("Jamie Rivera");
    expect(r.row.entity.entityType).toBe("Individual");
    expect(r.row.advisorId).toBe("adv_1");
    const partial = validateClientRow(rowInput({ "First Name": "A", "Last Name": "B", Phone: "555-01" }), context());
    expect(partial.ok && partial.row.client.phone).toBeNull();
  });

  it("requires names, valid and untaken emails", () => {
    expect(reason(validateClientRow(rowInput({ "Last Name": "Rivera" }), context()))).toBe("First name is required");
    expect(reason(validateClientRow(rowInput({ "First Name": "Jamie" }), context()))).toBe("Last name is required");
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R", Email: "not-an-email" }), context()))).toBe("Invalid email address");
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R", Email: "TAKEN@example.com" }), context()))).toBe(
      "This email already exists",
    );
    // No email is allowed (the user cannot sign in until one is added).
    expect(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R" }), context()).ok).toBe(true);
  });

  it("takes a spouse on individuals only when both names are given, with a distinct email", () => {
    const both = validateClientRow(
      rowInput({ "First Name": "Jamie", "Last Name": "Rivera", "Spouse First Name": "Casey", "Spouse Last Name": "Rivera" }),
      context(),
    );
    expect(both.ok && both.row.entity.name).toBe("Jamie & Casey Rivera");
    expect(reason(validateClientRow(rowInput({ "First Name": "Jamie", "Last Name": "Rivera", "Spouse First Name": "Casey" }), context()))).toBe(
      "Spouse first and last names are required",
    );
    expect(
      reason(
        validateClientRow(
          rowInput({
            "First Name": "Jamie",
            "Last Name": "Rivera",
            Email: "j@example.com",
            "Spouse First Name": "C",
            "Spouse Last Name": "R",
            "Spouse Email": "j@example.com",
          }),
          context(),
        ),
      ),
    ).toBe("Spouse email already exists");
    expect(individualEntityName({ fname: "Jamie", lname: "Rivera" }, { fname: "Casey", lname: "Nguyen" })).toBe("Jamie Rivera & Casey Nguyen");
  });

  it("checks entity names and types on entity lists", () => {
    const entities = context({ listType: "entities" });
    const ok = validateClientRow(
      rowInput({ "Entity Name": "Oak Farms", "Entity Type": "farm co-op", "First Name": "A", "Last Name": "B", EIN: "12-3456789" }),
      entities,
    );
    expect(ok.ok && ok.row.entity).toMatchObject({ name: "Oak Farms", entityType: "Farm Co-op", ein: "12-3456789" });
    const bad = (name: string, type = "Trust") =>
      reason(validateClientRow(rowInput({ "Entity Name": name, "Entity Type": type, "First Name": "A", "Last Name": "B" }), entities));
    expect(bad("")).toBe("Entity Name is required");
    expect(bad("A/B Trust")).toBe('Entity Name cannot contain a "/" character.');
    expect(bad('The "Best" Trust')).toBe('Entity Name cannot contain a " character.');
    expect(bad(" Rivera Holdings ")).toBe("Entity Name already exists.");
    expect(bad("Oak", "LLC")).toBe("Unknown entity type: LLC");
    expect(bad("Oak", "")).toBe("Entity type is required");
    expect(entityNameError("Fine Name", new Set())).toBeNull();
  });

  it("refuses Individuals when the firm blocks the type", () => {
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R" }), context({ individualBlocked: true })))).toBe("Individual (Not Allowed)");
  });

  it("with assignee Various, each row names a firm advisor by email", () => {
    const various = context({ assigneeId: null });
    const ok = validateClientRow(rowInput({ "First Name": "J", "Last Name": "R", "Assigned Advisor Email": "Second@Firm.test" }), various);
    expect(ok.ok && ok.row.advisorId).toBe("adv_2");
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R" }), various))).toBe("Assigned advisor is required");
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R", Assignee: "nobody@firm.test" }), various))).toBe(
      "No advisor of the firm has the email nobody@firm.test",
    );
  });

  it("requires a known firm group when the firm uses groups", () => {
    const grouped = context({ groupsByName: new Map([["west", "grp_w"]]) });
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R" }), grouped))).toBe("Firm group is required");
    expect(reason(validateClientRow(rowInput({ "First Name": "J", "Last Name": "R", "Firm Group": "East" }), grouped))).toBe("Unknown firm group: East");
    const ok = validateClientRow(rowInput({ "First Name": "J", "Last Name": "R", firm_group: "WEST" }), grouped);
    expect(ok.ok && ok.row.groupId).toBe("grp_w");
  });

  it("reads headers in any spelling and ignores unknown columns", () => {
    expect(rowInput({ FIRST_NAME: "a", "last name": "b", Notes: "x", "E-mail Address": "c@d.e" })).toEqual({ fname: "a", lname: "b", email: "c@d.e" });
  });

  it("the templates' example rows are valid", () => {
    for (const type of ["individuals", "entities"] as const) {
      const [header, example] = clientListTemplate(type).trim().split("\r\n");
      const cells = example!.split(",");
      const record = Object.fromEntries(header!.split(",").map((h, i) => [h, cells[i] ?? ""]));
      expect(validateClientRow(rowInput(record), context({ listType: type, takenEntityNames: new Set() })).ok).toBe(true);
    }
  });
});

describe("import files and details", () => {
  it("drops duplicate names and ignores empty files", () => {
    const first = selectImportFiles(
      [],
      [
        { name: "clients.csv", size: 10 },
        { name: "empty.csv", size: 0 },
        { name: "clients.csv", size: 12 },
      ],
    );
    expect(first.files.map((f) => f.name)).toEqual(["clients.csv"]);
    expect(first.notices).toEqual(["empty.csv is empty and was ignored.", "clients.csv was already added. It will not be uploaded again."]);
    const second = selectImportFiles(first.files, [
      { name: "clients.csv", size: 5 },
      { name: "more.csv", size: 5 },
    ]);
    expect(second.files.map((f) => f.name)).toEqual(["clients.csv", "more.csv"]);
  });

  it("requires each type's fields", () => {
    const issues = (input: object) => {
      const r = importDetailsSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({})).toEqual(["Please select a file type"]);
    expect(issues({ fileType: "client_list" })).toEqual(["Please select a client list type", "Please select an assignee"]);
    expect(issues({ fileType: "client_list", clientListType: "entities", assignedFirmUserId: "0" })).toEqual([]);
    expect(issues({ fileType: "zipped_rollover_items", taxSoftware: "Nope" })).toEqual(["Please select a tax software"]);
    expect(issues({ fileType: "other_document", comment: "  " })).toEqual(["Please enter a description"]);
    expect(issues({ fileType: "rollover_items_import", taxSoftware: "Drake" })).toEqual(["Please select a year"]);
    expect(issues({ fileType: "rollover_items_import", taxSoftware: "Drake", year: 2017 })).toEqual(["Please select a year"]);
    expect(issues({ fileType: "staff_list" })).toEqual([]);
  });

  it("accepts files by extension for each type, and checks their first bytes", () => {
    expect(importKind("client_list", "Clients.CSV")).toBe("csv");
    expect(importKind("client_list", "clients.xlsx")).toBeNull();
    expect(importKind("zipped_rollover_items", "items.zip")).toBe("zip");
    expect(importKind("other_document", "scan.pdf")).toBe("pdf");
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(bytesMatchKind(bytes("First Name,Last"), "csv")).toBe(true);
    expect(bytesMatchKind(new Uint8Array([0xef, 0xbb, 0xbf, 0x46, 0x69]), "csv")).toBe(true);
    expect(bytesMatchKind(bytes("%PDF-1.7 text"), "csv")).toBe(false);
    expect(bytesMatchKind(new Uint8Array([0x46, 0x00, 0x01]), "csv")).toBe(false);
    expect(bytesMatchKind(new Uint8Array([0x50, 0x4b, 3, 4, 0]), "zip")).toBe(true);
    expect(bytesMatchKind(bytes("PKzip"), "zip")).toBe(false);
    expect(bytesMatchKind(bytes("%PDF-1.7"), "pdf")).toBe(true);
  });
});

describe("progress and report", () => {
  it("computes the bar's percentage", () => {
    expect(progressPercent({ status: "pending", totalRows: null, processedRows: 0 })).toBe(0);
    expect(progressPercent({ status: "processing", totalRows: 8, processedRows: 3 })).toBe(37);
    expect(progressPercent({ status: "completed", totalRows: 0, processedRows: 0 })).toBe(100);
  });

  it("writes rejected rows as CSV with the file's columns, formulas kept as text", () => {
    const csv = rejectedRowsCsv([
      {
        row: 3,
        reason: "This email already exists",
        values: [
          ["First Name", "Ann"],
          ["Email", "a@b.c"],
        ],
      },
      {
        row: 5,
        reason: 'Entity Name cannot contain a " character.',
        values: [
          ["First Name", "=cmd()"],
          ["Notes", "x, y"],
        ],
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Row,Reason,First Name,Email,Notes",
      "3,This email already exists,Ann,a@b.c,",
      '5,"Entity Name cannot contain a "" character.",\'=cmd(),,"x, y"',
      "",
    ]);
  });
});
