/**
 * Staff entity actions over HTTP with the seeded firms: edit entity (the spec's name messages,
 * duplicates refused even when submitted at once), owners (new, existing, copy or transfer of the
 * previous messages, primary contact with the entity email), spouse, bulk tags, notes,
 * notification settings (advisors; their own clients' entities skipped), create for a user,
 * delete and restore; every change logged. Another firm's staff reach nothing (404, nothing
 * changed) and group-access staff don't reach other groups' entities.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDataPath, bootApp, scoped, type Browser, type TestApp } from "../support/app";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
const VIEW = "routes/admin.$companyHash._index";
/** Action URLs as the page's fetchers call them (single-fetch answers). */
const V = (hashId: string) => actionDataPath(`/admin/${hashId}`, VIEW);
const T = actionDataPath("/admin?index", "routes/admin._index");

let app: TestApp;
let acmePartner: Browser;
let acmeAdvisor: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let acmeNonAdvisor: Browser;

async function company(firmId: string, name: string) {
  const row = await scoped(firmId, (tx) =>
    tx.company.findFirst({
      where: { name },
      select: {
        id: true,
        hashId: true,
        name: true,
        businessEmail: true,
        primaryOwnerId: true,
        deletedAt: true,
        inactive: true,
        readonlyAccess: true,
        entityType: true,
      },
    }),
  );
  if (!row) throw new Error(`No entity ${name}`);
  return row;
}

async function activity(firmId: string, companyId: string, title: string) {
  return scoped(firmId, (tx) => tx.activityLog.count({ where: { companyId, title } }));
}

/** A snapshot of everything an entity action could change, to prove a refusal changed nothing. */
async function snapshot(firmId: string, companyId: string) {
  return scoped(firmId, async (tx) => ({
    company: await tx.company.findFirst({ where: { id: companyId } }),
    owners: await tx.companyOwner.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    tags: await tx.companyEntityTag.findMany({ where: { companyId }, orderBy: { tagId: "asc" } }),
    notes: await tx.note.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    subscriptions: await tx.entityNotificationSubscription.findMany({ where: { companyId }, orderBy: [{ userId: "asc" }, { notificationTypeId: "asc" }] }),
    log: await tx.activityLog.count({ where: { companyId } }),
    users: await tx.user.count(),
  }));
}

const edit = (name: string, extra: Record<string, string> = {}) => ({ intent: "edit", name, entityType: "S-Corporation", country: "US", ...extra });

beforeAll(async () => {
  app = await bootApp({
    name: "staff-entities-http",
    beforeServe: async () => {
      // A staff member who is not an advisor (notification settings are for advisors only).
      const { hashPassword } = await import("~/auth/password.server");
      const passwordHash = await hashPassword("Portal-Demo-2026!");
      await scoped(ACME, (tx) =>
        tx.user.create({
          data: {
            id: "usr_acme_assistant",
            firmId: ACME,
            kind: "staff",
            email: "assistant@acme.test",
            fname: "Avery",
            lname: "Assistant",
            firmAccess: "full",
            isAdvisor: false,
            passwordHash,
            enabled2fa: true,
            preferredSignInMethod: "password",
          },
        }),
      );
      // Acme uses firm roles (Edit entity gets its Firm Roles tab); Summit doesn't.
      await scoped(ACME, async (tx) => {
        await tx.firmPreferences.update({ where: { firmId: ACME }, data: { useFirmRoles: true } });
        await tx.firmRole.create({ data: { id: "role_acme_reviewer", firmId: ACME, roleName: "Reviewer", permissionIds: [1] } });
      });
    },
  });
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeAdvisor = await app.signIn("acme", "advisor@acme.test");
  acmeNonAdvisor = await app.signIn("acme", "assistant@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("edit entity", () => {
  it("saves details and settings, normalises the address, and logs the change", async () => {
    const before = await company(ACME, "Rivera Design Studio LLC");
    const { status, body } = await acmePartner.submit(
      "acme",
      V(before.hashId),
      edit("Rivera Design Studio, LLC", { businessEmail: "Studio@Rivera.example.com", city: "Portland", state: "oregon", zip: "97202", readonlyAccess: "on" }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ ok: true, toast: { message: "Successfully updated" } });
    const after = await company(ACME, "Rivera Design Studio, LLC");
    expect(after).toMatchObject({ id: before.id, businessEmail: "studio@rivera.example.com", readonlyAccess: true });
    const row = await scoped(ACME, (tx) => tx.company.findFirstOrThrow({ where: { id: before.id }, select: { state: true, zip: true } }));
    expect(row).toEqual({ state: "OR", zip: "97202" });
    expect(await activity(ACME, before.id, "Entity updated")).toBe(1);
    const page = await acmePartner.data("acme", `/admin/${before.hashId}`, VIEW);
    expect(page.entity.name).toBe("Rivera Design Studio, LLC");
    expect(page.editor.values.businessEmail).toBe("studio@rivera.example.com");
  });

  it("answers bad input with the spec's messages and changes nothing", async () => {
    const target = await company(ACME, "Marcus Johnson");
    const before = await snapshot(ACME, target.id);
    const cases: [Record<string, string>, number, string][] = [
      [edit("Smith/Jones"), 422, 'Entity Name cannot contain a "/" character.'],
      [edit('The "Best" Co'), 422, 'Entity Name cannot contain a " character.'],
      [edit(""), 422, "Entity Name is required"],
      [edit("aisha & omar haddad "), 409, "Entity Name already exists."],
      [edit("Marcus Johnson", { entityType: "__new_custom__" }), 422, "Custom entity type is required"],
      [edit("Marcus Johnson", { inactive: "on", readonlyAccess: "on" }), 422, "Read-only can only be set while the entity is active."],
      [edit("Marcus Johnson", { businessEmail: "not-an-email" }), 422, "Invalid email address"],
      [{ intent: "edit" }, 422, "Entity Name is required"],
      [{ intent: "launch-rockets" }, 400, "Unknown action"],
    ];
    for (const [form, status, message] of cases) {
      const r = await acmePartner.submit("acme", V(target.hashId), form);
      expect(r.status, JSON.stringify(form)).toBe(status);
      expect(JSON.stringify(r.body)).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(await snapshot(ACME, target.id)).toEqual(before);
  });

  it("refuses Individual (Not Allowed) when the owner already has an Individual entity", async () => {
    // Emily Chen owns "Emily Chen" (Individual); her LLC may not become Individual too.
    const llc = await company(ACME, "Chen Photography LLC");
    const r = await acmePartner.submit("acme", V(llc.hashId), edit("Chen Photography LLC", { entityType: "Individual" }));
    expect(r.status).toBe(422);
    expect(r.body.errors.entityType).toBe("This user already has an Individual entity.");
    const page = await acmePartner.data("acme", `/admin/${llc.hashId}`, VIEW);
    expect(page.editor.individualAllowed).toBe(false);
  });

  it("creates a new custom type and offers it afterwards", async () => {
    const llc = await company(ACME, "Chen Photography LLC");
    const r = await acmePartner.submit(
      "acme",
      V(llc.hashId),
      edit("Chen Photography LLC", { entityType: "__new_custom__", customEntityType: "Multi-Member LLC" }),
    );
    expect(r.status).toBe(200);
    expect((await company(ACME, "Chen Photography LLC")).entityType).toBe("Multi-Member LLC");
    const page = await acmePartner.data("acme", `/admin/${llc.hashId}`, VIEW);
    expect(page.editor.customTypes).toContain("Multi-Member LLC");
  });

  it("lets only one of two simultaneous renames to the same name through", async () => {
    const a = await company(ACME, "Marcus Johnson");
    const b = await company(ACME, "Emily Chen");
    const results = await Promise.all([
      acmePartner.submit("acme", V(a.hashId), { ...edit("Same Name Holdings"), entityType: "Individual" }),
      acmeAdvisor.submit("acme", V(b.hashId), { ...edit("same name holdings"), entityType: "Individual" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.errors.name).toBe("Entity Name already exists.");
    const count = await scoped(ACME, (tx) => tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM companies WHERE lower(name) = 'same name holdings'`);
    expect(Number(count[0]!.n)).toBe(1);
    // Put the names back for the other tests.
    for (const [row, name] of [
      [a, "Marcus Johnson"],
      [b, "Emily Chen"],
    ] as const) {
      await scoped(ACME, (tx) => tx.company.update({ where: { id: row.id }, data: { name } }));
    }
  });
});

describe("firm roles", () => {
  it("assigns firm roles per entity when the firm uses them, and only then", async () => {
    const c = await company(ACME, "Marcus Johnson");
    const page = await acmePartner.data("acme", `/admin/${c.hashId}`, VIEW);
    expect(page.editor.firmRoles.roles).toEqual([{ id: "role_acme_reviewer", name: "Reviewer", userIds: [] }]);
    const sam = page.editor.firmRoles.staff.find((m: any) => m.name === "Sam Whitfield");
    const r = await acmePartner.submit("acme", V(c.hashId), { intent: "firm-roles", assignment: [`role_acme_reviewer:${sam.id}`] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await scoped(ACME, (tx) => tx.firmRoleAssignment.findMany({ where: { companyId: c.id }, select: { userId: true, firmRoleId: true } }))).toEqual([
      { userId: sam.id, firmRoleId: "role_acme_reviewer" },
    ]);
    // A client is not staff: nothing changes.
    const client = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } }));
    expect((await acmePartner.submit("acme", V(c.hashId), { intent: "firm-roles", assignment: [`role_acme_reviewer:${client.id}`] })).status).toBe(404);
    expect((await acmePartner.submit("acme", V(c.hashId), { intent: "firm-roles", assignment: ["no colon here"] })).status).toBe(400);
    expect(await scoped(ACME, (tx) => tx.firmRoleAssignment.count({ where: { companyId: c.id } }))).toBe(1);
    // Cleared with an empty list.
    expect((await acmePartner.submit("acme", V(c.hashId), { intent: "firm-roles" })).status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.firmRoleAssignment.count({ where: { companyId: c.id } }))).toBe(0);
    // The Edit entity dialog's Save sends the Firm Roles tab with the details.
    const both = await acmePartner.submit("acme", V(c.hashId), {
      ...edit("Marcus Johnson", { entityType: "Individual" }),
      rolesIncluded: "1",
      assignment: `role_acme_reviewer:${sam.id}`,
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.toast.message).toBe("Successfully updated");
    expect(await scoped(ACME, (tx) => tx.firmRoleAssignment.count({ where: { companyId: c.id, userId: sam.id } }))).toBe(1);
    await acmePartner.submit("acme", V(c.hashId), { intent: "firm-roles" });
    const summit = await company(SUMMIT, "Christopher Adams");
    expect((await summitPartner.data("summit", `/admin/${summit.hashId}`, VIEW)).editor.firmRoles).toBeNull();
    expect((await summitPartner.submit("summit", V(summit.hashId), { intent: "firm-roles" })).status).toBe(403);
  });
});

describe("owners and spouse", () => {
  let hashId: string;
  let companyId: string;
  let conversationId: string;

  beforeAll(async () => {
    const c = await company(ACME, "Aisha & Omar Haddad");
    hashId = c.hashId;
    companyId = c.id;
    // The entity's conversation with two messages (a root and a reply).
    conversationId = await scoped(ACME, async (tx) => {
      const conversation = await tx.conversation.create({ data: { firmId: ACME, lastMessageAt: new Date() } });
      await tx.conversationCompany.create({ data: { firmId: ACME, conversationId: conversation.id, companyId } });
      await tx.conversationParticipant.create({ data: { firmId: ACME, conversationId: conversation.id, userId: c.primaryOwnerId! } });
      const root = await tx.message.create({ data: { firmId: ACME, conversationId: conversation.id, authorId: c.primaryOwnerId, text: "Here are my W-2s" } });
      await tx.message.create({ data: { firmId: ACME, conversationId: conversation.id, text: "Thanks, received", isFirmUser: true, threadId: root.id } });
      return conversation.id;
    });
  });

  it("adds a new owner who joins the current conversation (transfer)", async () => {
    const r = await acmePartner.submit("acme", V(hashId), {
      intent: "add-owner",
      firstName: "Nadia",
      lastName: "Haddad",
      email: "Nadia.Haddad@Example.com",
      phoneNumber: "(503) 555-0190",
      messages: "transfer",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const user = await scoped(ACME, (tx) =>
      tx.user.findFirstOrThrow({ where: { email: "nadia.haddad@example.com" }, select: { id: true, kind: true, phoneNumber: true, assignedAdvisorId: true } }),
    );
    expect(user).toMatchObject({ kind: "client", phoneNumber: "5035550190" });
    const owner = await scoped(ACME, (tx) => tx.companyOwner.findFirst({ where: { companyId, userId: user.id } }));
    expect(owner).toMatchObject({ isPrimary: false });
    const joined = await scoped(ACME, (tx) => tx.conversationParticipant.findFirst({ where: { conversationId, userId: user.id } }));
    expect(joined).not.toBeNull();
    expect(await activity(ACME, companyId, "Owner added")).toBe(1);
    const page = await acmePartner.data("acme", `/admin/${hashId}`, VIEW);
    expect(page.owners.map((o: any) => o.name)).toContain("Nadia Haddad");
  });

  it("refuses a taken email (any case), missing names and a bad email, changing nothing", async () => {
    const before = await snapshot(ACME, companyId);
    const taken = await acmePartner.submit("acme", V(hashId), {
      intent: "add-owner",
      firstName: "Other",
      lastName: "Person",
      email: "MARCUS.JOHNSON@example.com",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email).toBe("This email already exists");
    const missing = await acmePartner.submit("acme", V(hashId), { intent: "add-owner", firstName: " ", lastName: "", email: "x@" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ firstName: "First name is required", lastName: "Last name is required", email: "Invalid email address" });
    expect(await snapshot(ACME, companyId)).toEqual(before);
  });

  it("creates one user when the same new owner is submitted twice at once", async () => {
    const form = { intent: "add-owner", firstName: "Twin", lastName: "Submit", email: "twin.submit@example.com", messages: "none" };
    const results = await Promise.all([acmePartner.submit("acme", V(hashId), form), acmeAdvisor.submit("acme", V(hashId), form)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { email: "twin.submit@example.com" } }))).toBe(1);
    // 'none': a new, empty conversation with every owner.
    const user = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "twin.submit@example.com" } }));
    const conversations = await scoped(ACME, (tx) =>
      tx.conversation.findMany({
        where: { companies: { some: { companyId } }, participants: { some: { userId: user.id } } },
        select: { id: true, _count: { select: { messages: true } } },
      }),
    );
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.id).not.toBe(conversationId);
    expect(conversations[0]!._count.messages).toBe(0);
  });

  it("adds an existing user as owner with a copy of the previous messages", async () => {
    const marcus = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "marcus.johnson@example.com" }, select: { id: true } }));
    const r = await acmePartner.submit("acme", V(hashId), { intent: "add-existing-owner", userId: marcus.id, messages: "copy" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const copies = await scoped(ACME, (tx) =>
      tx.conversation.findMany({
        where: { companies: { some: { companyId } }, participants: { some: { userId: marcus.id } } },
        select: { id: true, messages: { orderBy: { createdAt: "asc" }, select: { text: true, threadId: true } } },
      }),
    );
    expect(copies).toHaveLength(1);
    expect(copies[0]!.id).not.toBe(conversationId);
    expect(copies[0]!.messages.map((m) => m.text)).toEqual(["Here are my W-2s", "Thanks, received"]);
    expect(copies[0]!.messages[1]!.threadId).not.toBeNull();
    // The original conversation keeps its messages and doesn't gain Marcus.
    expect(await scoped(ACME, (tx) => tx.message.count({ where: { conversationId } }))).toBe(2);
    expect(await scoped(ACME, (tx) => tx.conversationParticipant.count({ where: { conversationId, userId: marcus.id } }))).toBe(0);
    const again = await acmePartner.submit("acme", V(hashId), { intent: "add-existing-owner", userId: marcus.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This user already owns this entity.");
  });

  it("changes the primary contact, with the Update Entity Email answer", async () => {
    const nadia = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "nadia.haddad@example.com" }, select: { id: true } }));
    const r = await acmePartner.submit("acme", V(hashId), { intent: "primary", userId: nadia.id, updateEntityEmail: "on" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await company(ACME, "Aisha & Omar Haddad");
    expect(after).toMatchObject({ primaryOwnerId: nadia.id, businessEmail: "nadia.haddad@example.com" });
    const primaries = await scoped(ACME, (tx) => tx.companyOwner.findMany({ where: { companyId, isPrimary: true }, select: { userId: true } }));
    expect(primaries).toEqual([{ userId: nadia.id }]);
    expect(await activity(ACME, companyId, "Primary contact changed")).toBe(1);
    const stranger = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "emily.chen@example.com" }, select: { id: true } }));
    const refused = await acmePartner.submit("acme", V(hashId), { intent: "primary", userId: stranger.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.userId).toBe("Choose one of the entity's owners.");
  });

  it("removes an owner (not the primary contact), who leaves the entity's conversations", async () => {
    const marcus = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "marcus.johnson@example.com" }, select: { id: true } }));
    const nadia = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "nadia.haddad@example.com" }, select: { id: true } }));
    const primary = await acmePartner.submit("acme", V(hashId), { intent: "remove-owner", userId: nadia.id });
    expect(primary.status).toBe(422);
    expect(primary.body.message).toBe("Choose another primary contact before removing this owner.");
    const r = await acmePartner.submit("acme", V(hashId), { intent: "remove-owner", userId: marcus.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await scoped(ACME, (tx) => tx.companyOwner.count({ where: { companyId, userId: marcus.id } }))).toBe(0);
    expect(
      await scoped(ACME, (tx) => tx.conversationParticipant.count({ where: { userId: marcus.id, conversation: { companies: { some: { companyId } } } } })),
    ).toBe(0);
    expect(await scoped(ACME, (tx) => tx.user.count({ where: { id: marcus.id, deletedAt: null } }))).toBe(1);
    expect(await activity(ACME, companyId, "Owner removed")).toBe(1);
    const again = await acmePartner.submit("acme", V(hashId), { intent: "remove-owner", userId: marcus.id });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("Choose one of the entity's owners.");
  });

  it("adds and edits the spouse of an Individual entity only", async () => {
    const marcus = await company(ACME, "Marcus Johnson");
    const added = await acmePartner.submit("acme", V(marcus.hashId), {
      intent: "spouse",
      firstName: "Dana",
      lastName: "Johnson",
      email: "dana.johnson@example.com",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.toast.message).toBe("Spouse added");
    const spouse = await scoped(ACME, (tx) =>
      tx.companyOwner.findFirstOrThrow({ where: { companyId: marcus.id, specialRole: "spouse" }, select: { userId: true } }),
    );
    const edited = await acmePartner.submit("acme", V(marcus.hashId), { intent: "spouse", firstName: "Dana", lastName: "Johnson-Lee", email: "" });
    expect(edited.status).toBe(200);
    expect(await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { id: spouse.userId }, select: { lname: true, email: true } }))).toEqual({
      lname: "Johnson-Lee",
      email: null,
    });
    expect(await scoped(ACME, (tx) => tx.companyOwner.count({ where: { companyId: marcus.id, specialRole: "spouse" } }))).toBe(1);
    const taken = await acmePartner.submit("acme", V(marcus.hashId), { intent: "spouse", firstName: "Dana", lastName: "J", email: "client@acme.test" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email).toBe("This email already exists");
    const llc = await company(ACME, "Chen Photography LLC");
    const business = await acmePartner.submit("acme", V(llc.hashId), { intent: "spouse", firstName: "A", lastName: "B" });
    expect(business.status).toBe(422);
    expect(business.body.message).toBe("A spouse can only be added to an Individual entity.");
  });

  it("adding a spouse where the owners never saved notification settings keeps the first owner told", async () => {
    const emily = await company(ACME, "Emily Chen");
    const { allowedRecipients } = await import("~/notifications/notify.server");
    await scoped(ACME, (tx) => tx.ownerNotificationSubscription.deleteMany({ where: { companyId: emily.id } }));
    const owner = await scoped(ACME, (tx) => tx.companyOwner.findFirstOrThrow({ where: { companyId: emily.id, isPrimary: true }, select: { userId: true } }));
    const told = () => scoped(ACME, (tx) => allowedRecipients(tx, 1, [owner.userId], emily.id));
    expect((await told()).map((u) => u.id)).toEqual([owner.userId]);
    const added = await acmePartner.submit("acme", V(emily.hashId), { intent: "spouse", firstName: "Sam", lastName: "Chen", email: "sam.chen@example.com" });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await told()).map((u) => u.id)).toEqual([owner.userId]);
  });
});

describe("tags, notes and notifications", () => {
  it("adds and removes tags in bulk, creating new tag names, and refuses an empty selection", async () => {
    const a = await company(ACME, "Marcus Johnson");
    const b = await company(ACME, "Emily Chen");
    const r = await acmePartner.submit("acme", T, { intent: "tags", ids: [a.id, b.id], tagNames: ["Priority", "Rush 2026"] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const names = async (id: string) =>
      (await scoped(ACME, (tx) => tx.companyEntityTag.findMany({ where: { companyId: id }, select: { tag: { select: { name: true } } } })))
        .map((t) => t.tag.name)
        .sort();
    expect(await names(a.id)).toEqual(expect.arrayContaining(["Priority", "Rush 2026"]));
    expect(await names(b.id)).toEqual(expect.arrayContaining(["Priority", "Rush 2026"]));
    expect(await activity(ACME, a.id, "Entity tags added")).toBe(1);
    const removed = await acmePartner.submit("acme", T, { intent: "tags", ids: a.id, tagNames: "Rush 2026", remove: "true" });
    expect(removed.status).toBe(200);
    expect(await names(a.id)).not.toContain("Rush 2026");
    expect(await names(b.id)).toContain("Rush 2026");
    const none = await acmePartner.submit("acme", T, { intent: "tags", ids: "", tagNames: "Priority" });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe("No selected users or entities to update!");
    const list = await acmePartner.data("acme", "/admin", "routes/admin._index");
    expect(list.tagNames).toContain("Rush 2026");
  });

  it("adds, lists and removes notes", async () => {
    const c = await company(ACME, "Emily Chen");
    const added = await acmePartner.submit("acme", V(c.hashId), { intent: "note-add", text: "Called about the 1099-K.\nWill send Monday." });
    expect(added.status).toBe(200);
    const page = await acmeAdvisor.data("acme", `/admin/${c.hashId}`, VIEW);
    expect(page.notes[0]).toMatchObject({ text: "Called about the 1099-K.\nWill send Monday.", author: "Elena Marquez" });
    expect((await acmePartner.submit("acme", V(c.hashId), { intent: "note-add", text: "   " })).status).toBe(422);
    expect((await acmePartner.submit("acme", V(c.hashId), { intent: "note-add", text: "x".repeat(5001) })).body.errors.text).toBe(
      "Note must be at most 5000 characters",
    );
    // A note can only be removed through its own entity.
    const other = await company(ACME, "Marcus Johnson");
    expect((await acmePartner.submit("acme", V(other.hashId), { intent: "note-remove", id: page.notes[0].id })).status).toBe(404);
    const removed = await acmeAdvisor.submit("acme", V(c.hashId), { intent: "note-remove", id: page.notes[0].id });
    expect(removed.status).toBe(200);
    expect((await acmeAdvisor.data("acme", `/admin/${c.hashId}`, VIEW)).notes).toHaveLength(0);
    expect(await activity(ACME, c.id, "Note removed")).toBe(1);
  });

  it("lets advisors set notifications, but not turn them off for their own clients' entities (skipped in bulk)", async () => {
    // Priya (advisor@acme.test) is the assigned advisor of Marcus Johnson; Emily Chen's is Sam.
    const mine = await company(ACME, "Marcus Johnson");
    const other = await company(ACME, "Emily Chen");
    const single = await acmeAdvisor.submit("acme", V(mine.hashId), { intent: "notifications", typeIds: "1,2" });
    expect(single.status).toBe(403);
    expect(single.body.message).toBe("Advisors cannot disable notifications for entities of users assigned to them.");
    const bulk = await acmeAdvisor.submit("acme", T, { intent: "notifications", ids: [mine.id, other.id], typeIds: "1,2" });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data).toEqual({ updated: 1, skipped: [mine.id] });
    const advisorId = await scoped(ACME, async (tx) => (await tx.user.findFirstOrThrow({ where: { email: "advisor@acme.test" } })).id);
    const subs = async (companyId: string) =>
      (
        await scoped(ACME, (tx) =>
          tx.entityNotificationSubscription.findMany({ where: { companyId, userId: advisorId }, select: { notificationTypeId: true } }),
        )
      )
        .map((s) => s.notificationTypeId)
        .sort();
    expect(await subs(other.id)).toEqual([0, 1, 2]);
    expect(await subs(mine.id)).toEqual([]);
    const page = await acmeAdvisor.data("acme", `/admin/${mine.hashId}`, VIEW);
    expect(page.notifications).toMatchObject({ locked: true, typeIds: [1, 2, 3, 4, 5, 7] });
    // Turning everything on is allowed for one's own clients.
    expect((await acmeAdvisor.submit("acme", V(mine.hashId), { intent: "notifications", typeIds: "1,2,3,4,5,7" })).status).toBe(200);
    // Staff who aren't advisors can't edit entity notifications.
    const refused = await acmeNonAdvisor.submit("acme", T, { intent: "notifications", ids: [other.id], typeIds: "1" });
    expect(refused.status).toBe(403);
    expect(await subs(other.id)).toEqual([0, 1, 2]);
    expect((await acmeAdvisor.submit("acme", T, { intent: "notifications", ids: [other.id], typeIds: "1,99" })).status).toBe(422);
  });
});

describe("create, delete and restore", () => {
  it("creates an entity for a selected user, and only one of two identical creates", async () => {
    const emily = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "emily.chen@example.com" }, select: { id: true } }));
    const search = await acmePartner.get("acme", "/api/entities/users?q=emily%20chen");
    expect(JSON.parse(search.text).users.map((u: any) => u.id)).toContain(emily.id);
    const info = JSON.parse((await acmePartner.get("acme", `/api/entities/users?userId=${emily.id}`)).text);
    expect(info.individualAllowed).toBe(false);
    const form = { intent: "create-entity", userId: emily.id, entityType: "Partnership", name: "Chen & Partners", country: "CA", state: "ON", zip: "k1a 0b1" };
    const results = await Promise.all([acmePartner.submit("acme", T, form), acmeAdvisor.submit("acme", T, form)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const created = await company(ACME, "Chen & Partners");
    expect(created).toMatchObject({ entityType: "Partnership", primaryOwnerId: emily.id });
    expect(results.find((r) => r.status === 200)!.body.redirectTo).toBe(`/admin/${created.hashId}`);
    expect(await activity(ACME, created.id, "Entity created")).toBe(1);
    const individual = await acmePartner.submit("acme", T, { ...form, name: "Emily Chen Two", entityType: "Individual" });
    expect(individual.status).toBe(422);
    expect(individual.body.errors.entityType).toBe("This user already has an Individual entity.");
  });

  it("deletes an entity (hidden, owners' default cleared, logged) and restores it unless its name was reused", async () => {
    const c = await company(ACME, "Chen & Partners");
    await scoped(ACME, (tx) => tx.user.update({ where: { id: c.primaryOwnerId! }, data: { defaultCompanyId: c.id } }));
    const owner = await app.signIn("acme", "emily.chen@example.com");
    expect((await owner.get("acme", `/documents/${c.hashId}`)).status).toBe(200);
    const r = await acmePartner.submit("acme", V(c.hashId), { intent: "delete" });
    expect(r.status).toBe(200);
    // The owner loses access at once.
    expect((await owner.get("acme", `/documents/${c.hashId}`)).status).toBe(404);
    expect(r.body.redirectTo).toBe("/admin");
    expect(await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { id: c.primaryOwnerId! }, select: { defaultCompanyId: true } }))).toEqual({
      defaultCompanyId: null,
    });
    expect((await acmePartner.get("acme", `/admin/${c.hashId}`)).status).toBe(404);
    const listed = await acmePartner.data("acme", "/admin?size=50", "routes/admin._index");
    expect(listed.rows.some((row: any) => row.id === c.id)).toBe(false);
    const deleted = await acmePartner.data("acme", "/admin?status=deleted", "routes/admin._index");
    expect(deleted.rows.map((row: any) => row.id)).toContain(c.id);
    expect(await activity(ACME, c.id, "Entity deleted")).toBe(1);
    // The name is free again while deleted; restoring then needs it back.
    const emily = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "emily.chen@example.com" }, select: { id: true } }));
    const reuse = await acmePartner.submit("acme", T, { intent: "create-entity", userId: emily.id, entityType: "Trust", name: "chen & partners" });
    expect(reuse.status).toBe(200);
    const blocked = await acmePartner.submit("acme", T, { intent: "restore", id: c.id });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe("Entity Name already exists.");
    await acmePartner.submit("acme", V(reuse.body.data.hashId), { intent: "delete" });
    const restored = await acmePartner.submit("acme", T, { intent: "restore", id: c.id });
    expect(restored.status).toBe(200);
    expect((await acmePartner.get("acme", `/admin/${c.hashId}`)).status).toBe(200);
    expect(await activity(ACME, c.id, "Entity restored")).toBe(1);
    expect((await owner.get("acme", `/documents/${c.hashId}`)).status).toBe(200);
    expect((await acmePartner.submit("acme", T, { intent: "restore", id: c.id })).status).toBe(409);
  });
});

describe("another firm and other groups", () => {
  it("gives staff of another firm 404 for every entity action, and changes nothing", async () => {
    const c = await company(ACME, "Rivera Design Studio, LLC");
    const note = await scoped(ACME, (tx) => tx.note.create({ data: { firmId: ACME, companyId: c.id, authorId: "usr_acme_assistant", text: "Acme only" } }));
    const acmeUser = await scoped(ACME, (tx) => tx.user.findFirstOrThrow({ where: { email: "client@acme.test" }, select: { id: true } }));
    const before = await snapshot(ACME, c.id);
    const path = `/admin/${c.hashId}`;
    expect((await summitPartner.get("summit", path)).status).toBe(404);
    const forms: Record<string, string | string[]>[] = [
      edit("Hijacked LLC"),
      { intent: "add-owner", firstName: "Eve", lastName: "Intruder", email: "eve@example.com" },
      { intent: "add-existing-owner", userId: acmeUser.id },
      { intent: "primary", userId: acmeUser.id },
      { intent: "remove-owner", userId: acmeUser.id },
      { intent: "spouse", firstName: "Eve", lastName: "Intruder" },
      { intent: "note-add", text: "hello" },
      { intent: "note-remove", id: note.id },
      { intent: "notifications", typeIds: "1" },
      { intent: "use-owner-email" },
      { intent: "firm-roles" },
      { intent: "delete" },
    ];
    for (const form of forms) expect((await summitPartner.post("summit", V(c.hashId), form)).status, String(form.intent)).toBe(404);
    const tableForms: Record<string, string | string[]>[] = [
      { intent: "tags", ids: [c.id], tagNames: "Hijacked" },
      { intent: "notifications", ids: [c.id], typeIds: "1" },
      { intent: "restore", id: c.id },
      { intent: "delete", hashId: c.hashId },
      { intent: "create-entity", userId: acmeUser.id, entityType: "Trust", name: "Summit steals Acme" },
    ];
    for (const form of tableForms) {
      expect((await summitPartner.post("summit", T, form)).status, String(form.intent)).toBe(404);
    }
    // Summit's own entity in the same bulk request doesn't help: nothing changes anywhere.
    const own = await company(SUMMIT, "Christopher Adams");
    const ownBefore = await snapshot(SUMMIT, own.id);
    expect((await summitPartner.post("summit", T, { intent: "tags", ids: [own.id, c.id], tagNames: "Mixed" })).status).toBe(404);
    expect(await snapshot(SUMMIT, own.id)).toEqual(ownBefore);
    expect((await summitPartner.get("summit", `/api/entities/users?userId=${acmeUser.id}`)).status).toBe(404);
    expect(JSON.parse((await summitPartner.get("summit", "/api/entities/users?q=rivera")).text).users).toEqual([]);
    expect(await snapshot(ACME, c.id)).toEqual(before);
    expect(await scoped(SUMMIT, (tx) => tx.entityTag.count({ where: { name: { in: ["Hijacked", "Mixed"] } } }))).toBe(0);
  });

  it("keeps group-access staff away from other groups' entities", async () => {
    // Nina (group access, Individual Tax) vs Morgan Outdoor Gear Inc (owner in Business Services).
    const business = await company(SUMMIT, "Morgan Outdoor Gear Inc");
    const mine = await company(SUMMIT, "Christopher Adams");
    const before = await snapshot(SUMMIT, business.id);
    expect((await summitGroup.get("summit", `/admin/${business.hashId}`)).status).toBe(404);
    expect((await summitGroup.post("summit", V(business.hashId), edit("Renamed By Nina"))).status).toBe(404);
    expect((await summitGroup.post("summit", V(business.hashId), { intent: "note-add", text: "peek" })).status).toBe(404);
    expect((await summitGroup.post("summit", T, { intent: "tags", ids: [mine.id, business.id], tagNames: "Amended" })).status).toBe(404);
    const taylor = await scoped(SUMMIT, (tx) => tx.user.findFirstOrThrow({ where: { email: "client@summit.test" }, select: { id: true } }));
    expect((await summitGroup.post("summit", V(mine.hashId), { intent: "add-existing-owner", userId: taylor.id })).status).toBe(404);
    expect((await summitGroup.post("summit", T, { intent: "create-entity", userId: taylor.id, entityType: "Trust", name: "Morgan Family Trust" })).status).toBe(
      404,
    );
    expect(JSON.parse((await summitGroup.get("summit", "/api/entities/users?q=morgan")).text).users.map((u: any) => u.id)).not.toContain(taylor.id);
    expect(await snapshot(SUMMIT, business.id)).toEqual(before);
    // Their own group's entity works.
    expect((await summitGroup.post("summit", V(mine.hashId), { intent: "note-add", text: "Mine to note" })).status).toBe(200);
  });

  it("is for staff only", async () => {
    const c = await company(ACME, "Marcus Johnson");
    const client = await app.signIn("acme", "client@acme.test");
    expect((await client.post("acme", V(c.hashId), { intent: "note-add", text: "hi" })).status).toBe(404);
    const anonymous = await app.browser().post("acme", `/admin/${c.hashId}`, { intent: "note-add", text: "hi" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/\?redirect=/);
    expect(await scoped(ACME, (tx) => tx.note.count({ where: { companyId: c.id, text: "hi" } }))).toBe(0);
  });
});
