import { describe, expect, it } from "vitest";
import { databaseLoginError, databaseLoginProblems, type DatabaseLoginFacts } from "~/database-login";

const safe: DatabaseLoginFacts = {
  login: "portal_app_login",
  actingAs: "portal_app",
  superuser: false,
  bypassRls: false,
  createRole: false,
  replication: false,
  otherRoles: [],
  ownsObjects: false,
};

describe("the app's database login", () => {
  it("is safe when it can act only as portal_app, and does", () => {
    expect(databaseLoginProblems(safe, "portal_app")).toEqual([]);
  });

  it("is refused for every way round row-level security", () => {
    expect(databaseLoginProblems({ ...safe, login: "postgres", superuser: true, otherRoles: ["pg_read_all_data", "postgres"] }, "portal_app")).toEqual([
      "is a superuser",
    ]);
    expect(databaseLoginProblems({ ...safe, bypassRls: true }, "portal_app")).toEqual(["has BYPASSRLS"]);
    expect(databaseLoginProblems({ ...safe, createRole: true }, "portal_app")).toEqual(["has CREATEROLE"]);
    expect(databaseLoginProblems({ ...safe, replication: true }, "portal_app")).toEqual(["has REPLICATION"]);
    expect(databaseLoginProblems({ ...safe, otherRoles: ["portal_owner"] }, "portal_app")).toEqual(["can act as other roles than portal_app (portal_owner)"]);
    expect(databaseLoginProblems({ ...safe, ownsObjects: true }, "portal_app")).toEqual([expect.stringMatching(/^owns/)]);
    expect(databaseLoginProblems({ ...safe, actingAs: "portal_app_login" }, "portal_app")).toEqual([
      "does not act as portal_app (its statements run as portal_app_login)",
    ]);
  });

  it("lists at most five other roles", () => {
    const [problem] = databaseLoginProblems({ ...safe, otherRoles: ["a", "b", "c", "d", "e", "f", "g"] }, "portal_app");
    expect(problem).toBe("can act as other roles than portal_app (a, b, c, d, e and 2 more)");
  });

  it("says which settings to change", () => {
    const facts = { ...safe, login: "postgres", superuser: true };
    const error = databaseLoginError(facts, databaseLoginProblems(facts, "portal_app"), "portal_app");
    expect(error.name).toBe("DatabaseLoginError");
    expect(error.message).toMatch(/"postgres" of DATABASE_URL: it is a superuser/);
    expect(error.message).toContain("DATABASE_OWNER_URL");
    expect(error.message).toContain("Database roles");
  });
});
