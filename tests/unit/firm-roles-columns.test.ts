/** The tables' firm role columns, pure: their keys, how a table's configuration gains them, and their sort in SQL (Collect and Deliver share these). */
import { describe, expect, it } from "vitest";
import { defaultState, readTableState } from "~/components/data-table/state";
import { TAX_RETURNS_TABLE, taxReturnsQuery } from "~/deliver/table/table";
import { roleColumnKey, roleIdOfColumn, roleSortSql, withRoleColumns } from "~/firm-roles/rules";

const roles = [
  { id: "ckrolepreparer1", name: "Preparer" },
  { id: "ckrolereviewer1", name: "Reviewer" },
];
const partner = { id: "u1", firmAccess: "partner" as const, firmGroupId: null };

describe("role column keys", () => {
  it("round-trip a role id, and name no role for any other column", () => {
    expect(roleIdOfColumn(roleColumnKey("ckrolepreparer1"))).toBe("ckrolepreparer1");
    expect(roleIdOfColumn("role_")).toBeNull();
    expect(roleIdOfColumn("updated_at")).toBeNull();
  });
});

describe("withRoleColumns", () => {
  it("leaves a table as it is when the firm has no role columns (use_firm_roles off)", () => {
    expect(withRoleColumns(TAX_RETURNS_TABLE, [], { sortable: true })).toBe(TAX_RETURNS_TABLE);
  });

  it("adds one choosable column per role, shown at first, and makes them sortable only when asked", () => {
    const plain = withRoleColumns(TAX_RETURNS_TABLE, roles);
    expect(plain.columns.slice(-2)).toEqual(["role_ckrolepreparer1", "role_ckrolereviewer1"]);
    expect(plain.sortKeys).toEqual(TAX_RETURNS_TABLE.sortKeys);
    expect(plain.defaultHidden).toEqual(TAX_RETURNS_TABLE.defaultHidden);
    const sortable = withRoleColumns(TAX_RETURNS_TABLE, roles, { sortable: true });
    expect(sortable.sortKeys.slice(-2)).toEqual(["role_ckrolepreparer1", "role_ckrolereviewer1"]);
    expect(readTableState(new URLSearchParams("sort=role_ckrolereviewer1&dir=asc"), null, sortable).sort).toBe("role_ckrolereviewer1");
    expect(readTableState(new URLSearchParams("sort=role_ckrolereviewer1&dir=asc"), null, plain).sort).toBe(defaultState(plain).sort);
  });
});

describe("roleSortSql", () => {
  it("orders by the holder who comes first by last name, on the row's entity", () => {
    const sql = roleSortSql("t.company_id", "ckrolepreparer1");
    expect(sql).toContain("ra.company_id = t.company_id");
    expect(sql).toContain("ra.firm_role_id = 'ckrolepreparer1'");
    expect(sql).toContain("min(lower(ru.lname || ' ' || ru.fname))");
  });

  it("refuses anything that is not a role id", () => {
    expect(() => roleSortSql("t.company_id", "x'; drop table users; --")).toThrow();
    expect(() => roleSortSql("t.company_id", "")).toThrow();
  });
});

describe("the Deliver table's role sort", () => {
  const config = withRoleColumns(TAX_RETURNS_TABLE, roles, { sortable: true });
  const state = (search: string) => readTableState(new URLSearchParams(search), null, config);

  it("sorts a role's column by its holders, entities nobody holds it on last, then the newest change", () => {
    const q = taxReturnsQuery(state("?sort=role_ckrolereviewer1&dir=desc"), partner, ["ckrolepreparer1", "ckrolereviewer1"]);
    expect(q.orderBy).toBe(`${roleSortSql("t.company_id", "ckrolereviewer1")} DESC NULLS LAST, t.updated_at DESC, t.id DESC`);
    expect(q.values).toEqual([]);
  });

  it("falls back to the default sort for a role the firm does not have (another firm's, a deleted one)", () => {
    const q = taxReturnsQuery(state("?sort=role_ckrolereviewer1&dir=asc"), partner, ["ckrolepreparer1"]);
    expect(q.orderBy).toBe("t.updated_at ASC, t.id ASC");
  });
});
