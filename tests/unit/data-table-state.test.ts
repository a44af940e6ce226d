import { describe, expect, it } from "vitest";
import {
  defaultState,
  pageInfo,
  parsePageSize,
  parseStoredState,
  readTableState,
  stateToSearch,
  toggleSort,
  withFilter,
  withPage,
  withPageSize,
  withSearch,
  type TableConfig,
} from "~/components/data-table/state";

const config: TableConfig = {
  sortKeys: ["name", "created"],
  defaultSort: { key: "created", dir: "desc" },
  filters: ["status", "tag"],
  columns: ["email", "phone"],
};

describe("pagination math", () => {
  it("labels ranges '1-10 of N' and clamps pages", () => {
    expect(pageInfo(1, 10, 25)).toMatchObject({ page: 1, lastPage: 3, from: 1, to: 10, offset: 0, label: "1-10 of 25", hasPrevious: false, hasNext: true });
    expect(pageInfo(3, 10, 25)).toMatchObject({ page: 3, from: 21, to: 25, offset: 20, label: "21-25 of 25", hasNext: false, hasPrevious: true });
    expect(pageInfo(9, 10, 25)).toMatchObject({ page: 3, label: "21-25 of 25" });
    expect(pageInfo(0, 20, 40)).toMatchObject({ page: 1, lastPage: 2, label: "1-20 of 40" });
    expect(pageInfo(2, 50, 0)).toMatchObject({ page: 1, lastPage: 1, from: 0, to: 0, label: "0-0 of 0", hasNext: false, hasPrevious: false });
  });
});

describe("page sizes", () => {
  it("accepts 10, 20 and 50 only", () => {
    expect(parsePageSize("20")).toBe(20);
    expect(parsePageSize(50)).toBe(50);
    expect(parsePageSize("25")).toBe(10);
    expect(parsePageSize("1e9")).toBe(10);
    expect(parsePageSize(undefined)).toBe(10);
  });
});

describe("cookie state", () => {
  it("validates every field and falls back to the defaults", () => {
    expect(parseStoredState(null, config)).toEqual({ size: 10, sort: "created", dir: "desc", q: "", filters: {}, hidden: [] });
    expect(parseStoredState("garbage", config)).toEqual(parseStoredState(null, config));
    expect(
      parseStoredState(
        { size: 50, sort: "name", dir: "asc", q: "  ann ", filters: { status: ["active"], tag: "t1", bogus: ["x"] }, hidden: ["phone", "nope", "phone"] },
        config,
      ),
    ).toEqual({ size: 50, sort: "name", dir: "asc", q: "ann", filters: { status: ["active"], tag: ["t1"] }, hidden: ["phone"] });
    expect(parseStoredState({ sort: "password_hash", dir: "sideways", size: 1000 }, config)).toMatchObject({ sort: "created", dir: "desc", size: 10 });
  });

  it("uses the URL when it carries state, else the cookie (always on page 1)", () => {
    const stored = { size: 20, sort: "name", dir: "asc", q: "x", filters: { status: ["inactive"] }, hidden: ["email"] };
    expect(readTableState(new URLSearchParams(""), stored, config)).toEqual({ page: 1, ...parseStoredState(stored, config) });
    const fromUrl = readTableState(new URLSearchParams("page=3&size=50&sort=name&dir=desc&q=bob&tag=a&tag=b"), stored, config);
    expect(fromUrl).toEqual({ page: 3, size: 50, sort: "name", dir: "desc", q: "bob", filters: { tag: ["a", "b"] }, hidden: ["email"] });
    expect(readTableState(new URLSearchParams("page=-4&cols=1"), stored, config)).toMatchObject({ page: 1, hidden: [] });
  });
});

describe("default hidden columns", () => {
  const withDefaults: TableConfig = { ...config, defaultHidden: ["phone"] };

  it("hides them until the user chooses columns; an empty choice shows every column", () => {
    expect(defaultState(withDefaults).hidden).toEqual(["phone"]);
    expect(parseStoredState(null, withDefaults).hidden).toEqual(["phone"]);
    expect(parseStoredState({ size: 20 }, withDefaults).hidden).toEqual(["phone"]);
    expect(parseStoredState({ hidden: [] }, withDefaults).hidden).toEqual([]);
    expect(parseStoredState({ hidden: ["email"] }, withDefaults).hidden).toEqual(["email"]);
    expect(readTableState(new URLSearchParams("page=2"), null, withDefaults).hidden).toEqual(["phone"]);
    expect(readTableState(new URLSearchParams("cols=1"), null, withDefaults).hidden).toEqual([]);
  });
});

describe("sort and filter changes", () => {
  it("goes back to page 1 on sort, size, search or filter change", () => {
    const s = { ...defaultState(config), page: 4 };
    expect(toggleSort(s, "name")).toMatchObject({ sort: "name", dir: "asc", page: 1 });
    expect(toggleSort(toggleSort(s, "name"), "name")).toMatchObject({ dir: "desc", page: 1 });
    expect(toggleSort(s, "created")).toMatchObject({ dir: "asc", page: 1 });
    expect(withPageSize(s, 20)).toMatchObject({ size: 20, page: 1 });
    expect(withSearch(s, " smith ")).toMatchObject({ q: "smith", page: 1 });
    expect(withFilter(s, "status", ["active"])).toMatchObject({ filters: { status: ["active"] }, page: 1 });
    expect(withFilter(withFilter(s, "status", ["active"]), "status", [""]).filters).toEqual({});
    expect(withPage(s, 2).page).toBe(2);
  });

  it("round-trips through the URL", () => {
    const s = { page: 2, size: 20 as const, sort: "name", dir: "asc" as const, q: "a&b", filters: { tag: ["t1", "t2"] }, hidden: ["phone"] };
    const search = stateToSearch(s, config);
    expect(readTableState(new URLSearchParams(search), null, config)).toEqual(s);
    // The default state still says something, so the cookie does not override a reset.
    expect(stateToSearch(defaultState(config), config)).toBe("?size=10");
  });
});
