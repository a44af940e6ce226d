import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IMPLEMENTED_PAGES, STAFF_NAV_RULES, clientNavigation, staffNavigation } from "~/navigation";

const everything = new Set(STAFF_NAV_RULES.map((r) => r.to).concat(["/inbox", "/documents", "/profile"]));
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe("staff navigation", () => {
  it("shows the unconditional items to every staff member", () => {
    const nav = labels(staffNavigation({ firmAccess: "group", isAdvisor: false }, {}, everything));
    expect(nav).toEqual(["Collect", "Entities", "Users", "Messages", "Activities", "Profile Settings", "Help"]);
  });

  it("gives partners Templates and Firm Settings, not Firm Roles unless enabled", () => {
    const nav = labels(staffNavigation({ firmAccess: "partner", isAdvisor: true }, {}, everything));
    expect(nav).toContain("Templates");
    expect(nav).toContain("Firm Settings");
    expect(nav).toContain("Guide");
    expect(nav).not.toContain("Firm Roles");
    expect(labels(staffNavigation({ firmAccess: "partner", isAdvisor: true }, { useFirmRoles: true }, everything))).toContain("Firm Roles");
  });

  it("shows Firm Settings to partners only and Firm Roles to partners and admins", () => {
    const prefs = { useFirmRoles: true };
    expect(labels(staffNavigation({ firmAccess: "admin", isAdvisor: true }, prefs, everything))).not.toContain("Firm Settings");
    expect(labels(staffNavigation({ firmAccess: "admin", isAdvisor: true }, prefs, everything))).toContain("Firm Roles");
    expect(labels(staffNavigation({ firmAccess: "full", isAdvisor: true }, prefs, everything))).not.toContain("Firm Roles");
  });

  it("shows Team to partners and admins only", () => {
    expect(labels(staffNavigation({ firmAccess: "partner", isAdvisor: false }, {}, everything))).toContain("Team");
    expect(labels(staffNavigation({ firmAccess: "admin", isAdvisor: false }, {}, everything))).toContain("Team");
    expect(labels(staffNavigation({ firmAccess: "full", isAdvisor: true }, {}, everything))).not.toContain("Team");
    expect(labels(staffNavigation({ firmAccess: "group", isAdvisor: true }, {}, everything))).not.toContain("Team");
  });

  it("hides Templates for non-admins when templates are disabled for non-admins", () => {
    const prefs = { templateDisabledForNonadmin: true };
    expect(labels(staffNavigation({ firmAccess: "full", isAdvisor: true }, prefs, everything))).not.toContain("Templates");
    expect(labels(staffNavigation({ firmAccess: "partner", isAdvisor: true }, prefs, everything))).toContain("Templates");
    expect(labels(staffNavigation({ firmAccess: "admin", isAdvisor: true }, {}, everything))).not.toContain("Templates");
  });

  it("follows the delivery, connect and drop link preferences", () => {
    const viewer = { firmAccess: "full" as const, isAdvisor: true };
    expect(labels(staffNavigation(viewer, {}, everything))).not.toContain("Deliver");
    expect(labels(staffNavigation(viewer, {}, everything))).not.toContain("Signature requests");
    const nav = labels(
      staffNavigation(
        viewer,
        { newTaxReturnDeliveryEnabled: true, reviewAndExportEnabled: true, dropLinkEnabled: true, signatureRequestsEnabled: true },
        everything,
      ),
    );
    expect(nav).toEqual(expect.arrayContaining(["Deliver", "Connect", "Drop Link", "Signature requests"]));
    expect(labels(staffNavigation({ firmAccess: "group", isAdvisor: true }, { dropLinkEnabled: true }, everything))).not.toContain("Drop Link");
  });

  it("lists the whole table in the spec's order for a partner advisor with every flag on", () => {
    const prefs = {
      newTaxReturnDeliveryEnabled: true,
      reviewAndExportEnabled: true,
      useFirmRoles: true,
      dropLinkEnabled: true,
      signatureRequestsEnabled: true,
    };
    expect(labels(staffNavigation({ firmAccess: "partner", isAdvisor: true }, prefs, everything))).toEqual([
      "Collect",
      "Templates",
      "Entities",
      "Users",
      "Messages",
      "Deliver",
      "Connect",
      "Signature requests",
      "Activities",
      "Firm Settings",
      "Firm Roles",
      "Team",
      "Custom Statuses",
      "Drop Link",
      "Guide",
      "Profile Settings",
      "Help",
    ]);
  });

  it("gives Drop Link to partner, admin and full users only, and Guide to advisors only", () => {
    const prefs = { dropLinkEnabled: true };
    for (const firmAccess of ["partner", "admin", "full"] as const)
      expect(labels(staffNavigation({ firmAccess, isAdvisor: false }, prefs, everything))).toContain("Drop Link");
    expect(labels(staffNavigation({ firmAccess: null, isAdvisor: true }, prefs, everything))).not.toContain("Drop Link");
    expect(labels(staffNavigation({ firmAccess: "partner", isAdvisor: false }, {}, everything))).not.toContain("Guide");
  });

  it("gives Custom Statuses to partners and admins only", () => {
    for (const firmAccess of ["partner", "admin"] as const)
      expect(labels(staffNavigation({ firmAccess, isAdvisor: true }, {}, everything))).toContain("Custom Statuses");
    for (const firmAccess of ["full", "group"] as const)
      expect(labels(staffNavigation({ firmAccess, isAdvisor: true }, {}, everything))).not.toContain("Custom Statuses");
  });

  it("links only pages that exist", () => {
    const nav = staffNavigation({ firmAccess: "partner", isAdvisor: true }, {}, new Set(["/", "/firm"]));
    expect(nav).toEqual([
      { to: "/", label: "Collect" },
      { to: "/firm", label: "Firm Settings" },
    ]);
  });
});

describe("client navigation", () => {
  it("lists dashboard, inbox, documents and profile", () => {
    expect(labels(clientNavigation({}, everything))).toEqual(["Dashboard", "Messages", "Documents", "Profile"]);
  });
  it("hides messages when communication is disabled and documents when hidden from clients", () => {
    expect(labels(clientNavigation({ communicationDisabled: true, hideDocumentsViewFromClients: true }, everything))).toEqual(["Dashboard", "Profile"]);
  });
});

describe("pages that exist", () => {
  it("has a route module for every implemented page", () => {
    // `firm_.preferences` is /firm/preferences outside firm.tsx's layout.
    const routes = readdirSync(path.join(__dirname, "../../app/routes")).map((r) => r.replace(/_(?=\.)/g, ""));
    for (const page of IMPLEMENTED_PAGES) {
      const base = page === "/" ? "_index" : page.slice(1).replaceAll("/", ".");
      expect(
        routes.some((r) => r === `${base}.tsx` || r.startsWith(`${base}.`) || r.startsWith(`${base}_`)),
        page,
      ).toBe(true);
    }
  });

  it("links the client profile and the staff Profile Settings", () => {
    expect(labels(clientNavigation({}, IMPLEMENTED_PAGES))).toContain("Profile");
    expect(staffNavigation({ firmAccess: "group", isAdvisor: false }, {}, IMPLEMENTED_PAGES)).toContainEqual({
      to: "/admin-profile",
      label: "Profile Settings",
    });
  });
});
