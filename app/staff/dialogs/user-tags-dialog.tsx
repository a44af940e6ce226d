/**
 * User Tags (staff spec §2, §5 Tags, §7 POST /users/update_tags): add tags to and remove tags from
 * the users selected in the table. New tag names are created. Nothing selected: the info
 * 'No selected users or entities to update!'.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Alert, Badge, Button, Checkbox, Dialog, TextField } from "~/components/ui";
import { USER_MESSAGES, userTagsSchema } from "../user-rules";
import { useUserAction } from "./shared";
import * as s from "./dialogs.css";

export function UserTagsDialog({
  open,
  onClose,
  userIds,
  tags,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  userIds: string[];
  tags: { value: string; label: string }[];
  onDone?: () => void;
}) {
  if (!open) return null;
  return <UserTagsForm onClose={onClose} userIds={userIds} tags={tags} onDone={onDone} />;
}

function UserTagsForm({
  onClose,
  userIds,
  tags,
  onDone,
}: {
  onClose: () => void;
  userIds: string[];
  tags: { value: string; label: string }[];
  onDone?: () => void;
}) {
  const [mode, setMode] = useState<Record<string, "add" | "remove" | undefined>>({});
  const [created, setCreated] = useState<string[]>([]);
  const [newTag, setNewTag] = useState("");
  const action = useUserAction("/clients?index", () => {
    onDone?.();
    onClose();
  });
  const names = [...tags.map((t) => t.label), ...created];
  const trimmed = newTag.trim();
  const exists = names.some((n) => n.toLowerCase() === trimmed.toLowerCase());
  const add = names.filter((n) => mode[n] === "add");
  const remove = names.filter((n) => mode[n] === "remove");
  const toggle = (name: string, which: "add" | "remove", on: boolean) => setMode((m) => ({ ...m, [name]: on ? which : undefined }));
  const [form, fields] = useForm({
    id: "user-tags-form",
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userTagsSchema, disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success" || (!add.length && !remove.length)) return;
      action.submit({ intent: "tags", userIds, add, remove });
    },
  });
  const hidden = (name: string, values: string[]) =>
    values.map((value, i) => <input key={`${name}-${value}`} type="hidden" name={`${name}[${i}]`} value={value} />);

  return (
    <Dialog
      open
      onClose={onClose}
      title="User Tags"
      description={userIds.length ? `${userIds.length} selected user${userIds.length === 1 ? "" : "s"}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button type="submit" form={form.id} disabled={!userIds.length || (!add.length && !remove.length)} loading={action.busy}>
            Update
          </Button>
        </>
      }
    >
      <form {...getFormProps(form)}>
        {hidden(fields.userIds.name, userIds)}
        {hidden(fields.add.name, add)}
        {hidden(fields.remove.name, remove)}
      </form>
      {!userIds.length ? (
        <Alert tone="info">{USER_MESSAGES.noSelection}</Alert>
      ) : (
        <div className={s.stack}>
          <div className={s.tagRow}>
            <TextField
              label="New tag"
              value={newTag}
              onChange={(e) => setNewTag(e.currentTarget.value)}
              error={trimmed && exists ? "Tag already exist" : undefined}
              maxLength={60}
            />
            <Button
              variant="secondary"
              disabled={!trimmed || exists}
              onClick={() => {
                setCreated((c) => [...c, trimmed]);
                setMode((m) => ({ ...m, [trimmed]: "add" }));
                setNewTag("");
              }}
            >
              Add Tag
            </Button>
          </div>
          {names.length === 0 ? <p className={s.muted}>The firm has no client tags yet: add one above.</p> : null}
          <ul className={s.tagList} aria-label="Tags">
            {names.map((name) => (
              <li key={name} className={s.tagItem}>
                <Badge tone={mode[name] === "add" ? "success" : mode[name] === "remove" ? "danger" : "neutral"}>{name}</Badge>
                <span className={s.chips}>
                  <Checkbox
                    label="Add"
                    checked={mode[name] === "add"}
                    onChange={(e) => toggle(name, "add", e.currentTarget.checked)}
                    aria-label={`Add ${name}`}
                  />
                  <Checkbox
                    label="Remove"
                    checked={mode[name] === "remove"}
                    onChange={(e) => toggle(name, "remove", e.currentTarget.checked)}
                    aria-label={`Remove ${name}`}
                  />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
