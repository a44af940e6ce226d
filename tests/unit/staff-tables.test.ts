import { describe, expect, it } from "vitest";
import { defaultState, readTableState } from "~/components/data-table/state";
import { ENTITIES_TABLE, entitiesQuery, entityStatus, likePattern, USERS_TABLE, usersQuery } from "~/staff/tables";

const partner = { id: "u1", firmAccess: "partner" as const };
const group = { id: "u2", firmAccess: "group" as const };

describe("users query", () => {
  it("defaults to clients by created_at descending", () => {
    const q = usersQuery(defaultState(USERS_TABLE), partner);
    expect(q.where).toBe("u.kind = 'client' AND u.deleted_at IS NULL");
    expect(q.orderBy).toBe("u.created_at DESC, u.id DESC");
    expect(q.values).toEqual([]);
  });

  it("turns filters into parameters, never into SQL text", () => {
    const state = readTableState(new URLSearchParams("q=o'brien%&status=inactive&advisor=adv1&group=none&tag=t1&tag=t2&sort=name&dir=asc"), null, USERS_TABLE);
    const q = usersQuery(state, partner);
    expect(q.where).toContain("NOT u.paying");
    expect(q.where).toContain("u.assigned_advisor_id = $");
    expect(q.where).toContain("u.firm_group_id IS NULL");
    expect(q.where).not.toContain("o'brien");
    expect(q.values).toContain("%o'brien\\%%");
    expect(q.values).toContainEqual(["t1", "t2"]);
    expect(q.orderBy).toBe("lower(u.lname) ASC, lower(u.fname) ASC, u.id ASC");
    expect(usersQuery(readTableState(new URLSearchParams("status=active"), null, USERS_TABLE), partner).where).toContain("AND u.paying");
  });

  it("limits group-access staff to their group and users in no group", () => {
    const q = usersQuery(defaultState(USERS_TABLE), group);
    // The viewer's group is read by their id in the statement when the caller didn't load it…
    expect(q.where).toContain("u.firm_group_id IS NULL OR u.firm_group_id = (SELECT vg.firm_group_id FROM users vg WHERE vg.id = $1)");
    expect(q.values).toEqual(["u2"]);
    // …and bound when it did.
    const known = usersQuery(defaultState(USERS_TABLE), { ...group, firmGroupId: "grp_a" });
    expect(known.where).toContain("(u.firm_group_id IS NULL OR u.firm_group_id = $1)");
    expect(known.values).toEqual(["grp_a"]);
  });

  it("ignores unknown sorts", () => {
    const state = readTableState(new URLSearchParams("sort=password_hash;drop&dir=asc"), null, USERS_TABLE);
    expect(usersQuery(state, partner).orderBy).toBe("u.created_at ASC, u.id ASC");
  });
});

describe("entities query", () => {
  it("always hides the drop-link entity and deleted ones", () => {
    const q = entitiesQuery(defaultState(ENTITIES_TABLE), partner, "drop_link");
    expect(q.where).toBe("c.deleted_at IS NULL AND c.entity_type <> $1");
    expect(q.values).toEqual(["drop_link"]);
    expect(q.orderBy).toBe("c.created_at DESC, c.id DESC");
  });

  it("filters by status, type and tags", () => {
    const state = readTableState(new URLSearchParams("status=readonly&type=Trust&tag=x&sort=owner&dir=desc"), null, ENTITIES_TABLE);
    const q = entitiesQuery(state, group, "drop_link");
    expect(q.where).toContain("NOT c.inactive AND c.readonly_access");
    expect(q.where).toContain("NOT EXISTS (SELECT 1 FROM users vo WHERE vo.id = c.primary_owner_id");
    expect(q.values).toEqual(["drop_link", "u2", "Trust", ["x"]]);
    expect(q.orderBy).toBe("c.owner_sort_lname DESC NULLS LAST, c.owner_sort_fname DESC, c.id DESC");
  });

  it("names the status", () => {
    expect(entityStatus({ inactive: true, readonlyAccess: true })).toBe("inactive");
    expect(entityStatus({ inactive: false, readonlyAccess: true })).toBe("readonly");
    expect(entityStatus({ inactive: false, readonlyAccess: false })).toBe("active");
    expect(likePattern("a_b")).toBe("%a\\_b%");
  });
});

describe("deleted entities", () => {
  it("are listed only under the Deleted status filter", async () => {
    const { entitiesQuery, ENTITIES_TABLE } = await import("~/staff/tables");
    const { readTableState } = await import("~/components/data-table/state");
    const state = readTableState(new URLSearchParams("status=deleted"), undefined, ENTITIES_TABLE);
    const q = entitiesQuery(state, { id: "me", firmAccess: "partner" }, "drop_link");
    expect(q.where).toBe("c.deleted_at IS NOT NULL AND c.entity_type <> $1");
  });
});
