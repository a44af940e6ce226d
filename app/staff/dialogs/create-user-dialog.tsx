/**
 * Create User and Entity (staff spec §2 Clients page, §5 New client): the user, their first
 * entity and, for an Individual, optionally the spouse. Email availability is checked as it is
 * typed; creating without an email asks first (Blank Email Confirmation).
 */
import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Checkbox, ConfirmDialog, Dialog, Select, TextField } from "~/components/ui";
import { replyOptions } from "~/form-reply";
import { inputProps, selectProps } from "~/profile/form-props";
import { useVocabulary } from "~/vocabulary";
import { TIME_ZONES } from "~/time-zones";
import type { UserDialogOptions } from "../users.server";
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
  const [phoneNumber, setPhoneNumber] = useState("");
  const [confirmBlank, setConfirmBlank] = useState(false);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  /** The checked submission (its values, and `reply` for the server's field messages). */
  const submitted = useRef<{ submission: Submission<unknown>; values: Record<string, string> } | null>(null);
  const action = useUserAction("/clients?index", (reply) => {
    onCreated?.(String(reply.data?.userId ?? ""));
    onClose();
  });
  const [form, fields] = useForm({
    id: "create-user-form",
    lastResult,
    defaultValue: {
      preferredContactMethod: "email",
      assignedAdvisorId: NO_ADVISOR,
      firmGroupId: options.can.changeGroup ? "" : (options.viewerGroupId ?? ""),
      timeZone: options.firmTimeZone,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // As posted: the schema reads blank fields as blank (conform would make them undefined).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUserSchema({ hasFirmGroups: options.hasFirmGroups }), disableAutoCoercion: true }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      // The availability checks' answers block the save (their messages are on the fields).
      if (emailCheck.state === "taken" || spouseCheck.state === "taken") return;
      const values = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      submitted.current = { submission, values };
      if (!email.trim()) return setConfirmBlank(true);
      send(false);
    },
  });
  const value = (name: keyof typeof fields) => {
    const current = fields[name].value;
    return typeof current === "string" ? current : "";
  };
  const email = value("email");
  const individual = value("entityType") === INDIVIDUAL;
  const hasSpouse = individual && value("hasSpouse") === "on";
  const emailCheck = useEmailCheck(email);
  const spouseCheck = useEmailCheck(hasSpouse ? value("spouseEmail") : "");
  const derivedName = individual
    ? individualEntityName(value("fname"), value("lname"), hasSpouse ? { fname: value("spouseFname"), lname: value("spouseLname") } : null)
    : "";
  useEffect(() => {
    const reply = action.reply;
    if (!reply || reply.ok || !Object.keys(reply.fields).length || !submitted.current) return;
    // The server's field messages (the same schema's, or a taken email) come back onto the form.
    setLastResult(submitted.current.submission.reply(replyOptions({ error: reply.error, errors: reply.fields }, USER_MESSAGES.error)));
  }, [action.reply]);
  const typeChoices = entityTypeChoices(options.customEntityTypes, options.individualBlocked);

  const send = (confirmBlankEmail: boolean) => {
    if (!submitted.current) return;
    setLastResult(null);
    action.submit({ intent: "create", ...submitted.current.values, hasSpouse, confirmBlankEmail });
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
            <Button type="submit" form={form.id} loading={action.busy}>
              Create
            </Button>
          </>
        }
      >
        <form {...getFormProps(form)} className={s.form}>
          {action.reply && !action.reply.ok && !Object.keys(action.fields).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>User</legend>
            <div className={s.grid}>
              <TextField
                {...inputProps(fields.fname, { type: "text" })}
                key={fields.fname.key}
                label="First name"
                required
                error={fields.fname.errors?.[0]}
                autoComplete="off"
              />
              <TextField
                {...inputProps(fields.lname, { type: "text" })}
                key={fields.lname.key}
                label="Last name"
                required
                error={fields.lname.errors?.[0]}
                autoComplete="off"
              />
              <TextField
                {...inputProps(fields.email, { type: "email" })}
                key={fields.email.key}
                label="Email"
                error={emailCheckError(emailCheck, fields.email.errors?.[0])}
                hint={emailCheck.state === "checking" ? "Checking…" : emailCheck.state === "available" ? "Available" : undefined}
                autoComplete="off"
              />
              <PhoneField label="Phone" name={fields.phoneNumber.name} value={phoneNumber} onValue={setPhoneNumber} error={fields.phoneNumber.errors?.[0]} />
              <Select
                {...selectProps(fields.preferredContactMethod)}
                key={fields.preferredContactMethod.key}
                label="Contact method"
                options={[
                  { value: "email", label: "Email" },
                  { value: "sms", label: "Email & Text" },
                ]}
              />
              <Select {...selectProps(fields.timeZone)} key={fields.timeZone.key} label="Time zone" options={TIME_ZONE_OPTIONS} />
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
                {...selectProps(fields.entityType)}
                key={fields.entityType.key}
                label={`${entityWord} type`}
                required
                placeholder="Choose a type"
                options={typeChoices}
                error={fields.entityType.errors?.[0]}
              />
              {individual ? (
                // An Individual entity is named from the names (not posted: the server names it the same way).
                <TextField
                  key="derived-entity-name"
                  label={`${entityWord} name`}
                  required
                  value={derivedName}
                  readOnly
                  hint="From the names"
                  error={fields.entityName.errors?.[0]}
                  autoComplete="off"
                />
              ) : (
                <TextField
                  {...inputProps(fields.entityName, { type: "text" })}
                  key={`entity-name-${fields.entityName.key ?? ""}`}
                  label={`${entityWord} name`}
                  required
                  error={fields.entityName.errors?.[0]}
                  autoComplete="off"
                />
              )}
              <Select
                {...selectProps(fields.assignedAdvisorId)}
                key={fields.assignedAdvisorId.key}
                label={vocab("Assigned advisor")}
                required
                options={[{ value: NO_ADVISOR, label: "None" }, ...options.advisors]}
                error={fields.assignedAdvisorId.errors?.[0]}
              />
              {options.hasFirmGroups ? (
                <>
                  <Select
                    {...selectProps(fields.firmGroupId)}
                    key={fields.firmGroupId.key}
                    label="Firm group"
                    required
                    placeholder="Choose a group"
                    disabled={!options.can.changeGroup}
                    options={options.groups}
                    error={fields.firmGroupId.errors?.[0]}
                  />
                  {/* A disabled select posts nothing: the viewer's own group travels here. */}
                  {options.can.changeGroup ? null : <input type="hidden" name={fields.firmGroupId.name} value={options.viewerGroupId ?? ""} />}
                </>
              ) : null}
            </div>
            {individual ? <Checkbox {...inputProps(fields.hasSpouse, { type: "checkbox" })} key={fields.hasSpouse.key} label="Has spouse" /> : null}
          </fieldset>

          {hasSpouse ? (
            <fieldset className={s.fieldset}>
              <legend className={s.legend}>Spouse</legend>
              <div className={s.grid}>
                <TextField
                  {...inputProps(fields.spouseFname, { type: "text" })}
                  key={fields.spouseFname.key}
                  label="Spouse first name"
                  required
                  error={fields.spouseFname.errors?.[0]}
                  autoComplete="off"
                />
                <TextField
                  {...inputProps(fields.spouseLname, { type: "text" })}
                  key={fields.spouseLname.key}
                  label="Spouse last name"
                  required
                  error={fields.spouseLname.errors?.[0]}
                  autoComplete="off"
                />
                <TextField
                  {...inputProps(fields.spouseEmail, { type: "email" })}
                  key={fields.spouseEmail.key}
                  label="Spouse email"
                  error={emailCheckError(spouseCheck, fields.spouseEmail.errors?.[0])}
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
