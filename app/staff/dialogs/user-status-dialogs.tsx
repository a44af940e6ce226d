/**
 * Activate User, Deactivate User and Delete user (staff spec §4 User): one confirmation dialog for
 * the three status changes. Activating needs a real email and can include the user's inactive
 * entities; deactivating locks the user's questionnaires, removes scheduled ones and can
 * deactivate the entities they are primary owner of; deleting hides and signs the user out.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import * as z from "zod";
import { Alert, Button, Checkbox, Dialog } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { PERMISSION_MESSAGES } from "../permissions";
import { activateUserSchema, deactivateUserSchema } from "../user-rules";
import { useUserAction } from "./shared";
import * as s from "./dialogs.css";

interface Target {
  id: string;
  name: string;
  hasRealEmail: boolean;
}

export type UserStatusChange = "activate" | "deactivate" | "delete";

type Vocab = ReturnType<typeof useVocabulary>;

/** Each change's texts, its option (a checkbox posted as `field`), and whether the user allows it. */
const CHANGES: Record<
  UserStatusChange,
  {
    title: string;
    confirm: string;
    danger: boolean;
    text: (user: Target, vocab: Vocab) => ReactNode;
    option?: { field: string; label: (vocab: Vocab) => string };
    allowed?: (user: Target) => boolean;
    schema: z.ZodType;
  }
> = {
  activate: {
    title: "Activate User",
    confirm: "Activate",
    danger: false,
    text: (user) =>
      user.hasRealEmail ? (
        <p className={s.muted}>The user can sign in and receive notifications again.</p>
      ) : (
        <Alert tone="warning">{PERMISSION_MESSAGES.emailRequiredToActivate}</Alert>
      ),
    option: { field: "includeEntities", label: (vocab) => `Also activate their inactive ${vocab("entities")}` },
    allowed: (user) => user.hasRealEmail,
    schema: activateUserSchema,
  },
  deactivate: {
    title: "Deactivate User",
    confirm: "Deactivate",
    danger: true,
    text: (_user, vocab) => (
      <p className={s.muted}>All of this user's {vocab("questionnaires")} will be locked and scheduled ones removed. They will no longer be able to sign in.</p>
    ),
    option: { field: "deactivateEntities", label: (vocab) => `Also deactivate all ${vocab("entities")} where this user is the primary owner` },
    schema: deactivateUserSchema,
  },
  delete: {
    title: "Delete user",
    confirm: "Delete",
    danger: true,
    text: () => <p className={s.muted}>The user is removed from the lists and signed out. You can restore them from Deleted users.</p>,
    schema: z.object({}),
  },
};

export function UserStatusDialog({
  change,
  open,
  onClose,
  user,
  onDone,
}: {
  change: UserStatusChange;
  open: boolean;
  onClose: () => void;
  user: Target;
  /** After the change succeeded (the dialog is closed first). */
  onDone?: () => void;
}) {
  const [option, setOption] = useState(false);
  const action = useUserAction(`/clients/${user.id}`, () => {
    onClose();
    onDone?.();
  });
  if (!open) return null;
  return <StatusForm change={change} user={user} option={option} setOption={setOption} onClose={onClose} action={action} />;
}

function StatusForm({
  change,
  user,
  option,
  setOption,
  onClose,
  action,
}: {
  change: UserStatusChange;
  user: Target;
  option: boolean;
  setOption: (on: boolean) => void;
  onClose: () => void;
  action: ReturnType<typeof useUserAction>;
}) {
  const vocab = useVocabulary();
  const c = CHANGES[change];
  const allowed = c.allowed?.(user) ?? true;
  const [form] = useForm({
    id: `user-${change}-form`,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: c.schema, disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success" || !allowed) return;
      action.submit({ intent: change, ...(c.option ? { [c.option.field]: option } : {}) });
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={c.title}
      description={user.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button type="submit" form={form.id} variant={c.danger ? "danger" : undefined} disabled={!allowed} loading={action.busy}>
            {c.confirm}
          </Button>
        </>
      }
    >
      <form {...getFormProps(form)}>
        {c.option ? (
          <div className={s.stack}>
            {c.text(user, vocab)}
            <Checkbox
              label={c.option.label(vocab)}
              name={c.option.field}
              checked={option}
              onChange={(e) => setOption(e.currentTarget.checked)}
              disabled={!allowed}
            />
          </div>
        ) : (
          c.text(user, vocab)
        )}
      </form>
    </Dialog>
  );
}
