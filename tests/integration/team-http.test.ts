/**
 * Settings → Team and Firm groups over HTTP with the built app: invite (email with a single-use,
 * expiring link), duplicate and bad input, accept (password, then the emailed second factor, then
 * signed in), used and expired links, resend, edit, the last-partner rule, deactivate (clients
 * handed to whom the partner chose, sessions ended) and reactivate, firm groups CRUD and the
 * 'uses firm groups' preference, the staff list import (one invitation per valid row, rejected
 * rows with reasons), only partners and admins, and nothing across firms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const TEAM = "routes/settings.team";
const GROUPS = "routes/settings.groups";
const STRONG = "Welcome-Team-2026!";

let app: TestApp;
let acmePartner: Browser;
let acmeAdmin: Browser;
let acmeFull: Browser;
let summitPartner: Browser;
let acmeClient: Browser;

const slugOf = (b: Browser) => (b === summitPartner ? "summit" : "acme");
const team = (b: Browser, fields: Record<string, string>) => b.submit(slugOf(b), "/settings/team", fields, TEAM);
const groups = (b: Browser, fields: Record<string, string>) => b.submit(slugOf(b), "/settings/groups", fields, GROUPS);
const idOf = (firmId: string, email: string) => scoped(firmId, async (tx) => (await tx.user.findFirstOrThrow({ where: { email }, select: { id: true } })).id);

/** The invitation link's token in the newest email the firm sent to `to`. */
async function inviteToken(firmId: string, to: string): Promise<string> {
  const message = await scoped(firmId, (tx) => tx.outboundMessage.findFirst({ where: { to }, orderBy: { createdAt: "desc" } }));
  const token = message?.body.match(/\/invite\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`No invitation to ${to}`);
  return token;
}

beforeAll(async () => {
  app = await bootApp({ name: "team-http", s3: true, jobs: { only: ["import-staff-list"], pollingIntervalSeconds: 0.5 } });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdmin = await app.signIn("acme", "admin@acme.test");
  acmeFull = await app.signIn("acme", "advisor@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  acmeClient = await app.signIn("acme", "client@acme.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("who may open the team settings", () => {
  it("partners and admins; full-access staff 403, clients 404", async () => {
    expect((await acmePartner.get("acme", "/settings/team")).status).toBe(200);
    expect((await acmeAdmin.get("acme", "/settings/groups")).status).toBe(200);
    expect((await acmeFull.get("acme", "/settings/team")).status).toBe(403);
    expect((await acmeFull.get("acme", "/settings/groups")).status).toBe(403);
    expect((await team(acmeFull, { intent: "invite", fname: "A", lname: "B", email: "x@example.com", role: "full" })).status).toBe(403);
    expect((await acmeClient.get("acme", "/settings/team")).status).toBe(404);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email: "x@example.com" } }))).toBe(0);
  });

  it("lists the firm's team with role, status and last sign-in", async () => {
    const data = await acmePartner.data("acme", "/settings/team", TEAM);
    const partner = data.members.find((m: { email: string }) => m.email === "partner@acme.test");
    expect(partner).toMatchObject({ firmAccess: "partner", status: "active", isAdvisor: true });
    expect(partner.lastSignInAt).toBeTruthy();
    expect(data.members.every((m: { email: string }) => m.email.endsWith("@acme.test"))).toBe(true);
  });
});

describe("invite and accept", () => {
  let token: string;

  it("invites by email: an Invited staff member and an email with a link", async () => {
    const r = await team(acmePartner, { intent: "invite", fname: "Nora", lname: "Quinn", email: "Nora.Quinn@Example.com", role: "full", isAdvisor: "1" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ok: true, message: "Invitation sent" });
    const nora = await scoped(ACME, (tx) => tx.user.findFirst({ where: { email: "nora.quinn@example.com" } }));
    expect(nora).toMatchObject({ kind: "staff", firmAccess: "full", isAdvisor: true, passwordHash: null, paying: true });
    token = await inviteToken(ACME, "nora.quinn@example.com");
    const data = await acmePartner.data("acme", "/settings/team", TEAM);
    expect(data.members.find((m: { email: string }) => m.email === "nora.quinn@example.com")).toMatchObject({ status: "invited", lastSignInAt: null });
  });

  it("refuses an email already in the firm (staff or client) and bad input, creating nothing", async () => {
    for (const email of ["nora.quinn@example.com", "CLIENT@acme.test", "advisor@acme.test"]) {
      const r = await team(acmePartner, { intent: "invite", fname: "Dup", lname: "Licate", email, role: "full" });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ ok: false, error: "This email already exists", fields: { email: "This email already exists" } });
    }
    const bad = await team(acmePartner, { intent: "invite", fname: "", lname: "", email: "not-an-email", role: "boss" });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ fname: "First name is required", lname: "Last name is required", email: "Invalid email address" });
    expect((await team(acmePartner, { intent: "nope" })).status).toBe(400);
    // Acme has no firm groups: group access is not offered.
    const group = await team(acmePartner, { intent: "invite", fname: "G", lname: "A", email: "ga@example.com", role: "group" });
    expect(group.status).toBe(422);
    expect(group.body.fields.role).toMatch(/firm groups/);
  });

  it("an admin can't invite a partner", async () => {
    const r = await team(acmeAdmin, { intent: "invite", fname: "Pat", lname: "Ner", email: "pat.ner@example.com", role: "partner" });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("Only partners can give or change the Partner role.");
  });

  it("the link opens a page that changes nothing; a weak password is refused and the link still works", async () => {
    const invitee = app.browser();
    const page = await invitee.get("acme", `/invite?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const weak = await invitee.post("acme", `/invite?token=${token}`, { token, password: "short", confirmPassword: "short" });
    expect(weak.status).toBe(400);
    expect((await invitee.get("acme", `/invite?token=${token}`)).status).toBe(200);
  });

  it("accepting sets the password, asks for the emailed second factor, then signs in", async () => {
    const invitee = app.browser();
    const accepted = await invitee.post("acme", `/invite?token=${token}`, { token, password: STRONG, confirmPassword: STRONG });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toMatch(/^\/signin\?state=2fa/);
    // Not signed in yet: the session waits for the code.
    expect((await invitee.get("acme", "/settings/team")).status).toBe(302);
    expect((await invitee.post("acme", "/signin", { intent: "send-code:email", flow: "2fa" })).status).toBe(302);
    const verified = await invitee.post("acme", "/signin", {
      intent: "verify-code",
      flow: "2fa",
      code: await app.latestEmailedCode("acme", "nora.quinn@example.com"),
    });
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/");
    expect((await invitee.get("acme", "/")).status).toBe(200);
    const nora = await scoped(ACME, (tx) => tx.user.findFirst({ where: { email: "nora.quinn@example.com" } }));
    expect(nora?.passwordHash).toBeTruthy();
    expect(nora?.lastSignInAt).toBeTruthy();
    const data = await acmePartner.data("acme", "/settings/team", TEAM);
    expect(data.members.find((m: { email: string }) => m.email === "nora.quinn@example.com")).toMatchObject({ status: "active" });
    // And she signs in again with her password and a code.
    await app.signIn("acme", "nora.quinn@example.com", STRONG);
  });

  it("a used link shows the expired page and sets nothing", async () => {
    const again = app.browser();
    expect((await again.get("acme", `/invite?token=${token}`)).status).toBe(410);
    const post = await again.post("acme", `/invite?token=${token}`, { token, password: "Other-Pass-2026!", confirmPassword: "Other-Pass-2026!" });
    expect(post.status).toBe(410);
    expect(again.session()).toBeUndefined();
    await app.signIn("acme", "nora.quinn@example.com", STRONG);
  });

  it("resend voids the earlier link; an expired link shows the expired page", async () => {
    expect((await team(acmePartner, { intent: "invite", fname: "Omar", lname: "Reyes", email: "omar.reyes@example.com", role: "full" })).status).toBe(200);
    const first = await inviteToken(ACME, "omar.reyes@example.com");
    const omar = await idOf(ACME, "omar.reyes@example.com");
    const resent = await team(acmePartner, { intent: "resend", memberId: omar });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe("Invitation sent again");
    const second = await inviteToken(ACME, "omar.reyes@example.com");
    expect(second).not.toBe(first);
    expect((await app.browser().get("acme", `/invite?token=${first}`)).status).toBe(410);
    expect((await app.browser().get("acme", `/invite?token=${second}`)).status).toBe(200);
    await app.su.query(`UPDATE sign_in_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = 'staff_invite'`, [omar]);
    expect((await app.browser().get("acme", `/invite?token=${second}`)).status).toBe(410);
    const late = await app.browser().post("acme", `/invite?token=${second}`, { token: second, password: STRONG, confirmPassword: STRONG });
    expect(late.status).toBe(410);
    // An active member has no invitation to resend.
    expect((await team(acmePartner, { intent: "resend", memberId: await idOf(ACME, "nora.quinn@example.com") })).status).toBe(409);
  });

  it("another firm's link is unknown on this firm's host", async () => {
    const invited = await team(summitPartner, {
      intent: "invite",
      fname: "Sue",
      lname: "Mit",
      email: "sue.mit@example.com",
      role: "admin",
      firmGroupId: await summitGroupId(),
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const summitToken = await inviteToken(SUMMIT, "sue.mit@example.com");
    expect((await app.browser().get("acme", `/invite?token=${summitToken}`)).status).toBe(404);
    expect((await app.browser().get("summit", `/invite?token=${summitToken}`)).status).toBe(200);
  });
});

describe("edit, deactivate, reactivate", () => {
  it("edits role and advisor flag; an admin can't touch a partner; the last partner stays a partner", async () => {
    const nora = await idOf(ACME, "nora.quinn@example.com");
    const edited = await team(acmeAdmin, { intent: "edit", memberId: nora, role: "admin", isAdvisor: "" });
    expect(edited.status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: nora }, select: { firmAccess: true, isAdvisor: true } }))).toEqual({
      firmAccess: "admin",
      isAdvisor: false,
    });
    const partner = await idOf(ACME, "partner@acme.test");
    expect((await team(acmeAdmin, { intent: "edit", memberId: partner, role: "full", isAdvisor: "1" })).status).toBe(403);
    expect((await team(acmeAdmin, { intent: "edit", memberId: nora, role: "partner", isAdvisor: "1" })).status).toBe(403);
    const demoteSelf = await team(acmePartner, { intent: "edit", memberId: partner, role: "admin", isAdvisor: "1" });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.error).toBe("The firm needs at least one active partner. Make someone else a partner first.");
    const self = await team(acmePartner, { intent: "deactivate", memberId: partner, reassignTo: "none" });
    expect(self.status).toBe(409);
    expect(await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: partner }, select: { firmAccess: true, paying: true } }))).toEqual({
      firmAccess: "partner",
      paying: true,
    });
  });

  it("deactivating asks whom to give their clients, ends their sessions, and reactivating lets them back", async () => {
    const advisor = await idOf(ACME, "advisor@acme.test");
    const heir = await idOf(ACME, "admin@acme.test");
    const clients = await scoped(ACME, (tx) => tx.user.findMany({ where: { assignedAdvisorId: advisor }, select: { id: true } }));
    expect(clients.length).toBeGreaterThan(0);
    expect((await acmeFull.get("acme", "/clients")).status).toBe(200);

    const unsaid = await team(acmePartner, { intent: "deactivate", memberId: advisor });
    expect(unsaid.status).toBe(422);
    expect(unsaid.body.fields.reassignTo).toBe("Choose who takes over their clients.");
    const client = await idOf(ACME, "client@acme.test");
    expect((await team(acmePartner, { intent: "deactivate", memberId: advisor, reassignTo: client })).status).toBe(422);
    expect(await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: advisor }, select: { paying: true } }))).toEqual({ paying: true });

    const done = await team(acmePartner, { intent: "deactivate", memberId: advisor, reassignTo: heir });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ clientsMoved: clients.length });
    expect(done.body.data.sessionsEnded).toBeGreaterThan(0);
    const after = await scoped(ACME, (tx) => tx.user.findMany({ where: { id: { in: clients.map((c) => c.id) } }, select: { assignedAdvisorId: true } }));
    expect(after.every((c) => c.assignedAdvisorId === heir)).toBe(true);
    expect(await scoped(ACME, (tx) => tx.session.count({ where: { userId: advisor } }))).toBe(0);
    expect((await acmeFull.get("acme", "/clients")).status).toBe(302);
    const refused = await app.browser().post("acme", "/signin", { email: "advisor@acme.test", password: "Portal-Demo-2026!" });
    expect(refused.status).toBe(403);
    const data = await acmePartner.data("acme", "/settings/team", TEAM);
    expect(data.members.find((m: { id: string }) => m.id === advisor)).toMatchObject({ status: "deactivated" });
    expect((await team(acmePartner, { intent: "deactivate", memberId: advisor, reassignTo: heir })).status).toBe(409);

    expect((await team(acmePartner, { intent: "reactivate", memberId: advisor })).status).toBe(200);
    acmeFull = await app.signIn("acme", "advisor@acme.test");
    expect((await acmeFull.get("acme", "/clients")).status).toBe(200);
  });

  it("'nobody' is a choice said out loud: their clients are left with no advisor", async () => {
    const target = await idOf(ACME, "sam.whitfield@acme.test");
    const before = await scoped(ACME, (tx) => tx.user.count({ where: { assignedAdvisorId: target } }));
    const r = await team(acmePartner, { intent: "deactivate", memberId: target, reassignTo: "none" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.clientsMoved).toBe(before);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { assignedAdvisorId: target } }))).toBe(0);
  });
});

describe("firm groups", () => {
  it("creates, refuses a duplicate name, renames, refuses deleting a group in use, deletes an empty one", async () => {
    const created = await groups(acmePartner, { intent: "create", name: "Businesses" });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await groups(acmePartner, { intent: "create", name: "businesses" })).body).toMatchObject({
      ok: false,
      fields: { name: "A firm group with this name already exists." },
    });
    expect((await groups(acmePartner, { intent: "create", name: "  " })).status).toBe(422);
    expect((await groups(acmeAdmin, { intent: "rename", groupId: id, name: "Business clients" })).status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.firmGroup.findFirst({ where: { id }, select: { name: true } }))).toEqual({ name: "Business clients" });
    const nora = await idOf(ACME, "nora.quinn@example.com");
    expect((await team(acmePartner, { intent: "edit", memberId: nora, role: "admin", isAdvisor: "1", firmGroupId: id })).status).toBe(200);
    const inUse = await groups(acmePartner, { intent: "delete", groupId: id });
    expect(inUse.status).toBe(409);
    expect((await team(acmePartner, { intent: "edit", memberId: nora, role: "admin", isAdvisor: "1", firmGroupId: "" })).status).toBe(200);
    expect((await groups(acmePartner, { intent: "delete", groupId: id })).status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.firmGroup.count({ where: { id } }))).toBe(0);
  });

  it("'Use firm groups' changes what an invitation needs and offers group access", async () => {
    expect((await groups(acmePartner, { intent: "toggle", hasFirmGroups: "1" })).status).toBe(422); // no group yet
    const g = (await groups(acmePartner, { intent: "create", name: "Individuals" })).body.data.id as string;
    expect((await groups(acmePartner, { intent: "toggle", hasFirmGroups: "1" })).status).toBe(200);
    const noGroup = await team(acmePartner, { intent: "invite", fname: "Lia", lname: "Park", email: "lia.park@example.com", role: "group" });
    expect(noGroup.status).toBe(422);
    expect(noGroup.body.fields.firmGroupId).toBe("Firm group is required");
    const ok = await team(acmePartner, { intent: "invite", fname: "Lia", lname: "Park", email: "lia.park@example.com", role: "group", firmGroupId: g });
    expect(ok.status).toBe(200);
    expect(
      await scoped(ACME, (tx) => tx.user.findFirst({ where: { email: "lia.park@example.com" }, select: { firmAccess: true, firmGroupId: true } })),
    ).toEqual({
      firmAccess: "group",
      firmGroupId: g,
    });
    // Group access staff need the groups: the switch stays on while they are there.
    expect((await groups(acmePartner, { intent: "toggle", hasFirmGroups: "0" })).status).toBe(422);
  });
});

describe("nothing crosses firms", () => {
  it("summit's partner can't read or change acme's team or groups", async () => {
    const nora = await idOf(ACME, "nora.quinn@example.com");
    const acmeGroup = await scoped(ACME, async (tx) => (await tx.firmGroup.findFirstOrThrow({ select: { id: true } })).id);
    const summitData = await summitPartner.data("summit", "/settings/team", TEAM);
    expect(summitData.members.some((m: { id: string }) => m.id === nora)).toBe(false);
    expect(summitData.options.groups.some((g: { id: string }) => g.id === acmeGroup)).toBe(false);
    expect((await team(summitPartner, { intent: "edit", memberId: nora, role: "full", isAdvisor: "1", firmGroupId: await summitGroupId() })).status).toBe(404);
    expect((await team(summitPartner, { intent: "deactivate", memberId: nora, reassignTo: "none" })).status).toBe(404);
    expect((await team(summitPartner, { intent: "reactivate", memberId: nora })).status).toBe(404);
    expect((await team(summitPartner, { intent: "resend", memberId: await idOf(ACME, "lia.park@example.com") })).status).toBe(404);
    expect((await groups(summitPartner, { intent: "rename", groupId: acmeGroup, name: "Taken" })).status).toBe(404);
    expect((await groups(summitPartner, { intent: "delete", groupId: acmeGroup })).status).toBe(404);
    // Summit can't put its staff in an acme group either.
    const sue = await idOf(SUMMIT, "sue.mit@example.com");
    expect((await team(summitPartner, { intent: "edit", memberId: sue, role: "admin", isAdvisor: "", firmGroupId: acmeGroup })).status).toBe(422);
    expect(await scoped(ACME, (tx) => tx.user.findFirst({ where: { id: nora }, select: { paying: true, firmAccess: true } }))).toEqual({
      paying: true,
      firmAccess: "admin",
    });
    expect(await scoped(ACME, (tx) => tx.firmGroup.count({ where: { id: acmeGroup } }))).toBe(1);
  });
});

const summitGroupId = () => scoped(SUMMIT, async (tx) => (await tx.firmGroup.findFirstOrThrow({ select: { id: true } })).id);

describe("staff list import", () => {
  async function importStaffList(browser: Browser, fileName: string, csv: string) {
    const slug = slugOf(browser);
    const grant = await browser.postJson(slug, "/api/staff/import", { intent: "grant", fileType: "staff_list", fileName, size: Buffer.byteLength(csv) });
    expect(grant.status, grant.text).toBe(200);
    expect((await postToGrant(grant.body.grant, csv, fileName)).ok).toBe(true);
    return browser.postJson(slug, "/api/staff/import", { intent: "confirm", key: grant.body.grant.key, fileName, fileType: "staff_list" });
  }

  it("invites one staff member per valid row and reports the rejected rows with reasons", async () => {
    const csv = [
      "First Name,Last Name,Email,Role,Advisor,Firm Group",
      "Ivy,Chen,ivy.chen@example.com,Full access,Yes,Individuals",
      "Ben,Ode,ben.ode@example.com,admin,no,Individuals",
      "Dup,Licate,nora.quinn@example.com,Full access,,Individuals",
      "Bad,Role,bad.role@example.com,Boss,,Individuals",
      ",Nofirst,nofirst@example.com,Full access,,Individuals",
      "No,Group,no.group@example.com,Full access,,",
      "Twice,Listed,IVY.CHEN@example.com,Full access,,Individuals",
      "",
    ].join("\r\n");
    const confirm = await importStaffList(acmePartner, "staff.csv", csv);
    expect(confirm.status, confirm.text).toBe(200);
    const id = confirm.body.import.id as string;
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) {
      job = (await acmePartner.get("acme", `/api/staff/import/${id}`, { accept: "application/json" })).body.import;
      if (job.status === "completed" || job.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(job).toMatchObject({ status: "completed", totalRows: 7, processedRows: 7, createdUsers: 2, rejectedCount: 5 });
    expect(
      await scoped(ACME, (tx) => tx.user.findFirst({ where: { email: "ivy.chen@example.com" }, select: { kind: true, firmAccess: true, isAdvisor: true } })),
    ).toEqual({
      kind: "staff",
      firmAccess: "full",
      isAdvisor: true,
    });
    expect(await inviteToken(ACME, "ivy.chen@example.com")).toBeTruthy();
    expect(await inviteToken(ACME, "ben.ode@example.com")).toBeTruthy();
    const report = await acmePartner.get("acme", `/api/staff/import/${id}/report`);
    const lines = report.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines.slice(1).map((l) => l.slice(0, 30))).toEqual([
      "4,This email already exists,Du",
      '5,"Unknown role: Boss. Use Par',
      "6,First name is required,,Nofi",
      "7,Firm group is required,No,Gr",
      "8,This email already exists,Tw",
    ]);
  });

  it("only partners and admins import a staff list", async () => {
    const r = await importStaffList(acmeFull, "staff2.csv", "First Name,Last Name,Email\r\nA,B,ab@example.com\r\n");
    expect(r.status).toBe(403);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email: "ab@example.com" } }))).toBe(0);
  });
});
