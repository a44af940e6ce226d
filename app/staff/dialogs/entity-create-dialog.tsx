/**
 * New entity from the Entities page: Select User for new Entity (search by name or email), then
 * Create entity for selected user (type, name, EIN, emails, address). Individual is offered as
 * 'Individual (Not Allowed)' when the user already has an Individual entity. Usable from any page
 * that knows the user already: pass `user` to skip the selection step.
 */
import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Dialog, Select, Spinner, TextField } from "~/components/ui";
import { replyOptions } from "~/form-reply";
import { regionsOf, toCountry } from "~/profile/address";
import { inputProps, selectProps } from "~/profile/form-props";
import { useVocabulary } from "~/vocabulary";
import { addressLabels, createEntitySchema, entityTypeOptions, INDIVIDUAL, NEW_CUSTOM_TYPE } from "../entity-rules";
import * as s from "./entity-dialogs.css";
import { formValues, useEntityAction } from "./entity-form";
import { UserPicker, type UserSearchResult } from "./entity-owner-dialogs";

interface NewEntityFormData {
  user: { id: string; name: string; email: string | null };
  individualAllowed: boolean;
  customTypes: string[];
}

export function CreateEntityDialog({
  open,
  onClose,
  action,
  user,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  action: string;
  user?: UserSearchResult | null;
  onCreated?: (hashId: string) => void;
}) {
  const t = useVocabulary();
  const [picked, setPicked] = useState<UserSearchResult | null>(user ?? null);
  const [step, setStep] = useState<"select" | "create">(user ? "create" : "select");
  useEffect(() => {
    if (!open) {
      setPicked(user ?? null);
      setStep(user ? "create" : "select");
    }
  }, [open, user]);
  if (step === "select") {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title={t("Select User for new Entity")}
        size="md"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!picked} onClick={() => setStep("create")}>
              Continue
            </Button>
          </>
        }
      >
        <UserPicker selected={picked?.id ?? null} onSelect={setPicked} label={t("Find the entity's owner")} />
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("Create entity for selected user")}
      description={picked ? `${picked.name}${picked.email ? ` · ${picked.email}` : ""}` : undefined}
      size="lg"
    >
      {picked ? (
        <CreateForm
          action={action}
          userId={picked.id}
          userName={picked.name}
          onClose={onClose}
          onBack={user ? undefined : () => setStep("select")}
          onCreated={onCreated}
        />
      ) : null}
    </Dialog>
  );
}

function CreateForm({
  action,
  userId,
  userName,
  onClose,
  onBack,
  onCreated,
}: {
  action: string;
  userId: string;
  userName: string;
  onClose: () => void;
  onBack?: () => void;
  onCreated?: (hashId: string) => void;
}) {
  const t = useVocabulary();
  const info = useFetcher<NewEntityFormData>();
  useEffect(() => {
    info.load(`/api/entities/users?userId=${encodeURIComponent(userId)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const submitted = useRef<Submission<unknown> | null>(null);
  const create = useEntityAction(
    action,
    (data) => {
      onClose();
      if (typeof data.data?.hashId === "string") onCreated?.(data.data.hashId);
    },
    // The server's field messages (the same schema's) come back onto the form.
    (data) => {
      if (submitted.current && data.errors)
        setLastResult(submitted.current.reply(replyOptions({ error: data.message, errors: data.errors }, "Something went wrong")));
    },
  );
  const [form, fields] = useForm({
    id: "create-entity-form",
    lastResult,
    defaultValue: { country: "US" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createEntitySchema }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      submitted.current = submission;
      setLastResult(null);
      create.submit({ ...formValues(formData), intent: "create-entity", userId });
    },
  });
  const type = typeof fields.entityType.value === "string" ? fields.entityType.value : "";
  const country = toCountry(fields.country.value);
  const labels = addressLabels(country);
  const regions = Object.entries(regionsOf(country)).map(([code, label]) => ({ value: code, label }));

  if (!info.data) {
    return info.state === "idle" ? <Alert tone="danger">Something went wrong</Alert> : <Spinner label="Loading" />;
  }
  const types = entityTypeOptions(info.data.customTypes, { individualAllowed: info.data.individualAllowed });
  return (
    <form {...getFormProps(form)} className={s.form}>
      <input type="hidden" name="userId" value={userId} />
      <div className={s.pair}>
        <Select
          {...selectProps(fields.entityType)}
          key={fields.entityType.key}
          label={t("Entity type")}
          required
          placeholder="Choose a type"
          options={types}
          onChange={(e) => {
            // An Individual entity is named after its owner.
            if (e.currentTarget.value === INDIVIDUAL && !fields.name.value) form.update({ name: fields.name.name, value: userName });
          }}
          error={fields.entityType.errors?.[0]}
        />
        {type === NEW_CUSTOM_TYPE ? (
          <TextField
            {...inputProps(fields.customEntityType, { type: "text" })}
            key={fields.customEntityType.key}
            label={t("Custom entity type")}
            required
            maxLength={100}
            error={fields.customEntityType.errors?.[0]}
          />
        ) : (
          <TextField {...inputProps(fields.ein, { type: "text" })} key={fields.ein.key} label="EIN" maxLength={20} />
        )}
      </div>
      <TextField
        {...inputProps(fields.name, { type: "text" })}
        key={fields.name.key}
        label={t("Entity Name")}
        required
        maxLength={200}
        autoComplete="off"
        error={fields.name.errors?.[0]}
      />
      <div className={s.pair}>
        <TextField
          {...inputProps(fields.businessEmail, { type: "email" })}
          key={fields.businessEmail.key}
          label="Business email"
          error={fields.businessEmail.errors?.[0]}
        />
        <TextField
          {...inputProps(fields.otherEmail, { type: "email" })}
          key={fields.otherEmail.key}
          label="Other email"
          error={fields.otherEmail.errors?.[0]}
        />
      </div>
      <TextField {...inputProps(fields.street, { type: "text" })} key={fields.street.key} label="Street" />
      <div className={s.address}>
        <TextField {...inputProps(fields.city, { type: "text" })} key={fields.city.key} label="City" />
        <Select
          {...selectProps(fields.state)}
          key={`state-${country}-${fields.state.key}`}
          label={labels.region}
          placeholder={labels.chooseRegion}
          options={regions}
          error={fields.state.errors?.[0]}
        />
        <TextField
          {...inputProps(fields.zip, { type: "text" })}
          key={`zip-${country}-${fields.zip.key}`}
          label={labels.postalCode}
          error={fields.zip.errors?.[0]}
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
      />
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        {onBack ? (
          <Button variant="ghost" onClick={onBack} disabled={create.busy}>
            Back
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose} disabled={create.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={create.busy}>
          {t("Create entity")}
        </Button>
      </div>
    </form>
  );
}
