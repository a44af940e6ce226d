/**
 * New entity from the Entities page: Select User for new Entity (search by name or email), then
 * Create entity for selected user (type, name, EIN, emails, address). Individual is offered as
 * 'Individual (Not Allowed)' when the user already has an Individual entity. Usable from any page
 * that knows the user already: pass `user` to skip the selection step.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert, Button, Dialog, Select, Spinner, TextField } from "~/components/ui";
import { regionsOf, toCountry } from "~/profile/address";
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
  const create = useEntityAction(action, (data) => {
    onClose();
    if (typeof data.data?.hashId === "string") onCreated?.(data.data.hashId);
  });
  const [type, setType] = useState("");
  const [name, setName] = useState("");
  const [country, setCountry] = useState<"US" | "CA">("US");
  const labels = addressLabels(country);
  const regions = Object.entries(regionsOf(country)).map(([code, label]) => ({ value: code, label }));

  if (!info.data) {
    return info.state === "idle" ? <Alert tone="danger">Something went wrong</Alert> : <Spinner label="Loading" />;
  }
  const types = entityTypeOptions(info.data.customTypes, { individualAllowed: info.data.individualAllowed });
  return (
    <form
      className={s.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        create.submit({ ...formValues(e.currentTarget), intent: "create-entity", userId }, createEntitySchema);
      }}
    >
      <div className={s.pair}>
        <Select
          label={t("Entity type")}
          name="entityType"
          required
          placeholder="Choose a type"
          options={types}
          value={type}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setType(next);
            // An Individual entity is named after its owner.
            if (next === INDIVIDUAL && !name) setName(userName);
            create.clearError("entityType");
          }}
          error={create.errors.entityType}
        />
        {type === NEW_CUSTOM_TYPE ? (
          <TextField label={t("Custom entity type")} name="customEntityType" required maxLength={100} error={create.errors.customEntityType} />
        ) : (
          <TextField label="EIN" name="ein" maxLength={20} />
        )}
      </div>
      <TextField
        label={t("Entity Name")}
        name="name"
        required
        maxLength={200}
        autoComplete="off"
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          create.clearError("name");
        }}
        error={create.errors.name}
      />
      <div className={s.pair}>
        <TextField label="Business email" name="businessEmail" type="email" error={create.errors.businessEmail} />
        <TextField label="Other email" name="otherEmail" type="email" error={create.errors.otherEmail} />
      </div>
      <TextField label="Street" name="street" />
      <div className={s.address}>
        <TextField label="City" name="city" />
        <Select key={`state-${country}`} label={labels.region} name="state" placeholder={labels.chooseRegion} options={regions} error={create.errors.state} />
        <TextField key={`zip-${country}`} label={labels.postalCode} name="zip" error={create.errors.zip} />
      </div>
      <Select
        label="Country"
        name="country"
        value={country}
        onChange={(e) => setCountry(toCountry(e.currentTarget.value))}
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
