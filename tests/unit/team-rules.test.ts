import { describe, expect, it } from "vitest";
import { canChangeMember, canInvite, canOpenTeam, inviteSchema, parseRole, teamStatus, validateStaffRow } from "~/team/team-rules";

const partner = { id: "p1", firmAccess: "partner" as const };
const admin = { id: "a1", firmAccess: "admin" as const };

describe("team rules", () => {
  it("partners and admins manage the team", () => {
    expect(canOpenTeam(partner)).toBe(true);
    expect(canOpenTeam(admin)).toBe(true);
    expect(canOpenTeam({ firmAccess: "full" })).toBe(false);
    expect(canOpenTeam({ firmAccess: "group" })).toBe(false);
  });

  it("status: deactivated, invited until a password or a sign-in, else active", () => {
    expect(teamStatus({ paying: false, hasPassword: true, lastSignInAt: null })).toBe("deactivated");
    expect(teamStatus({ paying: true, hasPassword: false, lastSignInAt: null })).toBe("invited");
    expect(teamStatus({ paying: true, hasPassword: true, lastSignInAt: null })).toBe("active");
  });

  it("the last active partner can't be demoted or deactivated; only partners touch partners", () => {
    const member = { id: "p1", firmAccess: "partner" as const, paying: true };
    expect(canChangeMember(partner, member, { role: "admin" }, 1)).toMatchObject({ ok: false, status: 409 });
    expect(canChangeMember(partner, { ...member, id: "p2" }, { deactivate: true }, 1)).toMatchObject({ ok: false, status: 409 });
    expect(canChangeMember(partner, { ...member, id: "p2" }, { deactivate: true }, 2)).toEqual({ ok: true });
    expect(canChangeMember(partner, member, { deactivate: true }, 2)).toMatchObject({ ok: false, status: 409 }); // not oneself
    expect(canChangeMember(admin, { ...member, id: "p2" }, { role: "full" }, 2)).toMatchObject({ ok: false, status: 403 });
    expect(canChangeMember(admin, { id: "f1", firmAccess: "full", paying: true }, { role: "partner" }, 1)).toMatchObject({ ok: false, status: 403 });
    expect(canChangeMember(admin, { id: "f1", firmAccess: "full", paying: true }, { role: "admin" }, 1)).toEqual({ ok: true });
    expect(canInvite(admin, "partner")).toMatchObject({ ok: false });
    expect(canInvite(partner, "partner")).toEqual({ ok: true });
  });

  it("group access needs firm groups, and with groups on a group is required", () => {
    const base = { fname: "A", lname: "B", email: "a@example.com", isAdvisor: "1" };
    expect(inviteSchema({ hasFirmGroups: false }).safeParse({ ...base, role: "group" }).success).toBe(false);
    expect(inviteSchema({ hasFirmGroups: true }).safeParse({ ...base, role: "full" }).success).toBe(false);
    expect(inviteSchema({ hasFirmGroups: true }).safeParse({ ...base, role: "group", firmGroupId: "g1" }).success).toBe(true);
    expect(inviteSchema({ hasFirmGroups: false }).safeParse({ ...base, role: "full" }).data).toMatchObject({ isAdvisor: true, firmGroupId: null });
  });

  it("staff list rows: roles by name, groups by name, taken emails, an admin's list makes no partners", () => {
    expect(parseRole("Full access")).toBe("full");
    expect(parseRole("ADMIN")).toBe("admin");
    expect(parseRole("boss")).toBeNull();
    const ctx = { hasFirmGroups: true, groupsByName: new Map([["individuals", "g1"]]), takenEmails: new Set(["taken@example.com"]), importer: admin };
    expect(validateStaffRow({ fname: "A", lname: "B", email: "a@example.com", role: "Full access", group: "Individuals", advisor: "yes" }, ctx)).toEqual({
      ok: true,
      invite: { fname: "A", lname: "B", email: "a@example.com", role: "full", isAdvisor: true, firmGroupId: "g1" },
    });
    expect(validateStaffRow({ fname: "A", lname: "B", email: "TAKEN@example.com", group: "Individuals" }, ctx)).toEqual({
      ok: false,
      reason: "This email already exists",
    });
    expect(validateStaffRow({ fname: "A", lname: "B", email: "p@example.com", role: "Partner", group: "Individuals" }, ctx)).toMatchObject({ ok: false });
    expect(validateStaffRow({ fname: "A", lname: "B", email: "p@example.com", group: "Nope" }, ctx)).toEqual({ ok: false, reason: "Unknown firm group: Nope" });
  });
});
