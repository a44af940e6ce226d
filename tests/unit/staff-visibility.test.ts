import { describe, expect, it } from "vitest";
import { canSeeEntity, canSeeUser, groupScope, type FirmAccess } from "~/staff/permissions";
import { entityVisibleSql, entityVisibleWhere, userVisibleSql, userVisibleWhere, type VisibilityViewer } from "~/staff/visibility";

const viewer = (firmAccess: FirmAccess, firmGroupId: string | null = null): VisibilityViewer & { firmGroupId: string | null } => ({
  id: "staff_1",
  firmAccess,
  firmGroupId,
});
const VIEWERS = [viewer("partner"), viewer("admin", "grp_a"), viewer("full", "grp_b"), viewer(null), viewer("group", "grp_a"), viewer("group", null)];
const GROUPS = [null, "grp_a", "grp_b"];

/** Just enough of Prisma's `where` semantics for the shapes visibility.ts builds (anything else fails the test). */
function matches(where: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.entries(where).every(([key, value]) => {
    if (key === "OR") return (value as Record<string, unknown>[]).some((w) => matches(w, row));
    if (key === "is") return row !== null && matches(value as Record<string, unknown>, row);
    if (value !== null && typeof value === "object") {
      const related = row[key] as Record<string, unknown> | null;
      return related !== null && related !== undefined && matches(value as Record<string, unknown>, related);
    }
    if (!(key in row)) throw new Error(`unexpected filter field ${key}`);
    return row[key] === value;
  });
}

/** Collects bound values the way the SQL builders' callers do. */
function binder() {
  const values: unknown[] = [];
  return { values, bind: (v: unknown) => (values.push(v), `$${values.length}`) };
}

describe("the group scope", () => {
  it("is the whole firm except for group access, which is its own group and no group", () => {
    expect(groupScope(viewer("partner", "grp_a"))).toEqual({ all: true });
    expect(groupScope(viewer("group", "grp_a"))).toEqual({ all: false, ownGroupId: "grp_a" });
    expect(groupScope(viewer("group", null))).toEqual({ all: false, ownGroupId: null });
  });
});

describe("Prisma filters", () => {
  it("select exactly the client users canSeeUser allows, for every kind of viewer and group", () => {
    for (const v of VIEWERS) {
      for (const firmGroupId of GROUPS) {
        expect(matches(userVisibleWhere(v) as Record<string, unknown>, { firmGroupId }), `${v.firmAccess}/${v.firmGroupId} → ${firmGroupId}`).toBe(
          canSeeUser(v, { firmGroupId }),
        );
      }
    }
  });

  it("select exactly the entities canSeeEntity allows: by the primary owner's group; no owner is visible", () => {
    for (const v of VIEWERS) {
      const entities = [{ primaryOwnerId: null, primaryOwner: null }, ...GROUPS.map((g) => ({ primaryOwnerId: "usr_1", primaryOwner: { firmGroupId: g } }))];
      for (const e of entities) {
        const ownerGroupId = e.primaryOwner?.firmGroupId ?? null;
        expect(matches(entityVisibleWhere(v) as Record<string, unknown>, e), `${v.firmAccess}/${v.firmGroupId} → ${JSON.stringify(e)}`).toBe(
          canSeeEntity(v, { ownerGroupId }),
        );
      }
    }
  });

  it("narrow nothing for staff without group access", () => {
    expect(userVisibleWhere(viewer("full", "grp_b"))).toEqual({});
    expect(entityVisibleWhere(viewer("partner"))).toEqual({});
  });
});

describe("SQL conditions", () => {
  it("are TRUE for staff without group access, with nothing bound", () => {
    const { values, bind } = binder();
    expect(userVisibleSql(viewer("partner", "grp_a"), "u", bind)).toBe("TRUE");
    expect(entityVisibleSql(viewer("admin"), "c", bind)).toBe("TRUE");
    expect(values).toEqual([]);
  });

  it("bind the viewer's group when it is known, never inlining it", () => {
    const { values, bind } = binder();
    const v = viewer("group", "grp_a'); DROP TABLE users; --");
    expect(userVisibleSql(v, "u", bind)).toBe("(u.firm_group_id IS NULL OR u.firm_group_id = $1)");
    expect(entityVisibleSql(v, "c", bind)).toBe(
      "NOT EXISTS (SELECT 1 FROM users vo WHERE vo.id = c.primary_owner_id AND vo.firm_group_id IS NOT NULL AND vo.firm_group_id IS DISTINCT FROM $2)",
    );
    expect(values).toEqual([v.firmGroupId, v.firmGroupId]);
  });

  it("show a group-access viewer without a group only what is in no group", () => {
    const { values, bind } = binder();
    expect(userVisibleSql(viewer("group", null), "u", bind)).toBe("(u.firm_group_id IS NULL)");
    expect(entityVisibleSql(viewer("group", null), "c", bind)).toBe(
      "NOT EXISTS (SELECT 1 FROM users vo WHERE vo.id = c.primary_owner_id AND vo.firm_group_id IS NOT NULL)",
    );
    expect(values).toEqual([]);
  });

  it("read the viewer's group by their id when the caller has not loaded it", () => {
    const { values, bind } = binder();
    const v: VisibilityViewer = { id: "staff_9", firmAccess: "group" };
    expect(userVisibleSql(v, "u", bind)).toBe("(u.firm_group_id IS NULL OR u.firm_group_id = (SELECT vg.firm_group_id FROM users vg WHERE vg.id = $1))");
    expect(values).toEqual(["staff_9"]);
  });

  it("accept only plain table aliases", () => {
    const { bind } = binder();
    expect(() => userVisibleSql(viewer("group", "grp_a"), "u; DROP TABLE users", bind)).toThrow(/alias/);
    expect(() => entityVisibleSql(viewer("group", "grp_a"), "c.id", bind)).toThrow(/alias/);
  });
});
