/**
 * Staff user actions over HTTP on the seeded firms: Create User and Entity (spouse, validation,
 * duplicate emails even when two staff submit at once), the email check, Edit user rules,
 * activate/deactivate with their side effects, User Tags in bulk, delete and restore; every action
 * logged. Staff of one firm get 404 for the other's users and nothing changes; group-access staff
 * can't reach other groups.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDataPath, bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const LIST = "routes/clients._index";
const USER = "routes/clients.$userId";

let app: TestApp;
let acmePartner: Browser;
let acmeAdmin: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let acmeAdvisorId: string;
let acmeOtherAdvisorId: string;

const slugOf = (b: Browser) => (b === summitPartner || b === summitGroup ? "summit" : "acme");
const create = (b: Browser, fields: Record<string, string>) => b.submit(slugOf(b), "/clients?index", { intent: "create", ...fields }, LIST);
const act = (b: Browser, userId: string, fields: Record<string, string | string[]>) => b.submit(slugOf(b), `/clients/${userId}`, fields, USER);
const tags = (b: Browser, fields: Record<string, string | string[]>) => b.submit(slugOf(b), "/clients?index", { intent: "tags", ...fields }, LIST);

async function userRow(firmId: string, id: string) {
  return scoped(firmId, (tx) => tx.user.findFirst({ where: { id }, include: { contactTags: { include: { tag: true } } } }));
}

async function logCount(firmId: string, title: string, userId?: string) {
  return scoped(firmId, (tx) => tx.activityLog.count({ where: { title, ...(userId ? { userId } : {}) } }));
}

beforeAll(async () => {
  app = await bootApp({ name: "staff-users-http" });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdmin = await app.signIn("acme", "admin@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
  const advisors = await scoped(ACME, (tx) =>
    tx.user.findMany({ where: { kind: "staff", isAdvisor: true }, orderBy: { email: "asc" }, select: { id: true, email: true } }),
  );
  acmeAdvisorId = advisors.find((a) => a.email === "advisor@acme.test")!.id;
  acmeOtherAdvisorId = advisors.find((a) => a.email === "partner@acme.test")!.id;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe("Create User and Entity", () => {
  it("creates the user, an Individual entity named from the names, and the spouse as a second owner", async () => {
    const r = await create(acmePartner, {
      fname: "Ann",
      lname: "Tester",
      email: "Ann.Tester@Example.com",
      phoneNumber: "(503) 555-0199",
      entityType: "Individual",
      entityName: "ignored for individuals",
      assignedAdvisorId: acmeAdvisorId,
      hasSpouse: "1",
      spouseFname: "Bo",
      spouseLname: "Tester",
      spouseEmail: "bo.tester@example.com",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ok: true, intent: "create" });
    const { userId, companyId, spouseId } = r.body.data;
    const user = await userRow(ACME, userId);
    expect(user).toMatchObject({
      email: "ann.tester@example.com",
      phoneNumber: "5035550199",
      assignedAdvisorId: acmeAdvisorId,
      kind: "client",
      paying: true,
      defaultCompanyId: companyId,
    });
    const company = await scoped(ACME, (tx) => tx.company.findFirst({ where: { id: companyId }, include: { owners: true } }));
    expect(company).toMatchObject({ name: "Ann & Bo Tester", entityType: "Individual", primaryOwnerId: userId });
    expect(company!.owners.map((o) => [o.userId, o.isPrimary, o.specialRole]).sort()).toEqual(
      [
        [userId, true, "taxpayer"],
        [spouseId, false, "spouse"],
      ].sort(),
    );
    expect(await userRow(ACME, spouseId)).toMatchObject({ email: "bo.tester@example.com", assignedAdvisorId: acmeAdvisorId });
    expect(await logCount(ACME, "User created", userId)).toBe(1);
  });

  it("answers bad input with the spec's messages and writes nothing", async () => {
    const before = await scoped(ACME, (tx) => tx.user.count());
    const missing = await create(acmePartner, { fname: "", lname: "", entityType: "", email: "not-an-email" });
    expect(missing.status).toBe(422);
    expect(missing.body.fields).toMatchObject({
      fname: "First name is required",
      lname: "Last name is required",
      entityType: "Entity type is required",
      email: "Invalid email address",
    });
    const noAdvisor = await create(acmePartner, {
      fname: "A",
      lname: "B",
      entityType: "Partnership",
      entityName: "AB Partners",
      email: "ab@example.com",
      assignedAdvisorId: "-1",
    });
    expect(noAdvisor.status).toBe(422);
    expect(noAdvisor.body.fields.assignedAdvisorId).toBe("Assigned advisor is required");
    const slash = await create(acmePartner, {
      fname: "A",
      lname: "B",
      entityType: "Trust",
      entityName: "A/B Trust",
      email: "ab@example.com",
      assignedAdvisorId: acmeAdvisorId,
    });
    expect(slash.body.fields.entityName).toBe('Entity Name cannot contain a "/" character.');
    const quote = await create(acmePartner, {
      fname: "A",
      lname: "B",
      entityType: "Trust",
      entityName: 'A "B" Trust',
      email: "ab@example.com",
      assignedAdvisorId: acmeAdvisorId,
    });
    expect(quote.body.fields.entityName).toBe('Entity Name cannot contain a " character.');
    const spouse = await create(acmePartner, {
      fname: "A",
      lname: "B",
      entityType: "Individual",
      email: "ab@example.com",
      assignedAdvisorId: acmeAdvisorId,
      hasSpouse: "1",
    });
    expect(spouse.body.fields).toMatchObject({ spouseFname: "Spouse first name is required", spouseLname: "Spouse last name is required" });
    const badType = await create(acmePartner, {
      fname: "A",
      lname: "B",
      entityType: "Martian LLC",
      entityName: "AB",
      email: "ab@example.com",
      assignedAdvisorId: acmeAdvisorId,
    });
    expect(badType.status).toBe(422);
    const strangeAdvisor = await create(acmePartner, {
      fname: "A",
      lname: "B",
      entityType: "Trust",
      entityName: "AB Trust",
      email: "ab@example.com",
      assignedAdvisorId: "usr_nope",
    });
    expect(strangeAdvisor.status).toBe(422);
    const unknown = await acmePartner.submit("acme", "/clients?index", { intent: "explode" }, LIST);
    expect(unknown.status).toBe(400);
    const notAForm = await acmePartner.postJson("acme", actionDataPath("/clients?index", LIST), { intent: "create" });
    expect(notAForm.status).toBe(400);
    const notAFormEither = await acmePartner.postJson("acme", actionDataPath("/clients/usr_whatever", USER), [1, 2]);
    expect(notAFormEither.status).toBe(400);
    expect(await scoped(ACME, (tx) => tx.user.count())).toBe(before);
  });

  it("asks before creating a user without an email, then creates them", async () => {
    const fields = {
      fname: "No",
      lname: "Mail",
      entityType: "Trust",
      entityName: "No Mail Family Trust",
      assignedAdvisorId: acmeAdvisorId,
      phoneNumber: "(503) 55",
    };
    const first = await create(acmePartner, fields);
    expect(first.status).toBe(422);
    expect(first.body.error).toBe("Users without email addresses will not be able to sign in or receive notifications. Do you want to proceed?");
    const confirmed = await create(acmePartner, { ...fields, confirmBlankEmail: "1" });
    expect(confirmed.status).toBe(200);
    // An incomplete phone is stored blank.
    expect(await userRow(ACME, confirmed.body.data.userId)).toMatchObject({ email: null, phoneNumber: null });
  });

  it("refuses a taken email and a duplicate entity name", async () => {
    const taken = await create(acmePartner, {
      fname: "C",
      lname: "D",
      entityType: "Trust",
      entityName: "CD Trust",
      email: "CLIENT@acme.test",
      assignedAdvisorId: acmeAdvisorId,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.email).toBe("This email already exists");
    const dupName = await create(acmePartner, {
      fname: "C",
      lname: "D",
      entityType: "Trust",
      entityName: "no mail family TRUST",
      email: "cd@example.com",
      assignedAdvisorId: acmeAdvisorId,
    });
    expect(dupName.status).toBe(409);
    expect(dupName.body.fields.entityName).toBe("Entity Name already exists.");
  });

  it("lets exactly one of two simultaneous creations with the same email through", async () => {
    const email = "race@example.com";
    const results = await Promise.all(
      [acmePartner, acmeAdmin].map((b, i) =>
        create(b, { fname: "Race", lname: `Runner${i}`, entityType: "Trust", entityName: `Race Trust ${i}`, email, assignedAdvisorId: acmeAdvisorId }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.fields.email).toBe("This email already exists");
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email } }))).toBe(1);
  });

  it("requires a firm group where the firm has groups; group-access staff create in their own group", async () => {
    const groups = await scoped(SUMMIT, (tx) => tx.firmGroup.findMany({ select: { id: true, name: true } }));
    const business = groups.find((g) => g.name === "Business Services")!.id;
    const individual = groups.find((g) => g.name === "Individual Tax")!.id;
    const advisor = (await scoped(SUMMIT, (tx) => tx.user.findFirst({ where: { email: "nina.patel@summit.test" }, select: { id: true } })))!.id;
    const noGroup = await create(summitPartner, {
      fname: "G",
      lname: "H",
      entityType: "Trust",
      entityName: "GH Trust",
      email: "gh@example.com",
      assignedAdvisorId: advisor,
    });
    expect(noGroup.status).toBe(422);
    expect(noGroup.body.fields.firmGroupId).toBe("Firm group is required");
    const byGroup = await create(summitGroup, {
      fname: "G",
      lname: "H",
      entityType: "Trust",
      entityName: "GH Trust",
      email: "gh@example.com",
      assignedAdvisorId: advisor,
      firmGroupId: business,
    });
    expect(byGroup.status, JSON.stringify(byGroup.body)).toBe(200);
    expect((await userRow(SUMMIT, byGroup.body.data.userId))!.firmGroupId).toBe(individual);
  });
});

describe("email availability", () => {
  it("says whether an address is free, and who has it", async () => {
    const taken = await acmePartner.postJson("acme", "/api/users/check-email", { email: "client@acme.test" });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ isAvailable: false, user: { name: expect.any(String) } });
    expect((await acmePartner.postJson("acme", "/api/users/check-email", { email: "free-address@example.com" })).body).toEqual({
      isAvailable: true,
      user: null,
    });
    expect((await acmePartner.postJson("acme", "/api/users/check-email", { email: "nope" })).status).toBe(400);
    // Another firm's addresses are invisible.
    expect((await summitPartner.postJson("summit", "/api/users/check-email", { email: "client@acme.test" })).body).toEqual({ isAvailable: true, user: null });
  });
});

async function newAcmeUser(fields: Record<string, string> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  const r = await create(acmePartner, {
    fname: "Edit",
    lname: `Me${n}`,
    entityType: "Trust",
    entityName: `Edit Trust ${n}`,
    email: `edit-${n}@example.com`,
    assignedAdvisorId: acmeAdvisorId,
    ...fields,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { userId: string; companyId: string };
}

const editFields = (over: Record<string, string> = {}) => ({
  intent: "edit",
  fname: "Edited",
  lname: "Person",
  email: "",
  phoneNumber: "",
  preferredContactMethod: "email",
  ...over,
});

describe("Edit user", () => {
  it("saves the details and logs the change", async () => {
    const { userId } = await newAcmeUser();
    const r = await act(
      acmePartner,
      userId,
      editFields({ email: "edited@example.com", phoneNumber: "(503) 555-0111", preferredName: "Eddie", readonlyAccess: "on" }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe("Successfully updated");
    expect(await userRow(ACME, userId)).toMatchObject({
      fname: "Edited",
      lname: "Person",
      email: "edited@example.com",
      phoneNumber: "5035550111",
      preferredName: "Eddie",
      readonlyAccess: true,
    });
    expect(await logCount(ACME, "User updated", userId)).toBe(1);
    const bad = await act(acmePartner, userId, editFields({ fname: "", email: "x@" }));
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ fname: "First name is required", email: "Invalid email address" });
    const taken = await act(acmePartner, userId, editFields({ email: "client@acme.test" }));
    expect(taken.status).toBe(409);
    expect(taken.body.fields.email).toBe("This email already exists");
  });

  it("Update Entity Email: the entities the user is primary contact of take the new email; others' are 404", async () => {
    const { userId, companyId } = await newAcmeUser();
    const changed = await act(acmePartner, userId, editFields({ email: "entity-mail@example.com" }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const hash = (await scoped(ACME, (tx) => tx.company.findUniqueOrThrow({ where: { id: companyId } }))).hashId;
    const other = await scoped(ACME, (tx) => tx.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }));
    // Another user's entity, or another firm's staff: 404 and nothing changes.
    const foreign = await act(acmePartner, userId, { intent: "use-email-for-entities", hashIds: [hash, other.hashId] });
    expect(foreign.status).toBe(404);
    expect((await act(summitPartner, userId, { intent: "use-email-for-entities", hashIds: [hash] })).status).toBe(404);
    expect((await act(acmePartner, userId, { intent: "use-email-for-entities" })).status).toBe(422);
    expect((await scoped(ACME, (tx) => tx.company.findUniqueOrThrow({ where: { id: other.id } }))).businessEmail).toBe(other.businessEmail);
    expect((await scoped(ACME, (tx) => tx.company.findUniqueOrThrow({ where: { id: companyId } }))).businessEmail).not.toBe("entity-mail@example.com");
    const ok = await act(acmePartner, userId, { intent: "use-email-for-entities", hashIds: [hash] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe("Entity email updated");
    expect((await scoped(ACME, (tx) => tx.company.findUniqueOrThrow({ where: { id: companyId } }))).businessEmail).toBe("entity-mail@example.com");
  });

  it("won't remove the email or phone used to sign in", async () => {
    const { userId } = await newAcmeUser({ phoneNumber: "5035550123" });
    const row = (await userRow(ACME, userId))!;
    await scoped(ACME, (tx) => tx.user.update({ where: { id: userId }, data: { preferredSignInMethod: "email" } }));
    const email = await act(acmePartner, userId, editFields({ phoneNumber: "5035550123" }));
    expect(email.status).toBe(422);
    expect(email.body.error).toBe("Cannot remove email when it is the preferred sign-in method");
    await scoped(ACME, (tx) => tx.user.update({ where: { id: userId }, data: { preferredSignInMethod: "sms" } }));
    const phone = await act(acmePartner, userId, editFields({ email: row.email! }));
    expect(phone.status).toBe(422);
    expect(phone.body.error).toBe("Cannot remove phone number when SMS is the preferred sign-in method");
    expect((await userRow(ACME, userId))!.email).toBe(row.email);
  });

  it("lets only partner or full users change the advisor, which then applies to the user's entities", async () => {
    const r = await create(acmePartner, {
      fname: "Cy",
      lname: "Advised",
      email: "cy.advised@example.com",
      entityType: "Individual",
      assignedAdvisorId: acmeAdvisorId,
      hasSpouse: "1",
      spouseFname: "Di",
      spouseLname: "Advised",
    });
    const { userId, spouseId } = r.body.data;
    const byAdmin = await act(
      acmeAdmin,
      userId,
      editFields({ fname: "Cy", lname: "Advised", email: "cy.advised@example.com", assignedAdvisorId: acmeOtherAdvisorId }),
    );
    expect(byAdmin.status).toBe(403);
    expect((await userRow(ACME, userId))!.assignedAdvisorId).toBe(acmeAdvisorId);
    const byPartner = await act(
      acmePartner,
      userId,
      editFields({ fname: "Cy", lname: "Advised", email: "cy.advised@example.com", assignedAdvisorId: acmeOtherAdvisorId }),
    );
    expect(byPartner.status).toBe(200);
    expect(byPartner.body.message).toBe("Assigned firm user was updated successfully");
    expect((await userRow(ACME, userId))!.assignedAdvisorId).toBe(acmeOtherAdvisorId);
    expect((await userRow(ACME, spouseId))!.assignedAdvisorId).toBe(acmeOtherAdvisorId);
    // Without the field (as the dialog sends for admins), the advisor stays.
    expect((await act(acmeAdmin, userId, editFields({ fname: "Cy", lname: "Advised", email: "cy.advised@example.com" }))).status).toBe(200);
    expect((await userRow(ACME, userId))!.assignedAdvisorId).toBe(acmeOtherAdvisorId);
  });

  it("group-access staff can't change the firm group", async () => {
    const target = await scoped(SUMMIT, (tx) => tx.user.findFirst({ where: { kind: "client", firmGroup: { name: "Individual Tax" }, deletedAt: null } }));
    const business = await scoped(SUMMIT, (tx) => tx.firmGroup.findFirst({ where: { name: "Business Services" } }));
    const r = await act(
      summitGroup,
      target!.id,
      editFields({ fname: target!.fname, lname: target!.lname, email: target!.email ?? "", firmGroupId: business!.id }),
    );
    expect(r.status).toBe(403);
    expect((await userRow(SUMMIT, target!.id))!.firmGroupId).toBe(target!.firmGroupId);
  });
});

describe("activate and deactivate", () => {
  it("deactivating locks questionnaires, removes scheduled sends, can deactivate entities, and signs the user out", async () => {
    const owner = await scoped(ACME, (tx) =>
      tx.user.findFirst({
        where: {
          kind: "client",
          paying: true,
          email: { not: null },
          hasTempEmail: false,
          primaryCompanies: { some: { questionnaires: { some: { locked: false } } } },
        },
        select: { id: true, email: true },
      }),
    );
    expect(owner).toBeTruthy();
    const companies = await scoped(ACME, (tx) => tx.company.findMany({ where: { primaryOwnerId: owner!.id }, select: { id: true } }));
    const ids = companies.map((c) => c.id);
    const template = await scoped(ACME, (tx) => tx.questionnaireTemplate.findFirst({ select: { id: true } }));
    await scoped(ACME, async (tx) => {
      const scheduler = await tx.templateScheduler.create({
        data: { firmId: ACME, templateId: template!.id, firstScheduledDate: new Date("2030-01-01"), taxYear: 2025 },
      });
      await tx.templateSchedulerCompany.create({ data: { firmId: ACME, schedulerId: scheduler.id, companyId: ids[0]! } });
      await tx.user.update({ where: { id: owner!.id }, data: { readonlyAccess: true } });
    });
    await scoped(ACME, (tx) => tx.session.create({ data: { firmId: ACME, userId: owner!.id, expiresAt: new Date(Date.now() + 3_600_000) } }));

    const r = await act(acmePartner, owner!.id, { intent: "deactivate", deactivateEntities: "1" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.questionnairesLocked).toBeGreaterThan(0);
    expect(r.body.data.scheduledRemoved).toBe(1);
    expect(await userRow(ACME, owner!.id)).toMatchObject({ paying: false, readonlyAccess: false });
    expect(await scoped(ACME, (tx) => tx.questionnaire.count({ where: { companyId: { in: ids }, locked: false } }))).toBe(0);
    expect(await scoped(ACME, (tx) => tx.templateSchedulerCompany.count({ where: { companyId: { in: ids } } }))).toBe(0);
    expect(await scoped(ACME, (tx) => tx.company.count({ where: { id: { in: ids }, inactive: false } }))).toBe(0);
    expect(await scoped(ACME, (tx) => tx.session.count({ where: { userId: owner!.id } }))).toBe(0);
    expect(await logCount(ACME, "User deactivated", owner!.id)).toBe(1);

    // Inactive: no read-only flag, no second deactivation.
    const readonly = await act(acmePartner, owner!.id, editFields({ fname: "X", lname: "Y", email: owner!.email!, readonlyAccess: "on" }));
    expect(readonly.status).toBe(422);
    expect((await act(acmePartner, owner!.id, { intent: "deactivate" })).status).toBe(409);

    const back = await act(acmePartner, owner!.id, { intent: "activate", includeEntities: "1" });
    expect(back.status).toBe(200);
    expect((await userRow(ACME, owner!.id))!.paying).toBe(true);
    expect(await scoped(ACME, (tx) => tx.company.count({ where: { id: { in: ids }, inactive: true } }))).toBe(0);
  });

  it("activating needs a real email", async () => {
    const r = await create(acmePartner, {
      fname: "No",
      lname: "Address",
      entityType: "Trust",
      entityName: "No Address Trust",
      assignedAdvisorId: acmeAdvisorId,
      confirmBlankEmail: "1",
    });
    const userId = r.body.data.userId;
    expect((await act(acmePartner, userId, { intent: "deactivate" })).status).toBe(200);
    const activate = await act(acmePartner, userId, { intent: "activate" });
    expect(activate.status).toBe(422);
    expect(activate.body.error).toBe("User email is required before activating account.");
    expect((await userRow(ACME, userId))!.paying).toBe(false);
  });
});

describe("User Tags", () => {
  it("adds new and existing tags to the selected users and removes others", async () => {
    const a = await newAcmeUser();
    const b = await newAcmeUser();
    const add = await tags(acmePartner, { userIds: [a.userId, b.userId], add: ["VIP", "Referral"] });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.message).toBe("You have successfully updated the list of users.");
    for (const id of [a.userId, b.userId]) expect((await userRow(ACME, id))!.contactTags.map((t) => t.tag.name).sort()).toEqual(["Referral", "VIP"]);
    expect(await scoped(ACME, (tx) => tx.contactTag.count({ where: { name: "VIP" } }))).toBe(1);
    const remove = await tags(acmePartner, { userIds: [a.userId], remove: ["VIP"] });
    expect(remove.status).toBe(200);
    expect((await userRow(ACME, a.userId))!.contactTags.map((t) => t.tag.name)).toEqual(["Referral"]);
    expect(await logCount(ACME, "User tags updated")).toBe(2);
  });

  it("says 'No selected users or entities to update!' with nothing selected", async () => {
    const r = await tags(acmePartner, { add: ["VIP"] });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe("No selected users or entities to update!");
  });
});

describe("delete and restore", () => {
  it("deletes (hidden, signed out) and restores", async () => {
    const { userId } = await newAcmeUser();
    const del = await act(acmePartner, userId, { intent: "delete" });
    expect(del.status).toBe(200);
    expect((await userRow(ACME, userId))!.deletedAt).not.toBeNull();
    expect((await acmePartner.get("acme", `/clients/${userId}`)).status).toBe(404);
    const deleted = await acmePartner.data("acme", "/clients?status=deleted&size=50", LIST);
    expect(deleted.rows.map((r: any) => r.id)).toContain(userId);
    expect((await act(acmePartner, userId, { intent: "delete" })).status).toBe(404);
    const restore = await act(acmePartner, userId, { intent: "restore" });
    expect(restore.status).toBe(200);
    expect((await userRow(ACME, userId))!.deletedAt).toBeNull();
    expect((await act(acmePartner, userId, { intent: "restore" })).status).toBe(409);
    expect(await logCount(ACME, "User deleted", userId)).toBe(1);
    expect(await logCount(ACME, "User restored", userId)).toBe(1);
  });
});

describe("isolation", () => {
  it("staff of another firm get 404 for every user action and nothing changes", async () => {
    const { userId } = await newAcmeUser();
    const before = await userRow(ACME, userId);
    const logsBefore = await scoped(ACME, (tx) => tx.activityLog.count());
    expect((await summitPartner.get("summit", `/clients/${userId}`)).status).toBe(404);
    const attempts: Record<string, string>[] = [
      editFields({ email: "stolen@example.com" }),
      { intent: "activate" },
      { intent: "deactivate", deactivateEntities: "1" },
      { intent: "delete" },
      { intent: "restore" },
    ];
    for (const fields of attempts) {
      const r = await act(summitPartner, userId, fields);
      expect(r.status, `${fields.intent}: ${JSON.stringify(r.body)}`).toBe(404);
    }
    const t = await tags(summitPartner, { userIds: [userId], add: ["Stolen"] });
    expect(t.status).toBe(404);
    expect(await userRow(ACME, userId)).toEqual(before);
    expect(await scoped(ACME, (tx) => tx.activityLog.count())).toBe(logsBefore);
    expect(await scoped(SUMMIT, (tx) => tx.contactTag.count({ where: { name: "Stolen" } }))).toBe(0);
    // Another firm's tag ids don't filter anything here.
    const acmeTag = await scoped(ACME, (tx) => tx.contactTag.findFirst());
    const filtered = await summitPartner.data("summit", `/clients?tag=${acmeTag!.id}`, LIST);
    expect(filtered.rows).toEqual([]);
  });

  it("group-access staff can't read or change users of another group", async () => {
    const other = await scoped(SUMMIT, (tx) =>
      tx.user.findFirst({ where: { kind: "client", firmGroup: { name: "Business Services" }, deletedAt: null, email: { not: null } } }),
    );
    const mine = await scoped(SUMMIT, (tx) => tx.user.findFirst({ where: { kind: "client", firmGroup: { name: "Individual Tax" }, deletedAt: null } }));
    const before = await userRow(SUMMIT, other!.id);
    expect((await summitGroup.get("summit", `/clients/${other!.id}`)).status).toBe(404);
    for (const fields of [editFields(), { intent: "deactivate" }, { intent: "delete" }] as Record<string, string>[]) {
      expect((await act(summitGroup, other!.id, fields)).status).toBe(404);
    }
    const t = await tags(summitGroup, { userIds: [mine!.id, other!.id], add: ["Mixed"] });
    expect(t.status).toBe(404);
    expect(await userRow(SUMMIT, other!.id)).toEqual(before);
    expect((await userRow(SUMMIT, mine!.id))!.contactTags.map((x) => x.tag.name)).not.toContain("Mixed");
    // The email check says the address is taken without naming someone they can't see.
    const check = await summitGroup.postJson("summit", "/api/users/check-email", { email: other!.email });
    expect(check.body).toEqual({ isAvailable: false, user: null });
    // Their own group works.
    expect((await tags(summitGroup, { userIds: [mine!.id], add: ["Mine"] })).status).toBe(200);
  });
});
