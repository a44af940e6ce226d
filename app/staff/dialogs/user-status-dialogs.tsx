/**
 * Activate User, Deactivate User and Delete user (staff spec §4 User): activating needs a real
 * email and can include the user's inactive entities; deactivating locks the user's
 * questionnaires, removes scheduled ones and can deactivate the entities they are primary owner of.
 */
import { useState } from "react";
import { Alert, Button, Checkbox, Dialog } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { PERMISSION_MESSAGES } from "../permissions";
import { useUserAction } from "./shared";
import * as s from "./user-dialogs.css";

interface Target {
  id: string;
  name: string;
  hasRealEmail: boolean;
}

export function ActivateUserDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: Target }) {
  const vocab = useVocabulary();
  const [includeEntities, setIncludeEntities] = useState(false);
  const action = useUserAction(`/clients/${user.id}`, () => onClose());
  if (!open) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Activate User"
      description={user.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button disabled={!user.hasRealEmail} loading={action.busy} onClick={() => action.submit({ intent: "activate", includeEntities })}>
            Activate
          </Button>
        </>
      }
    >
      <div className={s.stack}>
        {user.hasRealEmail ? (
          <p className={s.muted}>The user can sign in and receive notifications again.</p>
        ) : (
          <Alert tone="warning">{PERMISSION_MESSAGES.emailRequiredToActivate}</Alert>
        )}
        <Checkbox
          label={`Also activate their inactive ${vocab("entities")}`}
          checked={includeEntities}
          onChange={(e) => setIncludeEntities(e.currentTarget.checked)}
          disabled={!user.hasRealEmail}
        />
      </div>
    </Dialog>
  );
}

export function DeactivateUserDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: Target }) {
  const vocab = useVocabulary();
  const [deactivateEntities, setDeactivateEntities] = useState(false);
  const action = useUserAction(`/clients/${user.id}`, () => onClose());
  if (!open) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Deactivate User"
      description={user.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button variant="danger" loading={action.busy} onClick={() => action.submit({ intent: "deactivate", deactivateEntities })}>
            Deactivate
          </Button>
        </>
      }
    >
      <div className={s.stack}>
        <p className={s.muted}>
          All of this user's {vocab("questionnaires")} will be locked and scheduled ones removed. They will no longer be able to sign in.
        </p>
        <Checkbox
          label={`Also deactivate all ${vocab("entities")} where this user is the primary owner`}
          checked={deactivateEntities}
          onChange={(e) => setDeactivateEntities(e.currentTarget.checked)}
        />
      </div>
    </Dialog>
  );
}

export function DeleteUserDialog({ open, onClose, user, onDeleted }: { open: boolean; onClose: () => void; user: Target; onDeleted?: () => void }) {
  const action = useUserAction(`/clients/${user.id}`, () => {
    onClose();
    onDeleted?.();
  });
  if (!open) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Delete user"
      description={user.name}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.busy}>
            Cancel
          </Button>
          <Button variant="danger" loading={action.busy} onClick={() => action.submit({ intent: "delete" })}>
            Delete
          </Button>
        </>
      }
    >
      <p className={s.muted}>The user is removed from the lists and signed out. You can restore them from Deleted users.</p>
    </Dialog>
  );
}
