/** Entities table → Assign role: one firm role to one staff member on the selected entities. */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button, Dialog, Select, useToast, type SelectOption } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { FirmRoleColumn } from "./rules";

type Result = { ok: true; message: string; count: number } | { ok: false; error: string; errors?: Record<string, string> };

export function AssignRoleDialog({
  open,
  entityIds,
  roles,
  staff,
  onClose,
  onDone,
}: {
  open: boolean;
  entityIds: string[];
  roles: FirmRoleColumn[];
  staff: SelectOption[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useVocabulary();
  const toast = useToast();
  const fetcher = useFetcher<Result>();
  const [roleId, setRoleId] = useState("");
  const [userId, setUserId] = useState("");
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onDone?.();
      onClose();
    } else if (!fetcher.data.errors) toast.error(fetcher.data.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      persistent={busy}
      size="sm"
      title="Assign role"
      description={t(`Give a firm role to a staff member on ${entityIds.length} selected ${entityIds.length === 1 ? "entity" : "entities"}.`)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={() =>
              fetcher.submit({ roleId, userId, entityIds } as never, { method: "post", action: "/api/staff/firm-roles/assign", encType: "application/json" })
            }
          >
            Assign role
          </Button>
        </>
      }
    >
      <div style={{ display: "grid", gap: 16 }}>
        {roles.length === 0 ? <p style={{ margin: 0 }}>Your firm has no roles yet. Partners and admins add them under Firm Roles.</p> : null}
        <Select
          label="Role"
          value={roleId}
          onChange={(e) => setRoleId(e.currentTarget.value)}
          placeholder="Choose a role"
          options={roles.map((r) => ({ value: r.id, label: r.name }))}
          error={errors.roleId}
        />
        <Select
          label="Staff member"
          value={userId}
          onChange={(e) => setUserId(e.currentTarget.value)}
          placeholder="Choose a staff member"
          options={staff}
          error={errors.userId}
        />
      </div>
    </Dialog>
  );
}
