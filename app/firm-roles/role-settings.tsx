/** The Firm Roles settings page: add a role, and rename or delete each one. */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button, ConfirmDialog, EmptyState, TextField, useToast } from "~/components/ui";
import type { SettingsActionResult } from "~/firm-settings/form-action.server";
import * as s from "~/firm-settings/settings.css";
import { useVocabulary } from "~/vocabulary";
import { ROLE_NAME_MAX } from "./rules";

interface RoleRow {
  id: string;
  name: string;
  entityCount: number;
}

function useResult(fetcher: ReturnType<typeof useFetcher<SettingsActionResult>>, onOk?: () => void) {
  const toast = useToast();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onOk?.();
    } else if (Object.keys(fetcher.data.errors).length === 0) toast.error(fetcher.data.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  return fetcher.data && !fetcher.data.ok ? fetcher.data.errors : {};
}

export function FirmRoleSettings({ roles }: { roles: RoleRow[] }) {
  const t = useVocabulary();
  const adder = useFetcher<SettingsActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const addErrors = useResult(adder, () => form.current?.reset());
  const remover = useFetcher<SettingsActionResult>();
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  useResult(remover, () => setDeleting(null));

  return (
    <>
      <header className={s.header}>
        <div>
          <h1 className={s.title}>Firm Roles</h1>
          <p className={s.subtitle}>{t("Who does what for each entity: give roles to staff in Edit entity, or to many entities at once from Entities.")}</p>
        </div>
      </header>
      <adder.Form method="post" ref={form} className={s.inline} style={{ maxWidth: "56rem", marginBottom: 24 }}>
        <input type="hidden" name="intent" value="create" />
        <TextField label="New role" name="roleName" maxLength={ROLE_NAME_MAX} placeholder="e.g. Preparer" error={addErrors.roleName} required />
        <Button type="submit" loading={adder.state !== "idle"}>
          Add role
        </Button>
      </adder.Form>
      {roles.length === 0 ? (
        <EmptyState title="No firm roles yet" description="Add your first role above, e.g. Preparer or Reviewer." />
      ) : (
        <ul className={s.list} aria-label="Firm roles">
          {roles.map((role) => (
            <RoleItem key={role.id} role={role} onDelete={() => setDeleting(role)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ""}”?`}
        message={
          deleting && deleting.entityCount > 0
            ? t(`It is assigned on ${deleting.entityCount} ${deleting.entityCount === 1 ? "entity" : "entities"}; those assignments are removed.`)
            : t("It is not assigned on any entity.")
        }
        confirmLabel="Delete role"
        tone="danger"
        busy={remover.state !== "idle"}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remover.submit({ intent: "delete", id: deleting.id }, { method: "post" })}
      />
    </>
  );
}

function RoleItem({ role, onDelete }: { role: RoleRow; onDelete: () => void }) {
  const t = useVocabulary();
  const [editing, setEditing] = useState(false);
  const renamer = useFetcher<SettingsActionResult>();
  const errors = useResult(renamer, () => setEditing(false));
  return (
    <li className={s.row}>
      {editing ? (
        <renamer.Form method="post" className={s.inline} style={{ flex: 1 }}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={role.id} />
          <TextField
            label={`Rename ${role.name}`}
            name="roleName"
            defaultValue={role.name}
            maxLength={ROLE_NAME_MAX}
            error={errors.roleName}
            required
            autoFocus
          />
          <div className={s.rowActions}>
            <Button type="submit" size="sm" loading={renamer.state !== "idle"}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </renamer.Form>
      ) : (
        <>
          <div className={s.rowMain}>
            <strong>{role.name}</strong>
            <span className={s.muted}>{t(`Assigned on ${role.entityCount} ${role.entityCount === 1 ? "entity" : "entities"}`)}</span>
          </div>
          <div className={s.rowActions}>
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Rename ${role.name}`}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${role.name}`}>
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
