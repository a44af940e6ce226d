import { describe, expect, it } from "vitest";

import {
  bulkActions,
  MAX_BULK_DOCUMENTS,
  SELECTION_MESSAGES,
  selectAllState,
  selectionKind,
  toggleAll,
  toggleOne,
  zipEntryNames,
} from "../../app/documents/selection";

const live = { deletedAt: null };
const deleted = { deletedAt: "2026-01-02T00:00:00.000Z" };
const everything = { canEditFiles: true, canRestore: true };

describe("a selection's kind", () => {
  it("is live, deleted, mixed or none", () => {
    expect(selectionKind([])).toBe("none");
    expect(selectionKind([live, live])).toBe("live");
    expect(selectionKind([deleted, { deletedAt: new Date() }])).toBe("deleted");
    expect(selectionKind([live, deleted])).toBe("mixed");
    expect(selectionKind([deleted, live, live])).toBe("mixed");
  });
});

describe("the selection bar's actions", () => {
  const names = (states: ReturnType<typeof bulkActions>) => states.map((s) => `${s.action}${s.enabled ? "" : " (disabled)"}`);

  it("offers download, move and delete for live documents, restore for deleted ones", () => {
    expect(names(bulkActions("live", everything))).toEqual(["download", "move", "delete"]);
    expect(names(bulkActions("deleted", everything))).toEqual(["restore"]);
    expect(bulkActions("none", everything)).toEqual([]);
  });

  it("disables every action for a mix of deleted and non-deleted documents", () => {
    const mixed = bulkActions("mixed", everything);
    expect(names(mixed)).toEqual(["download (disabled)", "move (disabled)", "delete (disabled)", "restore (disabled)"]);
    expect(mixed.some((a) => a.enabled)).toBe(false);
    expect(SELECTION_MESSAGES.mixed).toBe("Not available for a mix of deleted and non-deleted documents");
  });

  it("never offers what the viewer may not do (read-only, firm preferences, not an advisor)", () => {
    expect(names(bulkActions("live", { canEditFiles: false, canRestore: false }))).toEqual(["download"]);
    expect(names(bulkActions("deleted", { canEditFiles: true, canRestore: false }))).toEqual([]);
    expect(names(bulkActions("mixed", { canEditFiles: false, canRestore: true }))).toEqual(["download (disabled)", "restore (disabled)"]);
  });
});

describe("select all", () => {
  const listed = ["a", "b", "c"];
  it("is none, some (indeterminate) or all of the listed files", () => {
    expect(selectAllState(listed, new Set())).toBe("none");
    expect(selectAllState(listed, new Set(["b", "elsewhere"]))).toBe("some");
    expect(selectAllState(listed, new Set(listed))).toBe("all");
    expect(selectAllState(listed, new Set(["elsewhere"]))).toBe("none");
  });
  it("selects every listed file, or clears them when all were selected, keeping other selections", () => {
    expect([...toggleAll(listed, new Set(["b", "x"]))].sort()).toEqual(["a", "b", "c", "x"]);
    expect([...toggleAll(listed, new Set(["a", "b", "c", "x"]))]).toEqual(["x"]);
    expect([...toggleOne(new Set(["a"]), "b", true)].sort()).toEqual(["a", "b"]);
    expect([...toggleOne(new Set(["a", "b"]), "a", false)]).toEqual(["b"]);
  });
  it("allows 500 documents at a time", () => {
    expect(MAX_BULK_DOCUMENTS).toBe(500);
  });
});

describe("zip entry names of selected files", () => {
  it("uses the names, and the folder path where two selected files share a name", () => {
    expect(
      zipEntryNames([
        { name: "W-2.pdf", path: "/2025" },
        { name: "1099.pdf", path: "/2025" },
      ]),
    ).toEqual(["W-2.pdf", "1099.pdf"]);
    expect(
      zipEntryNames([
        { name: "W-2.pdf", path: "/2024" },
        { name: "w-2.pdf", path: "/2025/Tax" },
        { name: "K-1.pdf", path: "/" },
      ]),
    ).toEqual(["2024/W-2.pdf", "2025/Tax/w-2.pdf", "K-1.pdf"]);
  });
  it("never gives two entries the same name", () => {
    const names = zipEntryNames([
      { name: "W-2.pdf", path: "/" },
      { name: "W-2.pdf", path: "/" },
      { name: "Notes", path: "/" },
      { name: "notes", path: "/" },
    ]);
    expect(names).toEqual(["W-2.pdf", "W-2 (2).pdf", "Notes", "notes (2)"]);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});
