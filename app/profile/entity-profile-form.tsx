import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Select, TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { useVocabulary } from "~/vocabulary";
import { AddressFields } from "./address-fields";
import type { EntityProfile } from "./entity-profile.server";
import { inputProps } from "./form-props";
import { entityProfileSchema, PROFILE_MESSAGES, type ProfileActionData } from "./profile-schema";
import * as s from "./profile.css";

export interface EntityProfileSectionProps {
  entities: { hashId: string; name: string }[];
  selected: EntityProfile;
  actionData?: ProfileActionData;
  saving: boolean;
  /** The user is read-only: nothing can be saved. */
  readOnlyUser: boolean;
  /** An advisor previewing a client: shown, never editable (advisors cannot edit it). */
  preview?: boolean;
}

/** The selected entity's contact details and address, with 'Save Information'. */
export function EntityProfileSection({ entities, selected, actionData, saving, readOnlyUser, preview = false }: EntityProfileSectionProps) {
  const t = useVocabulary();
  const toast = useToast();
  const mine = actionData?.intent === "entity" ? actionData : undefined;
  useEffect(() => {
    if (mine?.saved) toast.success();
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mine]);

  return (
    <Card title={t("Entity profile")} description={`Contact details and address your firm keeps for this ${t("entity")}.`}>
      {entities.length > 1 ? (
        <Form method="get" className={s.entityPicker}>
          <Select
            label={t("Entity")}
            name="entity"
            defaultValue={selected.hashId}
            options={entities.map((e) => ({ value: e.hashId, label: e.name }))}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          />
          <noscript>
            <Button type="submit" variant="secondary">
              Show
            </Button>
          </noscript>
        </Form>
      ) : null}
      <EntityProfileForm
        key={`${selected.hashId}-${selected.version}`}
        entity={selected}
        lastResult={mine && !mine.saved ? mine.result : null}
        saving={saving}
        locked={preview || readOnlyUser || selected.readOnly}
        readOnlyEntity={selected.readOnly && !readOnlyUser && !preview}
        showName={entities.length <= 1}
        justSaved={Boolean(mine?.saved)}
      />
    </Card>
  );
}

function EntityProfileForm({
  entity,
  lastResult,
  saving,
  locked,
  readOnlyEntity,
  showName,
  justSaved,
}: {
  entity: EntityProfile;
  lastResult: SubmissionResult<string[]> | null;
  saving: boolean;
  locked: boolean;
  readOnlyEntity: boolean;
  showName: boolean;
  /** Mounted with the saved values: focus goes back to 'Save Information'. */
  justSaved: boolean;
}) {
  const t = useVocabulary();
  const submit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (justSaved) submit.current?.focus({ preventScroll: true });
    // On mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [form, fields] = useForm({
    id: "entity-profile",
    lastResult,
    defaultValue: {
      intent: "entity",
      entity: entity.hashId,
      businessEmail: entity.businessEmail,
      otherEmail: entity.otherEmail,
      street: entity.street,
      city: entity.city,
      state: entity.state,
      zip: entity.zip,
      country: entity.country,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: entityProfileSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form}>
      <input type="hidden" name="intent" value="entity" />
      <input type="hidden" name="entity" value={entity.hashId} />
      {showName ? <p className={s.entityName}>{entity.name}</p> : null}
      {readOnlyEntity ? <Alert tone="warning">{t(PROFILE_MESSAGES.readOnlyEntity)}</Alert> : null}
      {form.errors?.length ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
      <fieldset disabled={locked || saving} className={s.fieldset}>
        <legend className={s.legend}>Email</legend>
        <div className={s.twoColumns}>
          <TextField
            {...inputProps(fields.businessEmail, { type: "email" })}
            key={fields.businessEmail.key}
            label={t("Entity email")}
            autoComplete="off"
            error={fields.businessEmail.errors?.[0]}
          />
          <TextField
            {...inputProps(fields.otherEmail, { type: "email" })}
            key={fields.otherEmail.key}
            label="Other email"
            autoComplete="off"
            error={fields.otherEmail.errors?.[0]}
          />
        </div>
      </fieldset>
      <fieldset disabled={locked || saving} className={s.fieldset}>
        <legend className={s.legend}>Address</legend>
        <AddressFields fields={fields} />
      </fieldset>
      <div className={s.actions}>
        <Button ref={submit} type="submit" variant="primary" loading={saving} disabled={locked}>
          Save Information
        </Button>
      </div>
    </Form>
  );
}
