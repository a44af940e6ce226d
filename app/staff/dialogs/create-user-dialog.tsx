/**
 * Create User and Entity (staff spec §2 Clients page, §5 New client): the user, their first
 * entity and, for an Individual, optionally the spouse. Email availability is checked as it is
 * typed; creating without an email asks first (Blank Email Confirmation).
 */
import { useEffect, useState } from "react";
import { Alert, Button, Checkbox, ConfirmDialog, Dialog, Select, TextField } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { TIME_ZONES } from "~/time-zones";
import type { UserDialogOptions } from "../users.server";
import { fieldErrors } from "~/errors";
import { createUserSchema, entityTypeChoices, individualEntityName, INDIVIDUAL, NO_ADVISOR, USER_MESSAGES } from "../user-rules";
import { emailCheckError, PhoneField, useEmailCheck, useUserAction } from "./shared";
import * as s from "./dialogs.css";

type Options = Omit<UserDialogOptions, never>;

const TIME_ZONE_OPTIONS = Object.keys(TIME_ZONES).map((z) => ({ value: z, label: z }));

export function CreateUserDialog({
  open,
  onClose,
  options,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  options: Options;
  onCreated?: (userId: string) => void;
}) {
  if (!open) return null;
  return <CreateUserForm onClose={onClose} options={options} onCreated={onCreated} />;
}

function CreateUserForm({ onClose, options, onCreated }: { onClose: () => void; options: Options; onCreated?: (userId: string) => void }) {
  const vocab = useVocabulary();
  const entityWord = vocab("Entity");
  const [v, setV] = useState({
    fname: "",
    lname: "",
    email: "",
    phoneNumber: "",
    preferredContactMethod: "email",
    entityType: "",
    entityName: "",
    assignedAdvisorId: NO_ADVISOR,
    firmGroupId: options.can.changeGroup ? "" : (options.viewerGroupId ?? ""),
    timeZone: options.firmTimeZone,
    hasSpouse: false,
    spouseFname: "",
    spouseLname: "",
    spouseEmail: "",
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
  const [confirmBlank, setConfirmBlank] = useState(false);
  const emailCheck = useEmailCheck(v.email);
  const spouseCheck = useEmailCheck(v.hasSpouse ? v.spouseEmail : "");
  const action = useUserAction("/clients?index", (reply) => {
    onCreated?.(String(reply.data?.userId ?? ""));
    onClose();
  });
  const individual = v.entityType === INDIVIDUAL;
  const derivedName = individual ? individualEntityName(v.fname, v.lname, v.hasSpouse ? { fname: v.spouseFname, lname: v.spouseLname } : null) : "";
  useEffect(() => {
    const reply = action.reply;
    if (reply && !reply.ok) setErrors((old) => ({ ...old, ...reply.fields }));
  }, [action.reply]);
  const all = errors;
  const typeChoices = entityTypeChoices(options.customEntityTypes, options.individualBlocked);

  const send = (confirmBlankEmail: boolean) => action.submit({ intent: "create", ...v, hasSpouse: individual && v.hasSpouse, confirmBlankEmail });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createUserSchema({ hasFirmGroups: options.hasFirmGroups }).safeParse({ ...v, hasSpouse: individual && v.hasSpouse });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (emailCheck.state === "taken") found.email = USER_MESSAGES.emailExists;
    if (spouseCheck.state === "taken") found.spouseEmail = USER_MESSAGES.emailExists;
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!v.email.trim()) return setConfirmBlank(true);
    send(false);
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        size="lg"
        title={`Create User and ${entityWord}`}
        description={`A new client and their first ${entityWord.toLowerCase()}. Fields marked * are required.`}
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={action.busy}>
              Cancel
            </Button>
            <Button type="submit" form="create-user-form" loading={action.busy}>
              Create
            </Button>
          </>
        }
      >
        <form id="create-user-form" className={s.form} onSubmit={onSubmit} noValidate>
          {action.reply && !action.reply.ok && !Object.keys(action.fields).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>User</legend>
            <div className={s.grid}>
              <TextField
                label="First name"
                required
                value={v.fname}
                onChange={(e) => set({ fname: e.currentTarget.value })}
                error={all.fname}
                autoComplete="off"
              />
              <TextField
                label="Last name"
                required
                value={v.lname}
                onChange={(e) => set({ lname: e.currentTarget.value })}
                error={all.lname}
                autoComplete="off"
              />
              <TextField
                label="Email"
                type="email"
                value={v.email}
                onChange={(e) => set({ email: e.currentTarget.value })}
                error={emailCheckError(emailCheck, all.email)}
                hint={emailCheck.state === "checking" ? "Checking…" : emailCheck.state === "available" ? "Available" : undefined}
                autoComplete="off"
              />
              <PhoneField label="Phone" value={v.phoneNumber} onValue={(phoneNumber) => set({ phoneNumber })} error={all.phoneNumber} />
              <Select
                label="Contact method"
                value={v.preferredContactMethod}
                onChange={(e) => set({ preferredContactMethod: e.currentTarget.value })}
                options={[
                  { value: "email", label: "Email" },
                  { value: "sms", label: "Email & Text" },
                ]}
              />
              <Select label="Time zone" value={v.timeZone} onChange={(e) => set({ timeZone: e.currentTarget.value })} options={TIME_ZONE_OPTIONS} />
            </div>
            {emailCheck.state === "taken" && emailCheck.takenBy ? (
              <Alert tone="danger">
                {USER_MESSAGES.emailExists}: it belongs to {emailCheck.takenBy.name}.
              </Alert>
            ) : null}
          </fieldset>

          <fieldset className={s.fieldset}>
            <legend className={s.legend}>{entityWord}</legend>
            <div className={s.grid}>
              <Select
                label={`${entityWord} type`}
                required
                placeholder="Choose a type"
                value={v.entityType}
                onChange={(e) => set({ entityType: e.currentTarget.value })}
                options={typeChoices}
                error={all.entityType}
              />
              <TextField
                label={`${entityWord} name`}
                required
                value={individual ? derivedName : v.entityName}
                readOnly={individual}
                hint={individual ? "From the names" : undefined}
                onChange={(e) => set({ entityName: e.currentTarget.value })}
                error={all.entityName}
                autoComplete="off"
              />
              <Select
                label="Assigned advisor"
                required
                value={v.assignedAdvisorId}
                onChange={(e) => set({ assignedAdvisorId: e.currentTarget.value })}
                options={[{ value: NO_ADVISOR, label: "None" }, ...options.advisors]}
                error={all.assignedAdvisorId}
              />
              {options.hasFirmGroups ? (
                <Select
                  label="Firm group"
                  required
                  placeholder="Choose a group"
                  value={v.firmGroupId}
                  disabled={!options.can.changeGroup}
                  onChange={(e) => set({ firmGroupId: e.currentTarget.value })}
                  options={options.groups}
                  error={all.firmGroupId}
                />
              ) : null}
            </div>
            {individual ? <Checkbox label="Has spouse" checked={v.hasSpouse} onChange={(e) => set({ hasSpouse: e.currentTarget.checked })} /> : null}
          </fieldset>

          {individual && v.hasSpouse ? (
            <fieldset className={s.fieldset}>
              <legend className={s.legend}>Spouse</legend>
              <div className={s.grid}>
                <TextField
                  label="Spouse first name"
                  required
                  value={v.spouseFname}
                  onChange={(e) => set({ spouseFname: e.currentTarget.value })}
                  error={all.spouseFname}
                  autoComplete="off"
                />
                <TextField
                  label="Spouse last name"
                  required
                  value={v.spouseLname}
                  onChange={(e) => set({ spouseLname: e.currentTarget.value })}
                  error={all.spouseLname}
                  autoComplete="off"
                />
                <TextField
                  label="Spouse email"
                  type="email"
                  value={v.spouseEmail}
                  onChange={(e) => set({ spouseEmail: e.currentTarget.value })}
                  error={emailCheckError(spouseCheck, all.spouseEmail)}
                  autoComplete="off"
                />
              </div>
            </fieldset>
          ) : null}
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmBlank}
        title="Blank Email Confirmation"
        message={USER_MESSAGES.blankEmailConfirm}
        confirmLabel="Proceed"
        onCancel={() => setConfirmBlank(false)}
        onConfirm={() => {
          setConfirmBlank(false);
          send(true);
        }}
      />
    </>
  );
}
