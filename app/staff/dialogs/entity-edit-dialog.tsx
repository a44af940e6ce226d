/**
 * Edit entity (staff spec §2 "Entities page"): tabs Details, Settings and, when the firm uses
 * firm roles, Firm Roles. The values live in state so switching tabs keeps them; one Save posts
 * every tab (intent "edit", with the role assignments when the Firm Roles tab is there).
 */
import { useState } from "react";
import { Alert, Button, Checkbox, Dialog, Select, Switch, Tabs, TextField } from "~/components/ui";
import { regionsOf, toCountry } from "~/profile/address";
import { useVocabulary } from "~/vocabulary";
import { addressLabels, editEntitySchema, entityTypeOptions, NEW_CUSTOM_TYPE } from "../entity-rules";
import * as s from "./entity-dialogs.css";
import { useEntityAction, type FormValues } from "./entity-form";

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
  const [form, setForm] = useState<FormValues>(() => ({
    name: values.name,
    entityType: values.entityType,
    customEntityType: "",
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
    inactive: values.inactive ? "on" : "",
    readonlyAccess: values.readonlyAccess ? "on" : "",
  }));
  const [tab, setTab] = useState("details");
  const edit = useEntityAction(action, () => onClose());
  const [assigned, setAssigned] = useState<Set<string>>(() => new Set(firmRoles?.roles.flatMap((r) => r.userIds.map((u) => `${r.id}:${u}`)) ?? []));

  const value = (name: string) => String(form[name] ?? "");
  const set = (name: string, v: string) => {
    setForm((f) => ({ ...f, [name]: v }));
    edit.clearError(name);
  };
  const field = (name: string) => ({
    name,
    value: value(name),
    onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
    error: edit.errors[name],
  });
  const country = toCountry(value("country"));
  const labels = addressLabels(country);
  const regions = Object.entries(regionsOf(country)).map(([code, label]) => ({ value: code, label }));
  if (value("state") && !regions.some((r) => r.value === value("state"))) regions.unshift({ value: value("state"), label: value("state") });
  const types = entityTypeOptions(customTypes, { individualAllowed, current: values.entityType });

  const save = () => {
    const roles: FormValues = firmRoles ? { rolesIncluded: "1", assignment: [...assigned] } : {};
    const errors = edit.submit({ intent: "edit", ...form, ...roles }, editEntitySchema);
    // Show the tab holding the first problem.
    if (errors) setTab(Object.keys(errors).every((k) => k === "readonlyAccess" || k === "inactive") ? "settings" : "details");
  };
  const settingsError = edit.errors.readonlyAccess ?? edit.errors.inactive;

  const details = (
    <div className={s.form}>
      <TextField label={t("Entity Name")} required autoComplete="off" maxLength={200} {...field("name")} />
      <div className={s.pair}>
        <Select label={t("Entity type")} required options={types} {...field("entityType")} />
        {value("entityType") === NEW_CUSTOM_TYPE ? (
          <TextField label={t("Custom entity type")} required maxLength={100} {...field("customEntityType")} />
        ) : (
          <TextField label="EIN" maxLength={20} {...field("ein")} />
        )}
      </div>
      {value("entityType") === NEW_CUSTOM_TYPE ? <TextField label="EIN" maxLength={20} {...field("ein")} /> : null}
      <div className={s.pair}>
        <TextField label="Business email" type="email" autoComplete="off" {...field("businessEmail")} />
        <TextField label="Other email" type="email" autoComplete="off" {...field("otherEmail")} />
      </div>
      <TextField label="Street" {...field("street")} />
      <div className={s.address}>
        <TextField label="City" {...field("city")} />
        <Select label={labels.region} placeholder={labels.chooseRegion} options={regions} {...field("state")} />
        <TextField label={labels.postalCode} inputMode={country === "US" ? "numeric" : "text"} {...field("zip")} />
      </div>
      <Select
        label="Country"
        options={[
          { value: "US", label: "United States" },
          { value: "CA", label: "Canada" },
        ]}
        name="country"
        value={country}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setForm((f) => ({ ...f, country: next, state: "", zip: "" }));
        }}
      />
      <div className={s.pair}>
        {externalEntityIdAllowed ? <TextField label="External entity ID" maxLength={100} {...field("externalEntityId")} /> : null}
        <TextField label="Tax return ID" maxLength={100} hint="The return's id in your tax software" {...field("taxReturnId")} />
      </div>
    </div>
  );

  const settings = (
    <div className={s.form}>
      <Switch
        label="Inactive"
        description={t("Users cannot access an inactive entity.")}
        checked={value("inactive") === "on"}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setForm((f) => ({ ...f, inactive: on ? "on" : "", readonlyAccess: on ? "" : f.readonlyAccess }));
          edit.clearError("readonlyAccess");
        }}
      />
      <Switch
        label="Read-only"
        description={value("inactive") === "on" ? "Read-only can only be set while the entity is active." : t("Owners can view this entity but not change it.")}
        checked={value("readonlyAccess") === "on"}
        disabled={value("inactive") === "on"}
        onChange={(e) => set("readonlyAccess", e.currentTarget.checked ? "on" : "")}
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

  const hasDetailError = Object.keys(edit.errors).some((k) => k !== "readonlyAccess" && k !== "inactive" && edit.errors[k]);
  return (
    <form
      className={s.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Tabs
        label={t("Edit entity")}
        value={tab}
        onChange={setTab}
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
