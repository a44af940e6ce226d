/**
 * Dialogs that act on several entities (the Entities table's selection) or one: Entity Tags
 * (add or remove, new tags created on the way), entity notification settings (advisors; their
 * own clients' entities are skipped when turning notifications off), and Notes on the entity view.
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import type { z } from "zod";
import { Alert, Button, Dialog, Switch, TextArea, TextField, useToast } from "~/components/ui";
import { formatDate } from "~/staff/format";
import { useVocabulary } from "~/vocabulary";
import { bulkTagsSchema, ENTITY_MESSAGES, NOTE_MAX, noteSchema, NOTIFICATION_TYPES, notificationsSchema, TAG_MAX } from "../entity-rules";
import * as s from "./entity-dialogs.css";
import { useEntityAction, useEntityFormAction, type FormValues } from "./entity-form";

/**
 * A conform form of these dialogs: checked with `schema` on submit, then posted as `intent` with
 * the values `build` gives (the form's hidden fields are only for the check). Nothing selected is
 * said with a toast, not on a field; the server's field messages come back onto the form.
 */
function useBulkEntityForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  intent: string,
  build: () => FormValues,
  { id, action, onSuccess, revalidateOnInput = false }: { id: string; action: string; onSuccess?: () => void; revalidateOnInput?: boolean },
) {
  const toast = useToast();
  const save = useEntityFormAction(action, onSuccess);
  const [form, fields] = useForm({
    id,
    lastResult: save.lastResult,
    shouldValidate: "onSubmit",
    ...(revalidateOnInput ? { shouldRevalidate: "onInput" as const } : {}),
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      const noSelection = submission?.status !== "success" ? submission?.error?.ids?.[0] : undefined;
      if (noSelection) toast.info(noSelection);
      if (submission?.status !== "success") return;
      save.send(submission, { intent, ...build() });
    },
  });
  return { form, fields, save };
}

export function EntityTagsDialog({
  open,
  onClose,
  action,
  ids,
  tags,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  action: string;
  ids: string[];
  tags: string[];
  onDone?: () => void;
}) {
  const t = useVocabulary();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("Entity Tags")}
      description={t(`${ids.length} selected ${ids.length === 1 ? "entity" : "entities"}`)}
      size="md"
    >
      <TagsForm onClose={onClose} action={action} ids={ids} tags={tags} onDone={onDone} />
    </Dialog>
  );
}

function TagsForm({ onClose, action, ids, tags, onDone }: { onClose: () => void; action: string; ids: string[]; tags: string[]; onDone?: () => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [typed, setTyped] = useState("");
  const [known, setKnown] = useState(tags);
  const removing = useRef(false);
  const exists = known.some((k) => k.toLowerCase() === typed.trim().toLowerCase());
  const toggle = (name: string) => setChosen((c) => (c.includes(name) ? c.filter((x) => x !== name) : [...c, name]));
  const addTyped = () => {
    const name = typed.trim();
    if (!name || exists) return;
    setKnown((k) => [...k, name].sort((a, b) => a.localeCompare(b)));
    setChosen((c) => [...c, name]);
    setTyped("");
  };
  const { form, fields, save } = useBulkEntityForm(bulkTagsSchema, "tags", () => ({ ids, tagNames: chosen, remove: removing.current ? "true" : "" }), {
    id: "entity-tags-form",
    action,
    onSuccess: () => {
      onDone?.();
      onClose();
    },
  });
  const tagNamesError = fields.tagNames.errors?.[0];
  return (
    <form {...getFormProps(form)} className={s.form}>
      {ids.map((id, i) => (
        <input key={id} type="hidden" name={`${fields.ids.name}[${i}]`} value={id} />
      ))}
      {chosen.map((name, i) => (
        <input key={name} type="hidden" name={`${fields.tagNames.name}[${i}]`} value={name} />
      ))}
      {ids.length === 0 ? <Alert tone="info">{ENTITY_MESSAGES.noSelection}</Alert> : null}
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Tags</legend>
        {known.length === 0 ? <p className={s.muted}>No tags yet: type one below.</p> : null}
        <div className={s.chips}>
          {known.map((name) => (
            <button key={name} type="button" className={s.chipButton} aria-pressed={chosen.includes(name)} onClick={() => toggle(name)}>
              {name}
            </button>
          ))}
        </div>
      </fieldset>
      <div className={s.tagRow}>
        <TextField
          label="New tag"
          value={typed}
          maxLength={TAG_MAX}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              addTyped();
            }
          }}
          error={typed.trim() && exists ? "Tag already exist" : undefined}
        />
        <Button variant="secondary" onClick={addTyped} disabled={!typed.trim() || exists}>
          Add Tag
        </Button>
      </div>
      {tagNamesError ? (
        <p className={s.muted} role="alert">
          {tagNamesError}
        </p>
      ) : null}
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        <Button variant="secondary" onClick={onClose} disabled={save.busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" onClick={() => (removing.current = true)} disabled={chosen.length === 0 || save.busy}>
          Remove tags
        </Button>
        <Button type="submit" onClick={() => (removing.current = false)} loading={save.busy} disabled={chosen.length === 0}>
          Add tags
        </Button>
      </div>
    </form>
  );
}

export function EntityNotificationsDialog({
  open,
  onClose,
  action,
  ids,
  current,
  locked,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  action: string;
  /** Entity ids (bulk); empty for the entity view, whose action knows its entity. */
  ids: string[];
  current: number[];
  /** The viewer is the assigned advisor of this entity's owners (single entity only). */
  locked?: boolean;
  onDone?: () => void;
}) {
  const t = useVocabulary();
  const bulk = ids.length > 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("Entity notification settings")}
      description={bulk ? t(`${ids.length} selected ${ids.length === 1 ? "entity" : "entities"}`) : "Which notifications you receive."}
      size="sm"
    >
      <NotificationsForm onClose={onClose} action={action} ids={ids} current={current} locked={locked} onDone={onDone} />
    </Dialog>
  );
}

function NotificationsForm({
  onClose,
  action,
  ids,
  current,
  locked,
  onDone,
}: {
  onClose: () => void;
  action: string;
  ids: string[];
  current: number[];
  locked?: boolean;
  onDone?: () => void;
}) {
  const t = useVocabulary();
  const [types, setTypes] = useState<number[]>(current);
  const bulk = ids.length > 0;
  const targets = bulk ? ids : ["current"];
  const { form, fields, save } = useBulkEntityForm(notificationsSchema, "notifications", () => ({ ids: targets, typeIds: types.map(String) }), {
    id: "entity-notifications-form",
    action,
    onSuccess: () => {
      onDone?.();
      onClose();
    },
  });
  return (
    <form {...getFormProps(form)} className={s.form}>
      {targets.map((id, i) => (
        <input key={id} type="hidden" name={`${fields.ids.name}[${i}]`} value={id} />
      ))}
      {types.map((id, i) => (
        <input key={id} type="hidden" name={`${fields.typeIds.name}[${i}]`} value={String(id)} />
      ))}
      {locked ? <Alert tone="info">{ENTITY_MESSAGES.advisorCannotDisable}</Alert> : null}
      {bulk ? <p className={s.muted}>{t("Entities of users assigned to you are skipped when you turn notifications off.")}</p> : null}
      <div className={s.form}>
        {NOTIFICATION_TYPES.map((type) => (
          <Switch
            key={type.id}
            label={t(type.label)}
            checked={types.includes(type.id)}
            disabled={locked}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setTypes((list) => (on ? [...list, type.id] : list.filter((x) => x !== type.id)));
            }}
          />
        ))}
      </div>
      <div className={s.actions} style={{ justifyContent: "flex-end" }}>
        <Button variant="secondary" onClick={onClose} disabled={save.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={save.busy} disabled={locked}>
          Save
        </Button>
      </div>
    </form>
  );
}

export interface NoteItem {
  id: string;
  text: string;
  createdAt: string;
  author: string;
}

/** Notes on the entity view: newest first, add and remove. */
export function EntityNotes({ action, notes, readOnly }: { action: string; notes: NoteItem[]; readOnly?: boolean }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useEntityAction(action, () => setRemoving(null));
  const {
    form,
    fields,
    save: add,
  } = useBulkEntityForm(noteSchema, "note-add", (): FormValues => ({ text: typeof fields.text.value === "string" ? fields.text.value : "" }), {
    id: "entity-note-form",
    action,
    onSuccess: (): void => form.reset(),
    revalidateOnInput: true,
  });
  const text = typeof fields.text.value === "string" ? fields.text.value : "";
  const { key: _key, ...textProps } = getTextareaProps(fields.text);
  return (
    <div className={s.form}>
      {readOnly ? null : (
        <form {...getFormProps(form)} className={s.form}>
          <TextArea {...textProps} key={fields.text.key} label="New note" rows={3} maxLength={NOTE_MAX} error={fields.text.errors?.[0]} />
          <div className={s.actions}>
            <Button type="submit" size="sm" loading={add.busy} disabled={!text.trim()}>
              Add note
            </Button>
          </div>
        </form>
      )}
      {notes.length === 0 ? (
        <p className={s.muted}>No notes yet.</p>
      ) : (
        <ul className={s.notes} aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id} className={s.note}>
              <p className={s.noteText}>{n.text}</p>
              <div className={s.noteMeta}>
                <span>
                  {n.author} · {formatDate(n.createdAt)}
                </span>
                {readOnly ? null : (
                  <Button variant="ghost" size="sm" aria-label={`Remove note from ${formatDate(n.createdAt)}`} onClick={() => setRemoving(n.id)}>
                    Remove
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove note?"
        description="The note is removed for everyone at your firm."
        size="sm"
        persistent={remove.busy}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)} disabled={remove.busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.busy} onClick={() => removing && remove.submit({ intent: "note-remove", id: removing })} data-autofocus>
              Remove
            </Button>
          </>
        }
      />
    </div>
  );
}
