/**
 * The firm's team and firm groups: list, invite, edit, resend, deactivate (with the hand-over of
 * their clients, said out loud), reactivate; firm groups CRUD and the firm's "uses firm groups"
 * preference. Every read and write runs in the firm's scope (row-level security), so another
 * firm's ids are simply not found.
 */
import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import { endOtherSessions } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import type { FirmDb, FirmTx } from "~/db.server";
import { conflict, forbidden, invalid, notFound, PortalError } from "~/errors";
import type { StaffFacts } from "~/staff/permissions";
import { sendInvitation, type InviteScope } from "./invite.server";
import {
  canChangeMember,
  canInvite,
  canOpenTeam,
  REASSIGN_NOBODY,
  TEAM_MESSAGES,
  teamStatus,
  type EditMemberInput,
  type InviteInput,
  type TeamDecision,
  type TeamStatus,
} from "./team-rules";

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  firmAccess: "partner" | "admin" | "full" | "group";
  isAdvisor: boolean;
  firmGroupId: string | null;
  firmGroupName: string | null;
  status: TeamStatus;
  lastSignInAt: string | null;
  /** Clients whose assigned advisor they are (what a deactivation hands over). */
  clientCount: number;
}

export function assertTeamAdmin(viewer: Pick<StaffFacts, "firmAccess">): void {
  if (!canOpenTeam(viewer)) throw forbidden("You don't have permission to do that.");
}

function refuse(decision: TeamDecision): void {
  if (!decision.ok) throw new PortalError(decision.status, decision.message);
}

const fullName = (u: { fname: string; lname: string }) => `${u.fname} ${u.lname}`.trim();

/** The team (staff not deleted), partners first, then by name; and the firm's groups. */
export async function loadTeam(db: FirmDb) {
  const [rows, groups, prefs] = await Promise.all([
    db.user.findMany({
      where: { kind: "staff", deletedAt: null },
      select: {
        id: true,
        fname: true,
        lname: true,
        email: true,
        firmAccess: true,
        isAdvisor: true,
        firmGroupId: true,
        firmGroup: { select: { name: true } },
        paying: true,
        passwordHash: true,
        lastSignInAt: true,
        _count: { select: { advisedClients: { where: { kind: "client", deletedAt: null } } } },
      },
      orderBy: [{ lname: "asc" }, { fname: "asc" }],
    }),
    db.firmGroup.findMany({ select: { id: true, name: true, _count: { select: { users: { where: { deletedAt: null } } } } }, orderBy: { name: "asc" } }),
    db.firmPreferences.findFirst({ select: { hasFirmGroups: true } }),
  ]);
  const order = { partner: 0, admin: 1, full: 2, group: 3 } as const;
  const members: TeamMember[] = rows
    .map((r) => ({
      id: r.id,
      name: fullName(r),
      email: r.email ?? "",
      firmAccess: r.firmAccess ?? "full",
      isAdvisor: r.isAdvisor,
      firmGroupId: r.firmGroupId,
      firmGroupName: r.firmGroup?.name ?? null,
      status: teamStatus({ paying: r.paying, hasPassword: Boolean(r.passwordHash), lastSignInAt: r.lastSignInAt }),
      lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
      clientCount: r._count.advisedClients,
    }))
    .sort((a, b) => order[a.firmAccess] - order[b.firmAccess]);
  return {
    members,
    groups: groups.map((g) => ({ id: g.id, name: g.name, memberCount: g._count.users })),
    hasFirmGroups: Boolean(prefs?.hasFirmGroups),
  };
}

async function hasFirmGroups(db: FirmDb): Promise<boolean> {
  return Boolean((await db.firmPreferences.findFirst({ select: { hasFirmGroups: true } }))?.hasFirmGroups);
}

async function assertGroup(db: FirmDb, groupId: string | null): Promise<void> {
  if (groupId && !(await db.firmGroup.count({ where: { id: groupId } }))) throw invalid("firmGroupId", TEAM_MESSAGES.unknownGroup, 422);
}

export async function inviterName(db: FirmDb, id: string): Promise<string | null> {
  const row = await db.user.findFirst({ where: { id }, select: { fname: true, lname: true } });
  return row ? fullName(row) : null;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string }; message?: string } | null;
  return e?.code === "P2002" || e?.cause?.code === "23505" || /unique constraint/i.test(e?.message ?? "");
}

/** What inviting needs: the firm, its scoped database, its site's address, who asks from where. */
export interface TeamScope extends InviteScope {
  firm: { id: string; name: string; timeZone?: string | null };
  clientAddress: string | null;
}

/**
 * Inside a transaction: the staff member, Invited (no password yet), and the activity entry. The
 * import job writes its progress in the same transaction.
 */
export async function createStaffMember(
  tx: FirmTx,
  scope: Pick<TeamScope, "firm" | "clientAddress">,
  actorId: string | null,
  input: InviteInput,
  how = "invited",
): Promise<{ id: string; email: string; fname: string }> {
  const created = await tx.user.create({
    data: {
      firmId: scope.firm.id,
      kind: "staff",
      email: input.email,
      fname: input.fname,
      lname: input.lname,
      firmAccess: input.role,
      isAdvisor: input.isAdvisor,
      firmGroupId: input.firmGroupId,
      preferredSignInMethod: "password",
      setPasswordRequired: true,
      timeZone: scope.firm.timeZone ?? undefined,
    },
    select: { id: true, email: true, fname: true },
  });
  await logActivity(tx, scope.firm.id, {
    typeId: ACTIVITY_TYPES.detailChange,
    title: "Staff member invited",
    description: `${fullName(input)} (${input.email}) as ${input.role}${how === "invited" ? "" : `, ${how}`}`,
    actorId,
    userId: created.id,
    ipAddress: scope.clientAddress,
  });
  return { id: created.id, email: created.email!, fname: created.fname };
}

/**
 * Creates the staff member (no password yet: Invited) and emails the invitation. An address
 * already in the firm (staff or client) is refused with the spec's 'This email already exists'.
 */
export async function inviteMember(scope: TeamScope, viewer: StaffFacts, input: InviteInput): Promise<{ id: string; sent: boolean }> {
  refuse(canInvite(viewer, input.role));
  await assertGroup(scope.db, input.firmGroupId);
  const taken = await scope.db.user.count({ where: { email: { equals: input.email, mode: "insensitive" } } });
  if (taken) throw new PortalError(409, TEAM_MESSAGES.emailTaken, { fields: { email: TEAM_MESSAGES.emailTaken } });
  let member: { id: string; email: string; fname: string };
  try {
    member = await scope.db.$transaction((tx) => createStaffMember(tx, scope, viewer.id, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw new PortalError(409, TEAM_MESSAGES.emailTaken, { fields: { email: TEAM_MESSAGES.emailTaken } });
    throw error;
  }
  const sent = await sendInvitation(scope, member, { id: viewer.id, name: await inviterName(scope.db, viewer.id) });
  return { id: member.id, sent };
}

async function loadMember(db: FirmDb, memberId: string) {
  const row = await db.user.findFirst({
    where: { id: memberId, kind: "staff", deletedAt: null },
    select: { id: true, fname: true, lname: true, email: true, firmAccess: true, isAdvisor: true, paying: true, passwordHash: true, lastSignInAt: true },
  });
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  return row;
}

const activePartners = (db: FirmDb) => db.user.count({ where: { kind: "staff", firmAccess: "partner", paying: true, deletedAt: null } });

/** Sends the invitation again (the earlier link stops working). */
export async function resendInvite(portal: FirmSiteContext, viewer: StaffFacts, memberId: string): Promise<void> {
  assertTeamAdmin(viewer);
  const member = await loadMember(portal.db, memberId);
  refuse(canInvite(viewer, member.firmAccess ?? "full"));
  if (!member.paying) throw conflict(TEAM_MESSAGES.alreadyDeactivated);
  if (teamStatus({ paying: member.paying, hasPassword: Boolean(member.passwordHash), lastSignInAt: member.lastSignInAt }) !== "invited")
    throw conflict(TEAM_MESSAGES.notInvited);
  const sent = await sendInvitation(
    portal,
    { id: member.id, email: member.email ?? "", fname: member.fname },
    {
      id: viewer.id,
      name: await inviterName(portal.db, viewer.id),
    },
  );
  if (!sent) throw new PortalError(503, TEAM_MESSAGES.sendFailed);
}

/** Role, advisor flag and firm group. */
export async function updateMember(portal: FirmSiteContext, viewer: StaffFacts, input: EditMemberInput): Promise<void> {
  const member = await loadMember(portal.db, input.memberId);
  refuse(
    canChangeMember(viewer, { id: member.id, firmAccess: member.firmAccess, paying: member.paying }, { role: input.role }, await activePartners(portal.db)),
  );
  await assertGroup(portal.db, input.firmGroupId);
  await portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: member.id }, data: { firmAccess: input.role, isAdvisor: input.isAdvisor, firmGroupId: input.firmGroupId } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Staff member updated",
      description: `${fullName(member)}: ${input.role}${input.isAdvisor ? ", advisor" : ""}`,
      actorId: viewer.id,
      userId: member.id,
      ipAddress: portal.clientAddress,
    });
  });
}

/**
 * Deactivates a staff member: they can no longer sign in, every session of theirs ends now, their
 * unused invitation stops working, and their clients go to the advisor chosen (or, when the
 * partner chose nobody, to no one: the partners are then told instead). With clients, the choice
 * is required: nothing is handed over silently.
 */
export async function deactivateMember(
  portal: FirmSiteContext,
  viewer: StaffFacts,
  input: { memberId: string; reassignTo: string | null },
): Promise<{ sessionsEnded: number; clientsMoved: number }> {
  const member = await loadMember(portal.db, input.memberId);
  if (!member.paying) throw conflict(TEAM_MESSAGES.alreadyDeactivated);
  refuse(
    canChangeMember(viewer, { id: member.id, firmAccess: member.firmAccess, paying: member.paying }, { deactivate: true }, await activePartners(portal.db)),
  );
  const clients = await portal.db.user.count({ where: { assignedAdvisorId: member.id, kind: "client", deletedAt: null } });
  let to: string | null = null;
  if (clients > 0) {
    if (!input.reassignTo) throw invalid("reassignTo", TEAM_MESSAGES.reassignRequired, 422);
    if (input.reassignTo !== REASSIGN_NOBODY) {
      const heir = await portal.db.user.findFirst({
        where: { id: input.reassignTo, kind: "staff", isAdvisor: true, paying: true, deletedAt: null, NOT: { id: member.id } },
        select: { id: true, fname: true, lname: true },
      });
      if (!heir) throw invalid("reassignTo", TEAM_MESSAGES.reassignInvalid, 422);
      to = heir.id;
    }
  }
  return portal.db.$transaction(async (tx) => {
    const moved = clients > 0 ? await tx.user.updateMany({ where: { assignedAdvisorId: member.id }, data: { assignedAdvisorId: to } }) : { count: 0 };
    await tx.user.update({ where: { id: member.id }, data: { paying: false } });
    await tx.signInToken.updateMany({ where: { userId: member.id, usedAt: null }, data: { expiresAt: new Date() } });
    const sessionsEnded = await endOtherSessions(tx, member.id);
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Staff member deactivated",
      description: `${fullName(member)}${moved.count ? `: ${moved.count} clients ${to ? "reassigned" : "left with no advisor"}` : ""}; ${sessionsEnded} sessions ended`,
      actorId: viewer.id,
      userId: member.id,
      ipAddress: portal.clientAddress,
    });
    return { sessionsEnded, clientsMoved: moved.count };
  });
}

export async function reactivateMember(portal: FirmSiteContext, viewer: StaffFacts, memberId: string): Promise<void> {
  const member = await loadMember(portal.db, memberId);
  if (member.paying) throw conflict(TEAM_MESSAGES.alreadyActive);
  refuse(canChangeMember(viewer, { id: member.id, firmAccess: member.firmAccess, paying: member.paying }, {}, await activePartners(portal.db)));
  if (member.firmAccess === "partner" && viewer.firmAccess !== "partner") throw forbidden(TEAM_MESSAGES.onlyPartnersGrantPartner);
  await portal.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: member.id }, data: { paying: true } });
    await logActivity(tx, portal.firm.id, {
      typeId: ACTIVITY_TYPES.detailChange,
      title: "Staff member reactivated",
      description: fullName(member),
      actorId: viewer.id,
      userId: member.id,
      ipAddress: portal.clientAddress,
    });
  });
}

// ─── Firm groups ───

async function groupNameTaken(db: FirmDb, name: string, exceptId?: string): Promise<boolean> {
  return (await db.firmGroup.count({ where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { NOT: { id: exceptId } } : {}) } })) > 0;
}

export async function createGroup(portal: FirmSiteContext, viewer: StaffFacts, name: string): Promise<{ id: string }> {
  assertTeamAdmin(viewer);
  if (await groupNameTaken(portal.db, name)) throw invalid("name", TEAM_MESSAGES.groupExists, 422);
  try {
    return await portal.db.firmGroup.create({ data: { firmId: portal.firm.id, name }, select: { id: true } });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid("name", TEAM_MESSAGES.groupExists, 422);
    throw error;
  }
}

export async function renameGroup(portal: FirmSiteContext, viewer: StaffFacts, id: string, name: string): Promise<void> {
  assertTeamAdmin(viewer);
  if (!(await portal.db.firmGroup.count({ where: { id } }))) throw notFound(TEAM_MESSAGES.unknownGroup);
  if (await groupNameTaken(portal.db, name, id)) throw invalid("name", TEAM_MESSAGES.groupExists, 422);
  await portal.db.firmGroup.update({ where: { id }, data: { name } });
}

/** A group still holding people (staff or clients, not deleted) is not deleted; templates of it become firm-wide. */
export async function deleteGroup(portal: FirmSiteContext, viewer: StaffFacts, id: string): Promise<void> {
  assertTeamAdmin(viewer);
  if (!(await portal.db.firmGroup.count({ where: { id } }))) throw notFound(TEAM_MESSAGES.unknownGroup);
  const users = await portal.db.user.count({ where: { firmGroupId: id, deletedAt: null } });
  if (users) throw conflict(TEAM_MESSAGES.groupInUse(users));
  await portal.db.$transaction(async (tx) => {
    await tx.user.updateMany({ where: { firmGroupId: id }, data: { firmGroupId: null } });
    await tx.questionnaireTemplate.updateMany({ where: { firmGroupId: id }, data: { firmGroupId: null } });
    await tx.firmGroup.delete({ where: { id } });
  });
}

/** The firm's 'uses firm groups' preference: with it, every client and staff member needs a group. */
export async function setUsesFirmGroups(portal: FirmSiteContext, viewer: StaffFacts, on: boolean): Promise<void> {
  assertTeamAdmin(viewer);
  if (on && !(await portal.db.firmGroup.count())) throw invalid("hasFirmGroups", "Create a firm group first.", 422);
  if (!on && (await portal.db.user.count({ where: { kind: "staff", firmAccess: "group", paying: true, deletedAt: null } })))
    throw invalid("hasFirmGroups", "Some team members have group access. Give them another role first.", 422);
  await portal.db.firmPreferences.updateMany({ data: { hasFirmGroups: on } });
}

export { hasFirmGroups };
