/**
 * The firm's team (Settings → Team and Firm groups): who may manage it, the roles a staff member
 * can have, the invitation and edit forms, a member's status, the last-partner rule and the
 * staff list import's rows. Pure; shared by the pages, the actions and the import job.
 */
import * as z from "zod";
import { EMAIL_MESSAGES, emailSchema } from "~/auth/email-rules";
import { isFirmAdmin, isPartner, type FirmAccess, type StaffFacts } from "~/staff/permissions";

/** Team and Firm groups: partners and admins. */
export const canOpenTeam = (v: Pick<StaffFacts, "firmAccess">) => isFirmAdmin(v);

export type StaffRole = Exclude<FirmAccess, null>;

/** The firm access levels, in the order the form offers them. Group access needs firm groups. */
export const STAFF_ROLES: readonly { value: StaffRole; label: string; description: string }[] = [
  { value: "partner", label: "Partner", description: "Everything, including Firm Settings" },
  { value: "admin", label: "Admin", description: "The whole firm, the team and firm roles" },
  { value: "full", label: "Full access", description: "Every client and entity of the firm" },
  { value: "group", label: "Group access", description: "Only the clients of their firm group" },
];

export function roleLabel(role: FirmAccess): string {
  return STAFF_ROLES.find((r) => r.value === role)?.label ?? "No access";
}

/** The roles a firm can give: group access only when it uses firm groups. */
export function offeredRoles(hasFirmGroups: boolean): StaffRole[] {
  return STAFF_ROLES.map((r) => r.value).filter((r) => r !== "group" || hasFirmGroups);
}

export const TEAM_MESSAGES = {
  emailTaken: "This email already exists",
  firstName: "First name is required",
  lastName: "Last name is required",
  role: "Please select a role",
  groupRequired: "Firm group is required",
  groupAccessNeedsGroups: "Group access needs firm groups. Turn on firm groups first.",
  unknownGroup: "This firm group no longer exists.",
  onlyPartnersGrantPartner: "Only partners can give or change the Partner role.",
  lastPartner: "The firm needs at least one active partner. Make someone else a partner first.",
  notFound: "This team member was not found.",
  alreadyActive: "This team member is already active.",
  alreadyDeactivated: "This team member is already deactivated.",
  notInvited: "This team member has already accepted the invitation.",
  reassignRequired: "Choose who takes over their clients.",
  reassignInvalid: "Choose an active advisor of the firm.",
  notSelf: "You can't deactivate yourself.",
  inviteSent: "Invitation sent",
  inviteResent: "Invitation sent again",
  saved: "Successfully updated",
  deactivated: "Team member deactivated",
  reactivated: "Team member reactivated",
  sendFailed: "The invitation email could not be sent. Please try again.",
  groupName: "Group name is required",
  groupExists: "A firm group with this name already exists.",
  groupInUse: (users: number) => `This group still has ${users} ${users === 1 ? "person" : "people"}. Move them to another group first.`,
  groupCreated: "Firm group created",
  groupRenamed: "Firm group renamed",
  groupDeleted: "Firm group deleted",
} as const;

/** How long an invitation link works. */
export const INVITE_LIFETIME_DAYS = 7;

export function inviteExpiresAt(now: Date = new Date()): Date {
  return new Date(now.getTime() + INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}

// ─── Status ───

export type TeamStatus = "invited" | "active" | "deactivated";

export const TEAM_STATUS_LABELS: Record<TeamStatus, string> = { invited: "Invited", active: "Active", deactivated: "Deactivated" };

/** Deactivated when not active; invited while they have never set a password nor signed in. */
export function teamStatus(member: { paying: boolean; hasPassword: boolean; lastSignInAt: Date | string | null }): TeamStatus {
  if (!member.paying) return "deactivated";
  if (!member.hasPassword && !member.lastSignInAt) return "invited";
  return "active";
}

// ─── Who may change whom ───

export interface MemberFacts {
  id: string;
  firmAccess: FirmAccess;
  paying: boolean;
}

export type TeamDecision = { ok: true } | { ok: false; status: 403 | 409 | 422; message: string };
const OK: TeamDecision = { ok: true };

/**
 * A change of role or status: only partners touch a partner or make one, and the firm always
 * keeps one active partner (`activePartners` counts the firm's active partners, this one included).
 */
export function canChangeMember(
  viewer: Pick<StaffFacts, "id" | "firmAccess">,
  member: MemberFacts,
  change: { role?: StaffRole; deactivate?: boolean },
  activePartners: number,
): TeamDecision {
  if (!canOpenTeam(viewer)) return { ok: false, status: 403, message: "You don't have permission to do that." };
  const touchesPartner = member.firmAccess === "partner" || change.role === "partner";
  const roleChanges = change.role !== undefined && change.role !== member.firmAccess;
  if (touchesPartner && (roleChanges || change.deactivate) && !isPartner(viewer))
    return { ok: false, status: 403, message: TEAM_MESSAGES.onlyPartnersGrantPartner };
  if (change.deactivate && member.id === viewer.id) return { ok: false, status: 409, message: TEAM_MESSAGES.notSelf };
  const losesPartner = member.firmAccess === "partner" && member.paying && (change.deactivate || (roleChanges && change.role !== "partner"));
  if (losesPartner && activePartners <= 1) return { ok: false, status: 409, message: TEAM_MESSAGES.lastPartner };
  return OK;
}

/** Inviting: partners invite anyone; admins anyone but partners. */
export function canInvite(viewer: Pick<StaffFacts, "firmAccess">, role: StaffRole): TeamDecision {
  if (!canOpenTeam(viewer)) return { ok: false, status: 403, message: "You don't have permission to do that." };
  if (role === "partner" && !isPartner(viewer)) return { ok: false, status: 403, message: TEAM_MESSAGES.onlyPartnersGrantPartner };
  return OK;
}

// ─── Forms ───

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, "Must be at most 100 characters");
const flag = z.preprocess((v) => v === true || v === "1" || v === "on" || v === "true", z.boolean());
const optionalId = z.preprocess((v) => (typeof v === "string" && v.trim() ? v.trim() : null), z.string().max(64).nullable());

const roleField = z.enum(["partner", "admin", "full", "group"], { error: TEAM_MESSAGES.role });

/** Group access needs a group; with firm groups on, everyone has one. */
function groupRule(hasFirmGroups: boolean) {
  return (d: { role: StaffRole; firmGroupId: string | null }, ctx: z.RefinementCtx) => {
    if (d.role === "group" && !hasFirmGroups) ctx.addIssue({ code: "custom", path: ["role"], message: TEAM_MESSAGES.groupAccessNeedsGroups });
    else if ((hasFirmGroups || d.role === "group") && !d.firmGroupId)
      ctx.addIssue({ code: "custom", path: ["firmGroupId"], message: TEAM_MESSAGES.groupRequired });
  };
}

export function inviteSchema({ hasFirmGroups }: { hasFirmGroups: boolean }) {
  return z
    .object({
      fname: name(TEAM_MESSAGES.firstName),
      lname: name(TEAM_MESSAGES.lastName),
      email: emailSchema(EMAIL_MESSAGES.required),
      role: roleField,
      isAdvisor: flag,
      firmGroupId: optionalId,
    })
    .superRefine(groupRule(hasFirmGroups));
}
export type InviteInput = z.output<ReturnType<typeof inviteSchema>>;

export function editMemberSchema({ hasFirmGroups }: { hasFirmGroups: boolean }) {
  return z
    .object({
      memberId: z.string().trim().min(1).max(64),
      role: roleField,
      isAdvisor: flag,
      firmGroupId: optionalId,
    })
    .superRefine(groupRule(hasFirmGroups));
}
export type EditMemberInput = z.output<ReturnType<typeof editMemberSchema>>;

/** 'none' hands their clients to nobody (the partners are then told instead), said out loud. */
export const REASSIGN_NOBODY = "none";

export const deactivateSchema = z.object({
  memberId: z.string().trim().min(1).max(64),
  reassignTo: z.preprocess((v) => (typeof v === "string" && v.trim() ? v.trim() : null), z.string().max(64).nullable()),
});

export const memberIdSchema = z.object({ memberId: z.string().trim().min(1).max(64) });

export const groupNameSchema = z.string({ error: TEAM_MESSAGES.groupName }).trim().min(1, TEAM_MESSAGES.groupName).max(80, "Must be at most 80 characters");

// ─── Staff list import ───

/** The columns of the staff list template. */
export const STAFF_LIST_COLUMNS = ["First Name", "Last Name", "Email", "Role", "Advisor", "Firm Group"] as const;

/** The staff list template (header and one example row) as CSV text. */
export function staffListTemplate(): string {
  return `${STAFF_LIST_COLUMNS.join(",")}\r\nJordan,Lee,jordan.lee@example.com,Full access,Yes,\r\n`;
}

const STAFF_HEADERS: Record<string, "fname" | "lname" | "email" | "role" | "advisor" | "group"> = {
  firstname: "fname",
  fname: "fname",
  lastname: "lname",
  lname: "lname",
  email: "email",
  emailaddress: "email",
  role: "role",
  access: "role",
  firmaccess: "role",
  advisor: "advisor",
  isadvisor: "advisor",
  firmgroup: "group",
  group: "group",
};

export type StaffRowInput = Partial<Record<"fname" | "lname" | "email" | "role" | "advisor" | "group", string>>;

export function staffRowInput(record: Record<string, string | undefined>): StaffRowInput {
  const input: StaffRowInput = {};
  for (const [header, value] of Object.entries(record)) {
    const field = STAFF_HEADERS[header.toLowerCase().replace(/[^a-z0-9]/g, "")];
    if (field && input[field] === undefined) input[field] = (value ?? "").trim();
  }
  return input;
}

/** A row's role: 'Partner', 'admin', 'Full access', 'full', 'Group access', 'group'. */
export function parseRole(text: string | undefined): StaffRole | null {
  const key = (text ?? "").toLowerCase().replace(/[^a-z]/g, "");
  const roles: Record<string, StaffRole> = {
    partner: "partner",
    admin: "admin",
    full: "full",
    fullaccess: "full",
    advisor: "full",
    group: "group",
    groupaccess: "group",
  };
  return roles[key] ?? null;
}

export const STAFF_ROW_MESSAGES = {
  unknownRole: (text: string) => `Unknown role: ${text}. Use Partner, Admin, Full access or Group access.`,
  unknownGroup: (text: string) => `Unknown firm group: ${text}`,
} as const;

export interface StaffRowContext {
  hasFirmGroups: boolean;
  groupsByName: ReadonlyMap<string, string>;
  takenEmails: ReadonlySet<string>;
  /** What the importing staff member may give (admins can't make partners). */
  importer: Pick<StaffFacts, "firmAccess">;
}

/** One staff list row checked with the invitation's rules: an invitation to send, or the reason not. */
export function validateStaffRow(input: StaffRowInput, ctx: StaffRowContext): { ok: true; invite: InviteInput } | { ok: false; reason: string } {
  const role = input.role ? parseRole(input.role) : "full";
  if (!role) return { ok: false, reason: STAFF_ROW_MESSAGES.unknownRole(input.role ?? "") };
  let firmGroupId: string | null = null;
  if (input.group) {
    firmGroupId = ctx.groupsByName.get(input.group.toLowerCase()) ?? null;
    if (!firmGroupId || !ctx.hasFirmGroups) return { ok: false, reason: STAFF_ROW_MESSAGES.unknownGroup(input.group) };
  }
  const advisor = (input.advisor ?? "").toLowerCase();
  const parsed = inviteSchema({ hasFirmGroups: ctx.hasFirmGroups }).safeParse({
    fname: input.fname ?? "",
    lname: input.lname ?? "",
    email: input.email ?? "",
    role,
    isAdvisor: ["yes", "y", "true", "1", "x"].includes(advisor),
    firmGroupId,
  });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? "Invalid row" };
  if (ctx.takenEmails.has(parsed.data.email)) return { ok: false, reason: TEAM_MESSAGES.emailTaken };
  const allowed = canInvite(ctx.importer, parsed.data.role);
  if (!allowed.ok) return { ok: false, reason: allowed.message };
  return { ok: true, invite: parsed.data };
}
