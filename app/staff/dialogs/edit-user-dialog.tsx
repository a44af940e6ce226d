/**
 * Edit user (staff spec §5 Edit user): Details (names, email, phones, contact method, time zone,
 * external id) and Settings (firm group, assigned advisor, read-only). Group-access staff can't
 * change the group; only partner or full users the advisor, with a warning that it applies to all
 * the user's entities. Email removal follows the sign-in method rules.
 */
import { useEffect, useState } from "react";
import { Alert, Button, Dialog, Select, Switch, Tabs, TextField } from "~/components/ui";
import { TIME_ZONES } from "~/time-zones";
import { emailRemovalOffered } from "../permissions";
import type { UserDialogOptions } from "../users.server";
import { fieldErrors } from "~/errors";
import { editUserSchema, maskPhone, NO_ADVISOR, USER_MESSAGES } from "../user-rules";
import { emailCheckError, PhoneField, useEmailCheck, useUserAction } from "./shared";
import * as s from "./dialogs.css";

export interface EditableUser {
  id: string;
  fname: string;
  lname: string;
  preferredName: string | null;
  email: string | null;
  hasTempEmail: boolean;
  phoneNumber: string | null;
  workPhoneNumber: string | null;
  workPhoneExtension: string | null;
  preferredContactMethod: "email" | "sms";
  preferredSignInMethod: "password" | "email" | "sms" | null;
  externalUserId: string | null;
  timeZone: string;
  firmGroupId: string | null;
  assignedAdvisorId: string | null;
  readonlyAccess: boolean;
  active: boolean;
}

const TIME_ZONE_OPTIONS = Object.keys(TIME_ZONES).map((z) => ({ value: z, label: z }));

export function EditUserDialog({
  open,
  onClose,
  user,
  options,
  onEmailChanged,
}: {
  open: boolean;
  onClose: () => void;
  user: EditableUser;
  options: UserDialogOptions;
  /** Called after a save that gave the user a new email (the page may offer it to their entities). */
  onEmailChanged?: (email: string) => void;
}) {
  if (!open) return null;
  return <EditUserForm onClose={onClose} user={user} options={options} onEmailChanged={onEmailChanged} />;
}

function EditUserForm({
  onClose,
  user,
  options,
  onEmailChanged,
}: {
  onClose: () => void;
  user: EditableUser;
  options: UserDialogOptions;
  onEmailChanged?: (email: string) => void;
}) {
  const [v, setV] = useState({
    fname: user.fname,
    lname: user.lname,
    preferredName: user.preferredName ?? "",
    email: user.hasTempEmail ? "" : (user.email ?? ""),
    phoneNumber: maskPhone(user.phoneNumber),
    workPhoneNumber: maskPhone(user.workPhoneNumber),
    workPhoneExtension: user.workPhoneExtension ?? "",
    preferredContactMethod: user.preferredContactMethod,
    externalUserId: user.externalUserId ?? "",
    timeZone: user.timeZone,
    firmGroupId: user.firmGroupId ?? "",
    assignedAdvisorId: user.assignedAdvisorId ?? NO_ADVISOR,
    readonlyAccess: user.readonlyAccess,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes when it changes (the derived entity name follows the names and type).
  const set = (patch: Partial<typeof v>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrors((old) => {
      const next = { ...old };
      for (const key of Object.keys(patch)) delete next[key];
      if (["fname", "lname", "entityType", "spouseFname", "spouseLname"].some((k) => k in patch)) delete next.entityName;
      return next;
    });
  };
  const [tab, setTab] = useState("details");
  const emailCheck = useEmailCheck(v.email, user.id, user.hasTempEmail ? "" : user.email);
  // The email when the dialog opened (the page's data already has the new one when the save lands).
  const [before] = useState(user.hasTempEmail ? "" : (user.email ?? ""));
  const action = useUserAction(`/clients/${user.id}`, () => {
    const email = v.email.trim();
    onClose();
    if (email && email.toLowerCase() !== before.toLowerCase()) onEmailChanged?.(email);
  });
  useEffect(() => {
    const reply = action.reply;
    if (reply && !reply.ok) setErrors((old) => ({ ...old, ...reply.fields }));
  }, [action.reply]);
  const all = errors;
  const removable = emailRemovalOffered(user);
  const emailSignIn = user.preferredSignInMethod === "email";
  const advisorChanged = (v.assignedAdvisorId === NO_ADVISOR ? null : v.assignedAdvisorId) !== user.assignedAdvisorId;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = editUserSchema.safeParse(v);
    if (!parsed.success) Object.assign(found, fieldErrors(parsed.error));
    if (user.email && !user.hasTempEmail && !v.email.trim()) {
      if (emailSignIn) found.email = "Cannot remove email when it is the preferred sign-in method";
    }
    if (user.phoneNumber && !v.phoneNumber.trim() && user.preferredSignInMethod === "sms")
      found.phoneNumber = "Cannot remove phone number when SMS is the preferred sign-in method";
    if (emailCheck.state === "taken") found.email = USER_MESSAGES.emailExists;
    setErrors(found);
    if (Object.keys(found).length) {
      setTab(found.firmGroupId || found.assignedAdvisorId || found.readonlyAccess ? "settings" : "details");
      return;
    }
    action.submit({
      intent: "edit",
      ...v,
      readonlyAccess: v.readonlyAccess,
      firmGroupId: options.can.changeGroup ? v.firmGroupId : undefined,
      assignedAdvisorId: options.can.changeAdvisor ? v.assignedAdvisorId : undefined,
    });
  };

  const details = (
    <div className={s.stack}>
      <div className={s.grid}>
        <TextField label="First name" required value={v.fname} onChange={(e) => set({ fname: e.currentTarget.value })} error={all.fname} />
        <TextField label="Last name" required value={v.lname} onChange={(e) => set({ lname: e.currentTarget.value })} error={all.lname} />
        <TextField label="Preferred name" value={v.preferredName} onChange={(e) => set({ preferredName: e.currentTarget.value })} error={all.preferredName} />
        <TextField
          label="Email"
          type="email"
          value={v.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={emailCheckError(emailCheck, all.email)}
          hint={user.hasTempEmail ? "This user has a placeholder email." : undefined}
        />
      </div>
      {removable ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            disabled={emailSignIn || !v.email}
            onClick={() => set({ email: "" })}
            title={emailSignIn ? "Cannot remove email when it is the preferred sign-in method" : undefined}
          >
            Remove email
          </Button>
          {emailSignIn ? <p className={s.muted}>Cannot remove email when it is the preferred sign-in method</p> : null}
        </div>
      ) : null}
      {emailCheck.state === "taken" && emailCheck.takenBy ? (
        <Alert tone="danger">
          {USER_MESSAGES.emailExists}: it belongs to {emailCheck.takenBy.name}.
        </Alert>
      ) : null}
      <div className={s.grid}>
        <PhoneField label="Phone" value={v.phoneNumber} onValue={(phoneNumber) => set({ phoneNumber })} error={all.phoneNumber} />
        <PhoneField label="Work phone" value={v.workPhoneNumber} onValue={(workPhoneNumber) => set({ workPhoneNumber })} error={all.workPhoneNumber} />
        <TextField
          label="Extension"
          inputMode="numeric"
          value={v.workPhoneExtension}
          onChange={(e) => set({ workPhoneExtension: e.currentTarget.value })}
          error={all.workPhoneExtension}
        />
        <Select
          label="Contact method"
          value={v.preferredContactMethod}
          onChange={(e) => set({ preferredContactMethod: e.currentTarget.value as "email" | "sms" })}
          options={[
            { value: "email", label: "Email" },
            { value: "sms", label: "Email & Text" },
          ]}
        />
        <Select label="Time zone" value={v.timeZone} onChange={(e) => set({ timeZone: e.currentTarget.value })} options={TIME_ZONE_OPTIONS} />
        {options.externalUserIdAllowed ? (
          <TextField
            label="External user id"
            value={v.externalUserId}
            onChange={(e) => set({ externalUserId: e.currentTarget.value })}
            error={all.externalUserId}
          />
        ) : null}
      </div>
    </div>
  );

  const settings = (
    <div className={s.stack}>
      {options.hasFirmGroups ? (
        <Select
          label="Firm group"
          value={v.firmGroupId}
          disabled={!options.can.changeGroup}
          hint={options.can.changeGroup ? undefined : "Group access users can't change the firm group."}
          placeholder="No group"
          onChange={(e) => set({ firmGroupId: e.currentTarget.value })}
          options={options.groups}
          error={all.firmGroupId}
        />
      ) : null}
      <Select
        label="Assigned advisor"
        value={v.assignedAdvisorId}
        disabled={!options.can.changeAdvisor}
        hint={options.can.changeAdvisor ? undefined : "Only partner or full access users can change the assigned firm user."}
        onChange={(e) => set({ assignedAdvisorId: e.currentTarget.value })}
        options={[{ value: NO_ADVISOR, label: "None" }, ...options.advisors]}
        error={all.assignedAdvisorId}
      />
      {advisorChanged ? <Alert tone="warning">{USER_MESSAGES.advisorWarning}</Alert> : null}
      <Switch
        label="Read-only access"
        description={
          user.active
            ? "The user can sign in and view documents, but not upload, answer, edit their profile or message."
            : "The read-only flag can only be set on active users."
        }
        checked={v.readonlyAccess}
        disabled={!user.active}
        onChange={(e) => set({ readonlyAccess: e.currentTarget.checked })}
      />
    </div>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Edit user"
      description={`${user.fname} ${user.lname}`.trim()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button type="submit" form="edit-user-form" loading={action.busy}>
            Save
          </Button>
        </>
      }
    >
      <form id="edit-user-form" className={s.form} onSubmit={onSubmit} noValidate>
        {action.reply && !action.reply.ok && !Object.keys(action.fields).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
        <Tabs
          label="Edit user"
          value={tab}
          onChange={setTab}
          tabs={[
            { id: "details", label: "Details", content: details },
            { id: "settings", label: "Settings", content: settings },
          ]}
        />
      </form>
    </Dialog>
  );
}
