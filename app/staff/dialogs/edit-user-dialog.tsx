/**
 * Edit user (staff spec §5 Edit user): Details (names, email, phones, contact method, time zone,
 * external id) and Settings (firm group, assigned advisor, read-only). Group-access staff can't
 * change the group; only partner or full users the advisor, with a warning that it applies to all
 * the user's entities. Email removal follows the sign-in method rules.
 */
import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Dialog, Select, Switch, Tabs, TextField } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { replyOptions } from "~/form-reply";
import { inputProps, selectProps } from "~/profile/form-props";
import { TIME_ZONES } from "~/time-zones";
import { emailRemovalOffered } from "../permissions";
import type { UserDialogOptions } from "../users.server";
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
  const t = useVocabulary();
  const [tab, setTab] = useState("details");
  // The masked phones are kept here (each keystroke is masked); they post under their names.
  const [phoneNumber, setPhoneNumber] = useState(maskPhone(user.phoneNumber));
  const [workPhoneNumber, setWorkPhoneNumber] = useState(maskPhone(user.workPhoneNumber));
  // The email when the dialog opened (the page's data already has the new one when the save lands).
  const [before] = useState(user.hasTempEmail ? "" : (user.email ?? ""));
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const submitted = useRef<{ submission: Submission<unknown>; email: string } | null>(null);
  const action = useUserAction(`/clients/${user.id}`, () => {
    const email = submitted.current?.email ?? "";
    onClose();
    if (email && email.toLowerCase() !== before.toLowerCase()) onEmailChanged?.(email);
  });
  const removable = emailRemovalOffered(user);
  const emailSignIn = user.preferredSignInMethod === "email";
  // The sign-in method's contact can't be removed (checked with the shared rules).
  const schema = editUserSchema.superRefine((value, issue) => {
    if (user.email && !user.hasTempEmail && !value.email && emailSignIn)
      issue.addIssue({ code: "custom", path: ["email"], message: "Cannot remove email when it is the preferred sign-in method" });
    if (user.phoneNumber && !value.phoneNumber && user.preferredSignInMethod === "sms")
      issue.addIssue({ code: "custom", path: ["phoneNumber"], message: "Cannot remove phone number when SMS is the preferred sign-in method" });
  });
  const [form, fields] = useForm({
    id: "edit-user-form",
    lastResult,
    defaultValue: {
      fname: user.fname,
      lname: user.lname,
      preferredName: user.preferredName ?? "",
      email: before,
      workPhoneExtension: user.workPhoneExtension ?? "",
      preferredContactMethod: user.preferredContactMethod,
      externalUserId: user.externalUserId ?? "",
      timeZone: user.timeZone,
      firmGroupId: user.firmGroupId ?? "",
      assignedAdvisorId: user.assignedAdvisorId ?? NO_ADVISOR,
      readonlyAccess: user.readonlyAccess ? "on" : "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // As posted: the schema reads blank fields as blank (conform would make them undefined).
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      const failed: Record<string, string[] | null> = (submission?.status === "error" ? submission.error : null) ?? {};
      const problems = Object.keys(failed).filter((k) => failed[k]?.length);
      if (emailCheck.state === "taken") problems.push("email");
      if (submission?.status !== "success" || problems.length) {
        // Show the tab holding a problem.
        setTab(problems.some((k) => k === "firmGroupId" || k === "assignedAdvisorId" || k === "readonlyAccess") ? "settings" : "details");
        return;
      }
      const values = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      submitted.current = { submission, email: (values.email ?? "").trim() };
      setLastResult(null);
      action.submit({ intent: "edit", ...values, readonlyAccess: values.readonlyAccess === "on" });
    },
  });
  const value = (name: keyof typeof fields) => {
    const current = fields[name].value;
    return typeof current === "string" ? current : "";
  };
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];
  const email = value("email");
  const emailCheck = useEmailCheck(email, user.id, user.hasTempEmail ? "" : user.email);
  useEffect(() => {
    const reply = action.reply;
    if (!reply || reply.ok || !Object.keys(reply.fields).length || !submitted.current) return;
    // The server's field messages (the same schema's, or a taken email) come back onto the form.
    setLastResult(submitted.current.submission.reply(replyOptions({ error: reply.error, errors: reply.fields }, USER_MESSAGES.error)));
  }, [action.reply]);
  const advisorChanged = (value("assignedAdvisorId") === NO_ADVISOR ? null : value("assignedAdvisorId")) !== user.assignedAdvisorId;

  const details = (
    <div className={s.stack}>
      <div className={s.grid}>
        <TextField {...inputProps(fields.fname, { type: "text" })} key={fields.fname.key} label="First name" required error={error("fname")} />
        <TextField {...inputProps(fields.lname, { type: "text" })} key={fields.lname.key} label="Last name" required error={error("lname")} />
        <TextField
          {...inputProps(fields.preferredName, { type: "text" })}
          key={fields.preferredName.key}
          label="Preferred name"
          error={error("preferredName")}
        />
        <TextField
          {...inputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          label="Email"
          error={emailCheckError(emailCheck, error("email"))}
          hint={user.hasTempEmail ? "This user has a placeholder email." : undefined}
        />
      </div>
      {removable ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            disabled={emailSignIn || !email}
            onClick={() => form.update({ name: fields.email.name, value: "" })}
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
        <PhoneField label="Phone" name={fields.phoneNumber.name} value={phoneNumber} onValue={setPhoneNumber} error={error("phoneNumber")} />
        <PhoneField
          label="Work phone"
          name={fields.workPhoneNumber.name}
          value={workPhoneNumber}
          onValue={setWorkPhoneNumber}
          error={error("workPhoneNumber")}
        />
        <TextField
          {...inputProps(fields.workPhoneExtension, { type: "text" })}
          key={fields.workPhoneExtension.key}
          label="Extension"
          inputMode="numeric"
          error={error("workPhoneExtension")}
        />
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
        {options.externalUserIdAllowed ? (
          <TextField
            {...inputProps(fields.externalUserId, { type: "text" })}
            key={fields.externalUserId.key}
            label="External user id"
            error={error("externalUserId")}
          />
        ) : null}
      </div>
    </div>
  );

  const settings = (
    <div className={s.stack}>
      {options.hasFirmGroups ? (
        <Select
          {...selectProps(fields.firmGroupId)}
          key={fields.firmGroupId.key}
          label="Firm group"
          disabled={!options.can.changeGroup}
          hint={options.can.changeGroup ? undefined : "Group access users can't change the firm group."}
          placeholder="No group"
          options={options.groups}
          error={error("firmGroupId")}
        />
      ) : null}
      <Select
        {...selectProps(fields.assignedAdvisorId)}
        key={fields.assignedAdvisorId.key}
        label={t("Assigned advisor")}
        disabled={!options.can.changeAdvisor}
        hint={options.can.changeAdvisor ? undefined : "Only partner or full access users can change the assigned firm user."}
        options={[{ value: NO_ADVISOR, label: "None" }, ...options.advisors]}
        error={error("assignedAdvisorId")}
      />
      {advisorChanged ? <Alert tone="warning">{USER_MESSAGES.advisorWarning}</Alert> : null}
      <Switch
        label="Read-only access"
        description={
          user.active
            ? "The user can sign in and view documents, but not upload, answer, edit their profile or message."
            : "The read-only flag can only be set on active users."
        }
        {...inputProps(fields.readonlyAccess, { type: "checkbox" })}
        key={fields.readonlyAccess.key}
        disabled={!user.active}
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
          <Button type="submit" form={form.id} loading={action.busy}>
            Save
          </Button>
        </>
      }
    >
      <form {...getFormProps(form)} className={s.form}>
        {action.reply && !action.reply.ok && !Object.keys(action.fields).length ? <Alert tone="danger">{action.reply.error}</Alert> : null}
        <Tabs
          label="Edit user"
          value={tab}
          onChange={setTab}
          keepMounted
          tabs={[
            { id: "details", label: "Details", content: details },
            { id: "settings", label: "Settings", content: settings },
          ]}
        />
      </form>
    </Dialog>
  );
}
