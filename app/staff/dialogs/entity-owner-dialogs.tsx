/**
 * The entity's people: Add user as Owner (a new client user, or an existing one found by name or
 * email; the previous messages copied, transferred, or left behind), change the primary contact
 * (with the Update Entity Email prompt) and the spouse of an Individual entity.
 */
import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "~/components/data-table/state";
import { Button, Dialog, Select, Tabs, TextField } from "~/components/ui";
import { inputProps } from "~/profile/form-props";
import { useVocabulary } from "~/vocabulary";
import {
  addExistingOwnerSchema,
  addOwnerSchema,
  MESSAGE_HISTORY,
  MESSAGE_HISTORY_HINTS,
  MESSAGE_HISTORY_LABELS,
  type MessageHistory,
  primaryContactSchema,
  spouseSchema,
} from "../entity-rules";
import * as s from "./entity-dialogs.css";
import { formValues, useEntityFormAction } from "./entity-form";

export interface OwnerSummary {
  id: string;
  name: string;
  email: string | null;
  primary: boolean;
  active: boolean;
  hasRealEmail: boolean;
}

export interface UserSearchResult {
  id: string;
  name: string;
  email: string | null;
  active: boolean;
}

/** Users matching a typed name or email (300 ms debounce, non-empty term). */
export function useUserSearch(term: string) {
  const fetcher = useFetcher<{ users: UserSearchResult[] }>();
  useEffect(() => {
    const q = term.trim();
    if (!q) return;
    const timer = setTimeout(() => fetcher.load(`/api/entities/users?q=${encodeURIComponent(q)}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);
  return { users: term.trim() ? (fetcher.data?.users ?? []) : [], loading: fetcher.state === "loading" };
}

export function UserPicker({
  selected,
  onSelect,
  exclude = [],
  label = "Find a user",
}: {
  selected: string | null;
  onSelect: (u: UserSearchResult) => void;
  exclude?: string[];
  label?: string;
}) {
  const [term, setTerm] = useState("");
  const { users, loading } = useUserSearch(term);
  const list = users.filter((u) => !exclude.includes(u.id));
  return (
    <div className={s.form}>
      <TextField
        label={label}
        type="search"
        placeholder="Name or email"
        autoComplete="off"
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        // Enter searches; it does not add the picked user.
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
        hint={loading ? "Searching…" : undefined}
      />
      {term.trim() && !loading && list.length === 0 ? <p className={s.muted}>No users match.</p> : null}
      <ul className={s.results} aria-label="Users">
        {list.map((u) => (
          <li key={u.id}>
            <button type="button" className={s.result} aria-pressed={selected === u.id} onClick={() => onSelect(u)}>
              <span>{u.name}</span>
              <span className={s.resultMeta}>
                {u.email ?? "No email"}
                {u.active ? "" : " · Inactive"}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const historyOptions = MESSAGE_HISTORY.map((value) => ({ value, label: MESSAGE_HISTORY_LABELS[value] }));

export function AddOwnerDialog({ open, onClose, action, owners }: { open: boolean; onClose: () => void; action: string; owners: OwnerSummary[] }) {
  const t = useVocabulary();
  return (
    <Dialog open={open} onClose={onClose} title="Add user as Owner" description={t("The new owner can sign in and see this entity.")} size="md">
      <AddOwnerForm onClose={onClose} action={action} owners={owners} />
    </Dialog>
  );
}

function AddOwnerForm({ onClose, action, owners }: { onClose: () => void; action: string; owners: OwnerSummary[] }) {
  const [mode, setMode] = useState("new");
  const fresh = useEntityFormAction(action, onClose);
  const existing = useEntityFormAction(action, onClose);
  const [picked, setPicked] = useState<UserSearchResult | null>(null);
  const [history, setHistory] = useState<string>("transfer");
  const historySelect = (
    <Select
      label="Previous messages"
      name="messages"
      options={historyOptions}
      value={history}
      onChange={(e) => setHistory(e.currentTarget.value)}
      hint={MESSAGE_HISTORY_HINTS[history as MessageHistory]}
    />
  );

  const [newOwner, newFields] = useForm({
    id: "add-owner-form",
    lastResult: fresh.lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // As posted: the schema reads blank fields as blank (conform would make them undefined).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addOwnerSchema, disableAutoCoercion: true }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      fresh.send(submission, { ...formValues(formData), intent: "add-owner", messages: history });
    },
  });

  const newForm = (
    <form {...getFormProps(newOwner)} className={s.form}>
      <div className={s.pair}>
        <TextField
          {...inputProps(newFields.firstName, { type: "text" })}
          key={newFields.firstName.key}
          label="First name"
          required
          autoComplete="off"
          error={newFields.firstName.errors?.[0]}
        />
        <TextField
          {...inputProps(newFields.lastName, { type: "text" })}
          key={newFields.lastName.key}
          label="Last name"
          required
          autoComplete="off"
          error={newFields.lastName.errors?.[0]}
        />
      </div>
      <TextField
        {...inputProps(newFields.email, { type: "email" })}
        key={newFields.email.key}
        label="Email"
        required
        autoComplete="off"
        error={newFields.email.errors?.[0]}
      />
      <TextField
        {...inputProps(newFields.phoneNumber, { type: "tel" })}
        key={newFields.phoneNumber.key}
        label="Phone number"
        placeholder="(000) 000-0000"
        autoComplete="off"
        hint="An incomplete number is left blank."
      />
      {historySelect}
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        <Button variant="secondary" onClick={onClose} disabled={fresh.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={fresh.busy}>
          Add owner
        </Button>
      </div>
    </form>
  );

  const [existingOwner, existingFields] = useForm({
    id: "add-existing-owner-form",
    lastResult: existing.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addExistingOwnerSchema, disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success" || !picked) return;
      existing.send(submission, { intent: "add-existing-owner", userId: picked.id, messages: history });
    },
  });
  const userIdError = existingFields.userId.errors?.[0];

  const existingForm = (
    <form {...getFormProps(existingOwner)} className={s.form}>
      <input type="hidden" name={existingFields.userId.name} value={picked?.id ?? ""} />
      <UserPicker selected={picked?.id ?? null} onSelect={setPicked} exclude={owners.map((o) => o.id)} />
      {userIdError ? (
        <p className={s.muted} role="alert">
          {userIdError}
        </p>
      ) : null}
      {historySelect}
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        <Button variant="secondary" onClick={onClose} disabled={existing.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={existing.busy} disabled={!picked}>
          {picked ? `Add ${picked.name}` : "Add owner"}
        </Button>
      </div>
    </form>
  );

  return (
    <Tabs
      label="Owner"
      value={mode}
      onChange={setMode}
      tabs={[
        { id: "new", label: "New user", content: newForm },
        { id: "existing", label: "Existing user", content: existingForm },
      ]}
    />
  );
}

/**
 * Change the primary contact. When the new primary contact has an email different from the
 * entity's, the Update Entity Email prompt asks whether the entity's email should follow.
 */
export function PrimaryContactDialog({
  open,
  onClose,
  action,
  owners,
  entityEmail,
}: {
  open: boolean;
  onClose: () => void;
  action: string;
  owners: OwnerSummary[];
  entityEmail: string | null;
}) {
  const t = useVocabulary();
  const current = owners.find((o) => o.primary)?.id ?? "";
  const [userId, setUserId] = useState(current);
  const [prompt, setPrompt] = useState(false);
  const pending = useRef<Submission<unknown> | null>(null);
  const primary = useEntityFormAction(action, () => {
    setPrompt(false);
    onClose();
  });
  const chosen = owners.find((o) => o.id === userId);
  const needsPrompt = Boolean(chosen?.hasRealEmail && chosen.email !== entityEmail);
  const [form, fields] = useForm({
    id: "primary-contact-form",
    lastResult: primary.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: primaryContactSchema, disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      pending.current = submission;
      if (needsPrompt) setPrompt(true);
      else send(false);
    },
  });
  const send = (updateEntityEmail: boolean) => {
    if (pending.current) primary.send(pending.current, { intent: "primary", userId, updateEntityEmail: updateEntityEmail ? "on" : "" });
  };
  return (
    <>
      <Dialog
        open={open && !prompt}
        onClose={onClose}
        title="Change primary contact"
        description={t("The primary contact receives this entity's emails and owns its Individual return.")}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={primary.busy}>
              Cancel
            </Button>
            <Button type="submit" form={form.id} loading={primary.busy} disabled={!userId || userId === current}>
              Save
            </Button>
          </>
        }
      >
        <form {...getFormProps(form)}>
          <Select
            label="Primary contact"
            name={fields.userId.name}
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            error={fields.userId.errors?.[0]}
            options={owners.map((o) => ({ value: o.id, label: `${o.name}${o.email ? ` (${o.email})` : ""}${o.active ? "" : " · Inactive"}` }))}
          />
        </form>
      </Dialog>
      <UpdateEntityEmailPrompt
        open={open && prompt}
        email={chosen?.email ?? ""}
        busy={primary.busy}
        onAnswer={(update) => send(update)}
        onCancel={() => setPrompt(false)}
      />
    </>
  );
}

/** Update Entity Email prompt: use the (new) primary contact's email for the entity too? */
export function UpdateEntityEmailPrompt({
  open,
  email,
  busy,
  onAnswer,
  onCancel,
}: {
  open: boolean;
  email: string;
  busy: boolean;
  onAnswer: (update: boolean) => void;
  onCancel: () => void;
}) {
  const t = useVocabulary();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      persistent={busy}
      title={t("Update Entity Email")}
      description={t(`Do you also want to use ${email} as this entity's email address?`)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)} disabled={busy}>
            Keep current email
          </Button>
          <Button onClick={() => onAnswer(true)} loading={busy} data-autofocus>
            Update email
          </Button>
        </>
      }
    />
  );
}

export function SpouseDialog({
  open,
  onClose,
  action,
  spouse,
}: {
  open: boolean;
  onClose: () => void;
  action: string;
  spouse: { fname: string; lname: string; email: string | null; phoneNumber: string | null } | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={spouse ? "Edit spouse" : "Add spouse"}
      description="The spouse becomes an owner of this Individual return."
      size="md"
    >
      <SpouseForm onClose={onClose} action={action} spouse={spouse} />
    </Dialog>
  );
}

function SpouseForm({
  onClose,
  action,
  spouse,
}: {
  onClose: () => void;
  action: string;
  spouse: { fname: string; lname: string; email: string | null; phoneNumber: string | null } | null;
}) {
  const save = useEntityFormAction(action, onClose);
  const [form, fields] = useForm({
    id: "spouse-form",
    lastResult: save.lastResult,
    defaultValue: { firstName: spouse?.fname ?? "", lastName: spouse?.lname ?? "", email: spouse?.email ?? "", phoneNumber: spouse?.phoneNumber ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // As posted: the schema reads blank fields as blank (conform would make them undefined).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: spouseSchema, disableAutoCoercion: true }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      save.send(submission, { ...formValues(formData), intent: "spouse" });
    },
  });
  return (
    <form {...getFormProps(form)} className={s.form}>
      <div className={s.pair}>
        <TextField
          {...inputProps(fields.firstName, { type: "text" })}
          key={fields.firstName.key}
          label="First name"
          required
          error={fields.firstName.errors?.[0]}
        />
        <TextField
          {...inputProps(fields.lastName, { type: "text" })}
          key={fields.lastName.key}
          label="Last name"
          required
          error={fields.lastName.errors?.[0]}
        />
      </div>
      <TextField
        {...inputProps(fields.email, { type: "email" })}
        key={fields.email.key}
        label="Email"
        hint="Optional; must not belong to another user."
        error={fields.email.errors?.[0]}
      />
      <TextField {...inputProps(fields.phoneNumber, { type: "tel" })} key={fields.phoneNumber.key} label="Phone number" placeholder="(000) 000-0000" />
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        <Button variant="secondary" onClick={onClose} disabled={save.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={save.busy}>
          Save spouse
        </Button>
      </div>
    </form>
  );
}
