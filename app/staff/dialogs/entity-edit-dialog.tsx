/**
 * Edit entity (staff spec §2 "Entities page"): tabs Details, Settings and, when the firm uses
 * firm roles, Firm Roles. Every tab stays in the form so switching tabs keeps the values; one Save posts
 * every tab (intent "edit", with the role assignments when the Firm Roles tab is there).
 */
import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { Alert, Button, Checkbox, Dialog, Select, Switch, Tabs, TextField } from "~/components/ui";
import { replyOptions } from "~/form-reply";
import { regionsOf, toCountry } from "~/profile/address";
import { inputProps, selectProps } from "~/profile/form-props";
import { useVocabulary } from "~/vocabulary";
import { addressLabels, editEntitySchema, entityTypeOptions, NEW_CUSTOM_TYPE } from "../entity-rules";
import * as s from "./entity-dialogs.css";
import { formValues, useEntityAction, type FormValues } from "./entity-form";

export interface EntityEditorValues {
  name: string;
  entityType: string;
  ein: string | null;
  businessEmail: string | null;
  otherEmail: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  externalEntityId: string | null;
  taxReturnId: string | null;
  inactive: boolean;
  readonlyAccess: boolean;
}

export interface EntityFirmRoles {
  roles: { id: string; name: string; userIds: string[] }[];
  staff: { id: string; name: string }[];
}

export interface EntityEditDialogProps {
  open: boolean;
  onClose: () => void;
  action: string;
  values: EntityEditorValues;
  customTypes: string[];
  individualAllowed: boolean;
  externalEntityIdAllowed: boolean;
  firmRoles: EntityFirmRoles | null;
}

const text = (v: string | null | undefined) => v ?? "";

export function EntityEditDialog(props: EntityEditDialogProps) {
  const t = useVocabulary();
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t("Edit entity")} size="lg">
      <EditForm {...props} />
    </Dialog>
  );
}

function EditForm({ onClose, action, values, customTypes, individualAllowed, externalEntityIdAllowed, firmRoles }: EntityEditDialogProps) {
  const t = useVocabulary();
  const [tab, setTab] = useState("details");
  // The two switches depend on each other (an inactive entity can't be read-only).
  const [inactive, setInactive] = useState(values.inactive);
  const [readonlyAccess, setReadonlyAccess] = useState(values.readonlyAccess);
  const [assigned, setAssigned] = useState<Set<string>>(() => new Set(firmRoles?.roles.flatMap((r) => r.userIds.map((u) => `${r.id}:${u}`)) ?? []));
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const submitted = useRef<Submission<unknown> | null>(null);
  const edit = useEntityAction(
    action,
    () => onClose(),
    // The server's field messages (the same schema's) come back onto the form.
    (data) => {
      if (submitted.current && data.errors)
        setLastResult(submitted.current.reply(replyOptions({ error: data.message, errors: data.errors }, "Something went wrong")));
    },
  );
  const [form, fields] = useForm({
    id: "edit-entity-form",
    lastResult,
    defaultValue: {
      name: values.name,
      entityType: values.entityType,
      ein: text(values.ein),
      businessEmail: text(values.businessEmail),
      otherEmail: text(values.otherEmail),
      street: text(values.street),
      city: text(values.city),
      state: text(values.state),
      zip: text(values.zip),
      country: toCountry(values.country),
      externalEntityId: text(values.externalEntityId),
      taxReturnId: text(values.taxReturnId),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editEntitySchema }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") {
        // Show the tab holding the first problem.
        const problems = Object.keys(submission?.error ?? {}).filter((k) => submission?.error?.[k]?.length);
        if (problems.length) setTab(problems.every((k) => k === "readonlyAccess" || k === "inactive") ? "settings" : "details");
        return;
      }
      submitted.current = submission;
      setLastResult(null);
      const roles: FormValues = firmRoles ? { rolesIncluded: "1", assignment: [...assigned] } : {};
      edit.submit({ intent: "edit", ...formValues(formData), ...roles });
    },
  });
  const value = (name: keyof typeof fields) => {
    const current = fields[name].value;
    return typeof current === "string" ? current : "";
  };
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];
  const country = toCountry(value("country"));
  const labels = addressLabels(country);
  const regions = Object.entries(regionsOf(country)).map(([code, label]) => ({ value: code, label }));
  if (value("state") && !regions.some((r) => r.value === value("state"))) regions.unshift({ value: value("state"), label: value("state") });
  const types = entityTypeOptions(customTypes, { individualAllowed, current: values.entityType });
  const customType = value("entityType") === NEW_CUSTOM_TYPE;
  const ein = <TextField {...inputProps(fields.ein, { type: "text" })} key={fields.ein.key} label="EIN" maxLength={20} error={error("ein")} />;

  const details = (
    <div className={s.form}>
      <TextField
        {...inputProps(fields.name, { type: "text" })}
        key={fields.name.key}
        label={t("Entity Name")}
        required
        autoComplete="off"
        maxLength={200}
        error={error("name")}
      />
      <div className={s.pair}>
        <Select {...selectProps(fields.entityType)} key={fields.entityType.key} label={t("Entity type")} required options={types} error={error("entityType")} />
        {customType ? (
          <TextField
            {...inputProps(fields.customEntityType, { type: "text" })}
            key={fields.customEntityType.key}
            label={t("Custom entity type")}
            required
            maxLength={100}
            error={error("customEntityType")}
          />
        ) : (
          ein
        )}
      </div>
      {customType ? ein : null}
      <div className={s.pair}>
        <TextField
          {...inputProps(fields.businessEmail, { type: "email" })}
          key={fields.businessEmail.key}
          label="Business email"
          autoComplete="off"
          error={error("businessEmail")}
        />
        <TextField
          {...inputProps(fields.otherEmail, { type: "email" })}
          key={fields.otherEmail.key}
          label="Other email"
          autoComplete="off"
          error={error("otherEmail")}
        />
      </div>
      <TextField {...inputProps(fields.street, { type: "text" })} key={fields.street.key} label="Street" error={error("street")} />
      <div className={s.address}>
        <TextField {...inputProps(fields.city, { type: "text" })} key={fields.city.key} label="City" error={error("city")} />
        <Select
          {...selectProps(fields.state)}
          key={`state-${fields.state.key ?? ""}`}
          label={labels.region}
          placeholder={labels.chooseRegion}
          options={regions}
          error={error("state")}
        />
        <TextField
          {...inputProps(fields.zip, { type: "text" })}
          key={`zip-${fields.zip.key ?? ""}`}
          label={labels.postalCode}
          inputMode={country === "US" ? "numeric" : "text"}
          error={error("zip")}
        />
      </div>
      <Select
        {...selectProps(fields.country)}
        key={fields.country.key}
        label="Country"
        options={[
          { value: "US", label: "United States" },
          { value: "CA", label: "Canada" },
        ]}
        onChange={() => {
          // Another country's regions and postal codes: both start again.
          form.update({ name: fields.state.name, value: "" });
          form.update({ name: fields.zip.name, value: "" });
        }}
      />
      <div className={s.pair}>
        {externalEntityIdAllowed ? (
          <TextField
            {...inputProps(fields.externalEntityId, { type: "text" })}
            key={fields.externalEntityId.key}
            label={t("External entity ID")}
            maxLength={100}
            error={error("externalEntityId")}
          />
        ) : null}
        <TextField
          {...inputProps(fields.taxReturnId, { type: "text" })}
          key={fields.taxReturnId.key}
          label="Tax return ID"
          maxLength={100}
          hint="The return's id in your tax software"
          error={error("taxReturnId")}
        />
      </div>
    </div>
  );

  const settingsError = error("readonlyAccess") ?? error("inactive");
  const settings = (
    <div className={s.form}>
      <Switch
        label="Inactive"
        name={fields.inactive.name}
        description={t("Users cannot access an inactive entity.")}
        checked={inactive}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setInactive(on);
          if (on) setReadonlyAccess(false);
        }}
      />
      <Switch
        label="Read-only"
        name={fields.readonlyAccess.name}
        description={inactive ? "Read-only can only be set while the entity is active." : t("Owners can view this entity but not change it.")}
        checked={readonlyAccess}
        disabled={inactive}
        onChange={(e) => setReadonlyAccess(e.currentTarget.checked)}
      />
      {settingsError ? <Alert tone="danger">{settingsError}</Alert> : null}
    </div>
  );

  const rolesTab = firmRoles ? (
    <div className={s.form}>
      {firmRoles.roles.length === 0 ? <p className={s.muted}>Your firm has no roles yet. Partners and admins add them under Firm Roles.</p> : null}
      {firmRoles.roles.map((role) => (
        <fieldset key={role.id} className={s.fieldset}>
          <legend className={s.legend}>{role.name}</legend>
          <div className={s.scrollList}>
            {firmRoles.staff.map((member) => {
              const key = `${role.id}:${member.id}`;
              return (
                <Checkbox
                  key={key}
                  label={member.name}
                  checked={assigned.has(key)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setAssigned((prev) => {
                      const next = new Set(prev);
                      if (on) next.add(key);
                      else next.delete(key);
                      return next;
                    });
                  }}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  ) : null;

  const hasDetailError = Object.entries(form.allErrors).some(([k, messages]) => k !== "readonlyAccess" && k !== "inactive" && messages.length > 0);
  return (
    <form {...getFormProps(form)} className={s.form}>
      <Tabs
        label={t("Edit entity")}
        value={tab}
        onChange={setTab}
        keepMounted
        tabs={[
          { id: "details", label: hasDetailError ? "Details •" : "Details", content: details },
          { id: "settings", label: settingsError ? "Settings •" : "Settings", content: settings },
          ...(rolesTab ? [{ id: "roles", label: "Firm Roles", content: rolesTab }] : []),
        ]}
      />
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        <Button variant="secondary" onClick={onClose} disabled={edit.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={edit.busy} loadingLabel="Saving…">
          Save
        </Button>
      </div>
    </form>
  );
}
