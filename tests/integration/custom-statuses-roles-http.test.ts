/**
 * Custom statuses and firm roles over HTTP (staff spec §3 Firm, Firm role; §6; §9
 * send_custom_status_change): the settings pages (partners and admins only, duplicate names
 * refused with a message, bad input 400), deleting a status clears it from its questionnaires,
 * setting a status from Collect notifies each client once and shows on their dashboard card, bulk
 * role assignment touches only the entities the staff member may see, Collect gets one column per
 * role, and the cross-firm matrix: another firm's statuses and roles are never read or changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDataPath, bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const STATUSES = "routes/settings.statuses";
const ROLES = "routes/settings.roles";

let app: TestApp;
let acmePartner: Browser;
let acmeAdmin: Browser;
let acmeAdvisor: Browser;
let acmeClient: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let clientQ: { id: string; companyId: string; hash: string; taxYear: number; ownerIds: string[] };

const statusForm = (b: Browser, slug: string, fields: Record<string, string>) => b.post(slug, actionDataPath("/settings/statuses", STATUSES), fields);
const roleForm = (b: Browser, slug: string, fields: Record<string, string>) => b.post(slug, actionDataPath("/settings/roles", ROLES), fields);
const statusFields = (name: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  firmUserDisplayStatus: name,
  clientDisplayStatus: `${name} (client)`,
  clientInstruction: `What to do at ${name}`,
  color: "success",
  ...extra,
});
const statusByName = (firmId: string, name: string) => scoped(firmId, (tx) => tx.firmCustomStatus.findFirst({ where: { firmUserDisplayStatus: name } }));

beforeAll(async () => {
  app = await bootApp({
    name: "custom-statuses-roles-http",
    beforeServe: async () => {
      for (const firmId of [ACME, SUMMIT]) {
        await scoped(firmId, (tx) => tx.firmPreferences.update({ where: { firmId }, data: { useFirmRoles: true } }));
      }
      clientQ = await scoped(ACME, async (tx) => {
        const q = await tx.questionnaire.findFirstOrThrow({
          where: { deletedAt: null, isDraft: false, company: { primaryOwner: { email: "client@acme.test" } } },
          orderBy: { taxYear: "desc" },
          select: { id: true, companyId: true, taxYear: true, company: { select: { hashId: true, owners: { select: { userId: true } } } } },
        });
        return { id: q.id, companyId: q.companyId, hash: q.company.hashId, taxYear: q.taxYear, ownerIds: q.company.owners.map((o) => o.userId) };
      });
    },
  });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdmin = await app.signIn("acme", "admin@acme.test");
  acmeAdvisor = await app.signIn("acme", "advisor@acme.test");
  acmeClient = await app.signIn("acme", "client@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("custom statuses settings", () => {
  it("a partner creates, edits, recolours and reorders statuses; an admin may too", async () => {
    const created = await statusForm(acmePartner, "acme", statusFields("Ready for review"));
    expect(created.status, created.text.slice(0, 300)).toBe(200);
    expect(created.body).toMatchObject({ ok: true, message: "Status saved" });
    const row = (await statusByName(ACME, "Ready for review"))!;
    expect(row).toMatchObject({ clientDisplayStatus: "Ready for review (client)", color: "success", clientInstruction: "What to do at Ready for review" });

    const edited = await statusForm(acmeAdmin, "acme", { ...statusFields("Reviewed"), intent: "update", id: row.id, color: "danger" });
    expect(edited.status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.firmCustomStatus.findUnique({ where: { id: row.id } }))).toMatchObject({
      firmUserDisplayStatus: "Reviewed",
      color: "danger",
    });

    const page = await acmePartner.data("acme", "/settings/statuses", STATUSES);
    const names = page.statuses.map((s: any) => s.firmUserDisplayStatus);
    expect(names.at(-1)).toBe("Reviewed");
    const moved = await statusForm(acmePartner, "acme", { intent: "move", id: row.id, direction: "up" });
    expect(moved.status).toBe(200);
    const after = (await acmePartner.data("acme", "/settings/statuses", STATUSES)).statuses.map((s: any) => s.firmUserDisplayStatus);
    expect(after.at(-2)).toBe("Reviewed");
    expect(after.length).toBe(names.length);
  });

  it("refuses a duplicate name (any case) with a message, bad input with 400, and nothing is created", async () => {
    await statusForm(acmePartner, "acme", statusFields("Sent to IRS"));
    const before = await scoped(ACME, (tx) => tx.firmCustomStatus.count());
    const dup = await statusForm(acmePartner, "acme", statusFields("  sent to irs "));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ ok: false, errors: { firmUserDisplayStatus: "Your firm already has a status with this name" } });
    const empty = await statusForm(acmePartner, "acme", statusFields(""));
    expect(empty.status).toBe(400);
    expect(empty.body.errors.firmUserDisplayStatus).toBe("Enter the status staff see");
    const badColour = await statusForm(acmePartner, "acme", statusFields("Colourful", { color: "#ff00ff" }));
    expect(badColour.status).toBe(400);
    const noIntent = await statusForm(acmePartner, "acme", { firmUserDisplayStatus: "x" });
    expect(noIntent.status).toBe(400);
    expect(await scoped(ACME, (tx) => tx.firmCustomStatus.count())).toBe(before);
  });

  it("is for partners and admins only (403 for other staff; clients never)", async () => {
    expect((await acmeAdvisor.get("acme", "/settings/statuses")).status).toBe(403);
    const refused = await statusForm(acmeAdvisor, "acme", statusFields("Advisor's status"));
    expect(refused.status).toBe(403);
    expect(await statusByName(ACME, "Advisor's status")).toBeNull();
    expect([403, 404]).toContain((await acmeClient.get("acme", "/settings/statuses")).status);
  });

  it("deleting a status clears it from the questionnaires carrying it", async () => {
    await statusForm(acmePartner, "acme", statusFields("Temporary"));
    const status = (await statusByName(ACME, "Temporary"))!;
    await scoped(ACME, (tx) => tx.questionnaire.update({ where: { id: clientQ.id }, data: { firmCustomStatusId: status.id } }));
    const listed = (await acmePartner.data("acme", "/settings/statuses", STATUSES)).statuses.find((s: any) => s.id === status.id);
    expect(listed.questionnaireCount).toBe(1);
    const deleted = await statusForm(acmePartner, "acme", { intent: "delete", id: status.id });
    expect(deleted.status).toBe(200);
    expect(await statusByName(ACME, "Temporary")).toBeNull();
    expect((await scoped(ACME, (tx) => tx.questionnaire.findUniqueOrThrow({ where: { id: clientQ.id } }))).firmCustomStatusId).toBeNull();
    expect((await statusForm(acmePartner, "acme", { intent: "delete", id: status.id })).status).toBe(404);
  });
});

describe("setting a questionnaire's status", () => {
  it("from Collect with notify: the client is notified once and sees the status and instruction on the dashboard card", async () => {
    await statusForm(acmePartner, "acme", {
      ...statusFields("Waiting on client"),
      clientDisplayStatus: "We need a document",
      clientInstruction: "Please upload your 1099-B.",
      emailSubject: "{firm_name}: {status}",
    });
    const status = (await statusByName(ACME, "Waiting on client"))!;
    const since = new Date();
    const set = await acmePartner.postJson("acme", "/api/staff/custom-status", { questionnaireIds: [clientQ.id], statusId: status.id, notify: true });
    expect(set.status, set.text.slice(0, 300)).toBe(200);
    expect(set.body).toMatchObject({ ok: true, count: 1, message: "Status updated and the client notified" });

    const emails = await scoped(ACME, (tx) =>
      tx.outboundMessage.findMany({
        where: { createdAt: { gte: since }, channel: "email", userId: { in: clientQ.ownerIds } },
        select: { to: true, subject: true, body: true },
      }),
    );
    expect(emails.length).toBeGreaterThan(0);
    // Once per recipient, in the firm's words.
    expect(new Set(emails.map((e) => e.to)).size).toBe(emails.length);
    expect(emails.map((e) => e.to)).toContain("client@acme.test");
    for (const e of emails) expect(e.subject).toMatch(/: We need a document$/);
    const notices = await scoped(ACME, (tx) => tx.notification.count({ where: { createdAt: { gte: since }, userId: { in: clientQ.ownerIds } } }));
    expect(notices).toBeGreaterThan(0);

    const dashboard = await acmeClient.data("acme", `/?entity=${clientQ.hash}&year=${clientQ.taxYear}`, "routes/_index");
    const card = dashboard.data.home.questionnaires.find((q: any) => q.id === clientQ.id);
    expect(card).toMatchObject({ customStatus: "We need a document", customStatusInstruction: "Please upload your 1099-B.", customStatusColor: "success" });

    // Collect shows the firm-side status and filters by it.
    const collect = await acmePartner.data("acme", `/?custom_status=${status.id}&size=50`, "routes/_index");
    expect(collect.data.rows.map((r: any) => r.id)).toEqual([clientQ.id]);
    expect(collect.data.rows[0]).toMatchObject({ customStatus: "Waiting on client", customStatusColor: "success" });
  });

  it("without notify sends nothing; clearing (null) and bulk work; bad input is 400", async () => {
    const status = (await statusByName(ACME, "Waiting on client"))!;
    const others = await scoped(ACME, (tx) => tx.questionnaire.findMany({ where: { deletedAt: null }, take: 3, orderBy: { id: "asc" }, select: { id: true } }));
    const since = new Date();
    const bulk = await acmePartner.postJson("acme", "/api/staff/custom-status", { questionnaireIds: others.map((o) => o.id), statusId: status.id });
    expect(bulk.body).toMatchObject({ ok: true, count: 3, emails: 0 });
    expect(await scoped(ACME, (tx) => tx.outboundMessage.count({ where: { createdAt: { gte: since } } }))).toBe(0);
    const cleared = await acmePartner.postJson("acme", "/api/staff/custom-status", { questionnaireIds: others.map((o) => o.id), statusId: null });
    expect(cleared.body).toMatchObject({ ok: true, message: "Status cleared" });
    expect(await scoped(ACME, (tx) => tx.questionnaire.count({ where: { id: { in: others.map((o) => o.id) }, firmCustomStatusId: { not: null } } }))).toBe(0);
    expect((await acmePartner.postJson("acme", "/api/staff/custom-status", { questionnaireIds: [], statusId: null })).status).toBe(400);
    expect((await acmePartner.postJson("acme", "/api/staff/custom-status", { questionnaireIds: "x" })).status).toBe(400);
    expect((await acmePartner.postJson("acme", "/api/staff/custom-status", { questionnaireIds: [clientQ.id], statusId: "cs_missing" })).status).toBe(404);
  });

  it("the preview dialog's data carries the status", async () => {
    const dialog = await acmePartner.get("acme", `/api/staff/questionnaires/${clientQ.id}`);
    expect((dialog.body as any).questionnaire.firmCustomStatusId).toBe((await statusByName(ACME, "Waiting on client"))!.id);
  });
});

describe("firm roles", () => {
  it("a partner creates, renames and deletes roles; duplicates and empty names are refused with a message", async () => {
    expect((await roleForm(acmePartner, "acme", { intent: "create", roleName: "Preparer" })).status).toBe(200);
    const dup = await roleForm(acmePartner, "acme", { intent: "create", roleName: "preparer" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.roleName).toBe("Your firm already has a role with this name");
    expect((await roleForm(acmePartner, "acme", { intent: "create", roleName: " " })).body.errors.roleName).toBe("Enter a role name");
    await roleForm(acmeAdmin, "acme", { intent: "create", roleName: "Temp role" });
    const temp = await scoped(ACME, (tx) => tx.firmRole.findFirstOrThrow({ where: { roleName: "Temp role" } }));
    expect((await roleForm(acmePartner, "acme", { intent: "rename", id: temp.id, roleName: "Preparer" })).status).toBe(409);
    expect((await roleForm(acmePartner, "acme", { intent: "rename", id: temp.id, roleName: "Gone soon" })).status).toBe(200);
    expect((await roleForm(acmePartner, "acme", { intent: "delete", id: temp.id })).status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.firmRole.findFirst({ where: { id: temp.id } }))).toBeNull();
    const page = await acmePartner.data("acme", "/settings/roles", ROLES);
    expect(page.roles.map((r: any) => r.name)).toContain("Preparer");
  });

  it("is for partners and admins only, and only when the firm uses roles", async () => {
    expect((await acmeAdvisor.get("acme", "/settings/roles")).status).toBe(403);
    expect((await roleForm(acmeAdvisor, "acme", { intent: "create", roleName: "Sneaky" })).status).toBe(403);
    expect(await scoped(ACME, (tx) => tx.firmRole.findFirst({ where: { roleName: "Sneaky" } }))).toBeNull();
    await scoped(SUMMIT, (tx) => tx.firmPreferences.update({ where: { firmId: SUMMIT }, data: { useFirmRoles: false } }));
    try {
      const off = await summitPartner.get("summit", "/settings/roles");
      // The firm cache may hold the old preferences for a moment: wait for the refusal.
      let status = off.status;
      for (let i = 0; i < 20 && status !== 404; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await summitPartner.get("summit", "/settings/roles")).status;
      }
      expect(status).toBe(404);
    } finally {
      await scoped(SUMMIT, (tx) => tx.firmPreferences.update({ where: { firmId: SUMMIT }, data: { useFirmRoles: true } }));
    }
  });

  it("assigns a role in bulk, and Collect shows one column per role with who holds it", async () => {
    const role = await scoped(ACME, (tx) => tx.firmRole.findFirstOrThrow({ where: { roleName: "Preparer" } }));
    const sam = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "sam.whitfield@acme.test" }, select: { id: true } }));
    const entities = await scoped(ACME, (tx) => tx.company.findMany({ where: { deletedAt: null }, take: 2, orderBy: { id: "asc" }, select: { id: true } }));
    const ids = [clientQ.companyId, ...entities.map((e) => e.id)];
    const assigned = await acmePartner.postJson("acme", "/api/staff/firm-roles/assign", { roleId: role.id, userId: sam.id, entityIds: ids });
    expect(assigned.status, assigned.text.slice(0, 300)).toBe(200);
    expect(assigned.body).toMatchObject({ ok: true, message: "Role assigned" });
    expect(await scoped(ACME, (tx) => tx.firmRoleAssignment.count({ where: { firmRoleId: role.id, userId: sam.id } }))).toBe(new Set(ids).size);
    // Again: nothing doubles.
    expect((await acmePartner.postJson("acme", "/api/staff/firm-roles/assign", { roleId: role.id, userId: sam.id, entityIds: ids })).body.count).toBe(0);

    const collect = await acmePartner.data("acme", `/?custom_status=${(await statusByName(ACME, "Waiting on client"))!.id}`, "routes/_index");
    expect(collect.data.roles).toContainEqual({ id: role.id, name: "Preparer" });
    expect(collect.data.rows[0].roleHolders[role.id]).toEqual(["Sam Whitfield"]);
    expect(collect.data.state.hidden).not.toContain(`role_${role.id}`);

    const bad = await acmePartner.postJson("acme", "/api/staff/firm-roles/assign", { roleId: "", userId: sam.id, entityIds: ids });
    expect(bad.status).toBe(400);
    const missing = await acmePartner.postJson("acme", "/api/staff/firm-roles/assign", { roleId: "role_missing", userId: sam.id, entityIds: ids });
    expect(missing.status).toBe(404);
  });

  it("bulk assignment by group-access staff only touches the entities they may see", async () => {
    await roleForm(summitPartner, "summit", { intent: "create", roleName: "Reviewer" });
    const { role, own, other, nina } = await scoped(SUMMIT, async (tx) => ({
      role: await tx.firmRole.findFirstOrThrow({ where: { roleName: "Reviewer" } }),
      own: await tx.company.findFirstOrThrow({ where: { name: "Christopher Adams" }, select: { id: true } }),
      other: await tx.company.findFirstOrThrow({ where: { name: "Morgan Outdoor Gear Inc" }, select: { id: true } }),
      nina: await tx.user.findFirstOrThrow({ where: { email: "nina.patel@summit.test" }, select: { id: true } }),
    }));
    const onlyOther = await summitGroup.postJson("summit", "/api/staff/firm-roles/assign", { roleId: role.id, userId: nina.id, entityIds: [other.id] });
    expect(onlyOther.status).toBe(404);
    const both = await summitGroup.postJson("summit", "/api/staff/firm-roles/assign", { roleId: role.id, userId: nina.id, entityIds: [own.id, other.id] });
    expect(both.body).toMatchObject({ ok: true, count: 1 });
    const held = await scoped(SUMMIT, (tx) => tx.firmRoleAssignment.findMany({ where: { firmRoleId: role.id }, select: { companyId: true } }));
    expect(held.map((h) => h.companyId)).toEqual([own.id]);
  });
});

describe("cross-firm", () => {
  it("Summit never reads or changes Acme's statuses, roles, assignments or questionnaire statuses", async () => {
    const acmeStatus = (await statusByName(ACME, "Waiting on client"))!;
    const acmeRole = await scoped(ACME, (tx) => tx.firmRole.findFirstOrThrow({ where: { roleName: "Preparer" } }));
    const snapshot = () =>
      scoped(ACME, async (tx) =>
        JSON.stringify([
          await tx.firmCustomStatus.findMany({ orderBy: { id: "asc" } }),
          await tx.firmRole.findMany({ orderBy: { id: "asc" } }),
          await tx.firmRoleAssignment.findMany({ orderBy: { id: "asc" } }),
          await tx.questionnaire.findUnique({ where: { id: clientQ.id }, select: { firmCustomStatusId: true } }),
        ]),
      );
    const before = await snapshot();

    const listed = await summitPartner.data("summit", "/settings/statuses", STATUSES);
    expect(listed.statuses.map((s: any) => s.id)).not.toContain(acmeStatus.id);
    expect((await statusForm(summitPartner, "summit", { ...statusFields("Hijack"), intent: "update", id: acmeStatus.id })).status).toBe(404);
    expect((await statusForm(summitPartner, "summit", { intent: "delete", id: acmeStatus.id })).status).toBe(404);
    expect((await statusForm(summitPartner, "summit", { intent: "move", id: acmeStatus.id, direction: "up" })).status).toBe(404);
    const summitQ = await scoped(SUMMIT, (tx) => tx.questionnaire.findFirstOrThrow({ where: { deletedAt: null }, select: { id: true } }));
    expect((await summitPartner.postJson("summit", "/api/staff/custom-status", { questionnaireIds: [summitQ.id], statusId: acmeStatus.id })).status).toBe(404);
    expect((await summitPartner.postJson("summit", "/api/staff/custom-status", { questionnaireIds: [clientQ.id], statusId: null })).status).toBe(404);

    const roles = await summitPartner.data("summit", "/settings/roles", ROLES);
    expect(roles.roles.map((r: any) => r.id)).not.toContain(acmeRole.id);
    expect((await roleForm(summitPartner, "summit", { intent: "rename", id: acmeRole.id, roleName: "Mine" })).status).toBe(404);
    expect((await roleForm(summitPartner, "summit", { intent: "delete", id: acmeRole.id })).status).toBe(404);
    const summitStaff = await scoped(SUMMIT, (tx) => tx.user.findFirstOrThrow({ where: { email: "partner@summit.test" }, select: { id: true } }));
    expect(
      (await summitPartner.postJson("summit", "/api/staff/firm-roles/assign", { roleId: acmeRole.id, userId: summitStaff.id, entityIds: [clientQ.companyId] }))
        .status,
    ).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
