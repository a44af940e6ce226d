/**
 * The Team page's dialogs: Invite staff, Edit team member, Deactivate (with the hand-over of their
 * clients). Each checks its fields with the server's own schema before posting (so a mistake shows
 * at once, without a round trip), then posts to /settings/team with its intent; the server
 * validates again and answers field errors in the users dialogs' one shape.
 */
import { useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Dialog, Select, TextField } from "~/components/ui";
import { useUserAction } from "~/staff/dialogs/shared";
import type * as z from "zod";
import { editMemberSchema, inviteSchema, offeredRoles, REASSIGN_NOBODY, roleLabel, STAFF_ROLES, type StaffRole } from "./team-rules";
import * as s from "./team.css";

export interface TeamOptions {
  hasFirmGroups: boolean;
  groups: { id: string; name: string }[];
  /** Roles the viewer may give (admins can't make partners). */
  roles: StaffRole[];
  /** Active advisors (the hand-over choices). */
  advisors: { id: string; name: string }[];
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  firmAccess: StaffRole;
  isAdvisor: boolean;
  firmGroupId: string | null;
  clientCount: number;
}

const TEAM_ACTION = "/settings/team";

/** The first message for each field a schema refuses; null when the input passes. */
function fieldErrors(schema: z.ZodType, input: Record<string, unknown>): Record<string, string> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** A dialog's field errors: its own check's until the next post, then the server's. */
function useCheckedSubmit(action: ReturnType<typeof useUserAction>) {
  const [local, setLocal] = useState<Record<string, string>>({});
  const submit = (schema: z.ZodType, fields: Record<string, string | boolean>) => {
    const errors = fieldErrors(schema, fields);
    setLocal(errors ?? {});
    if (!errors) action.submit(fields);
  };
  return { submit, errors: Object.keys(local).length ? local : action.fields };
}

function roleOptions(options: TeamOptions) {
  const allowed = new Set(offeredRoles(options.hasFirmGroups));
  return STAFF_ROLES.filter((r) => allowed.has(r.value) && options.roles.includes(r.value)).map((r) => ({
    value: r.value,
    label: `${r.label}: ${r.description}`,
  }));
}

function RoleFields({
  options,
  role,
  setRole,
  isAdvisor,
  setIsAdvisor,
  groupId,
  setGroupId,
  errors,
}: {
  options: TeamOptions;
  role: StaffRole;
  setRole: (r: StaffRole) => void;
  isAdvisor: boolean;
  setIsAdvisor: (on: boolean) => void;
  groupId: string;
  setGroupId: (id: string) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Select
        label="Role"
        name="role"
        required
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
        options={roleOptions(options)}
        hint={STAFF_ROLES.find((r) => r.value === role)?.description}
        error={errors.role}
      />
      {options.hasFirmGroups ? (
        <Select
          label="Firm group"
          name="firmGroupId"
          required
          placeholder="Choose a group"
          value={groupId}
          onChange={(e) => setGroupId(e.currentTarget.value)}
          options={options.groups.map((g) => ({ value: g.id, label: g.name }))}
          hint={role === "group" ? "With group access they see only the clients of this group and of no group." : undefined}
          error={errors.firmGroupId}
        />
      ) : null}
      <Checkbox
        label="Advisor (clients can be assigned to them)"
        name="isAdvisor"
        checked={isAdvisor}
        onChange={(e) => setIsAdvisor(e.currentTarget.checked)}
      />
    </>
  );
}

export function InviteDialog({ open, onClose, options }: { open: boolean; onClose: () => void; options: TeamOptions }) {
  const action = useUserAction(TEAM_ACTION, () => onClose());
  const checked = useCheckedSubmit(action);
  const [role, setRole] = useState<StaffRole>("full");
  const [isAdvisor, setIsAdvisor] = useState(true);
  const [groupId, setGroupId] = useState("");
  if (!open) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    checked.submit(inviteSchema({ hasFirmGroups: options.hasFirmGroups }), {
      intent: "invite",
      fname: String(form.get("fname") ?? ""),
      lname: String(form.get("lname") ?? ""),
      email: String(form.get("email") ?? ""),
      role,
      isAdvisor,
      firmGroupId: groupId,
    });
  };
  const errors = checked.errors;
  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title="Invite staff"
      description="They get an email with a link to choose a password and set up their second sign-in step."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button type="submit" form="team-invite-form" loading={action.busy}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="team-invite-form" className={s.stack} onSubmit={submit} noValidate>
        {action.reply && !action.reply.ok && !Object.keys(errors).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
        <div className={s.grid}>
          <TextField label="First name" name="fname" required autoComplete="off" error={errors.fname} />
          <TextField label="Last name" name="lname" required autoComplete="off" error={errors.lname} />
        </div>
        <TextField label="Email" name="email" type="email" required autoComplete="off" error={errors.email} />
        <RoleFields
          options={options}
          role={role}
          setRole={setRole}
          isAdvisor={isAdvisor}
          setIsAdvisor={setIsAdvisor}
          groupId={groupId}
          setGroupId={setGroupId}
          errors={errors}
        />
      </form>
    </Dialog>
  );
}

export function EditMemberDialog({ member, onClose, options }: { member: MemberRow | null; onClose: () => void; options: TeamOptions }) {
  if (!member) return null;
  return <EditMemberForm key={member.id} member={member} onClose={onClose} options={options} />;
}

function EditMemberForm({ member, onClose, options }: { member: MemberRow; onClose: () => void; options: TeamOptions }) {
  const action = useUserAction(TEAM_ACTION, () => onClose());
  const checked = useCheckedSubmit(action);
  const [role, setRole] = useState<StaffRole>(member.firmAccess);
  const [isAdvisor, setIsAdvisor] = useState(member.isAdvisor);
  const [groupId, setGroupId] = useState(member.firmGroupId ?? "");
  // A partner shown to an admin keeps the role it has (only partners change it).
  const editable = { ...options, roles: options.roles.includes(member.firmAccess) ? options.roles : [member.firmAccess, ...options.roles] };
  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title="Edit team member"
      description={`${member.name} (${member.email})`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button type="submit" form="team-edit-form" loading={action.busy}>
            Save
          </Button>
        </>
      }
    >
      <form
        id="team-edit-form"
        className={s.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          checked.submit(editMemberSchema({ hasFirmGroups: options.hasFirmGroups }), {
            intent: "edit",
            memberId: member.id,
            role,
            isAdvisor,
            firmGroupId: groupId,
          });
        }}
      >
        {action.reply && !action.reply.ok && !Object.keys(checked.errors).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
        <RoleFields
          options={editable}
          role={role}
          setRole={setRole}
          isAdvisor={isAdvisor}
          setIsAdvisor={setIsAdvisor}
          groupId={groupId}
          setGroupId={setGroupId}
          errors={checked.errors}
        />
      </form>
    </Dialog>
  );
}

export function DeactivateMemberDialog({ member, onClose, options }: { member: MemberRow | null; onClose: () => void; options: TeamOptions }) {
  if (!member) return null;
  return <DeactivateForm key={member.id} member={member} onClose={onClose} options={options} />;
}

function DeactivateForm({ member, onClose, options }: { member: MemberRow; onClose: () => void; options: TeamOptions }) {
  const action = useUserAction(TEAM_ACTION, () => onClose());
  const [heir, setHeir] = useState("");
  const heirs = options.advisors.filter((a) => a.id !== member.id);
  const clients = member.clientCount;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Deactivate team member"
      description={member.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button type="submit" form="team-deactivate-form" variant="danger" loading={action.busy}>
            Deactivate
          </Button>
        </>
      }
    >
      <form
        id="team-deactivate-form"
        className={s.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          action.submit({ intent: "deactivate", memberId: member.id, reassignTo: heir });
        }}
      >
        <p className={s.muted}>
          {member.name} will be signed out everywhere now and can no longer sign in. You can reactivate them later ({roleLabel(member.firmAccess)}).
        </p>
        {clients > 0 ? (
          <Select
            label={`Who takes over their ${clients} ${clients === 1 ? "client" : "clients"}?`}
            name="reassignTo"
            required
            placeholder="Choose an advisor"
            value={heir}
            onChange={(e) => setHeir(e.currentTarget.value)}
            options={[...heirs.map((a) => ({ value: a.id, label: a.name })), { value: REASSIGN_NOBODY, label: "Nobody: the partners are told instead" }]}
            error={action.fields.reassignTo}
          />
        ) : (
          <p className={s.muted}>No clients are assigned to them.</p>
        )}
        {action.reply && !action.reply.ok && !Object.keys(action.fields).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
      </form>
    </Dialog>
  );
}
