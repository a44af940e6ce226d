/** Add Folder and Rename: one name, trimmed; Save stays off while it is blank. */
import { useState, type FormEvent } from "react";
import { Button, Dialog, TextField } from "~/components/ui";

export function NameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  if (!props.open) return null;
  return <OpenNameDialog {...props} />;
}

function OpenNameDialog({
  title,
  label,
  initial,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  initial: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  const formId = "document-name-form";
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!name.trim()}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <TextField label={label} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} required autoFocus />
      </form>
    </Dialog>
  );
}
