/** Move one item or the selection: a choice of folders. */
import { useState } from "react";
import { Button, Dialog, Select } from "~/components/ui";

export function MoveDialog({
  title,
  options,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  options: string[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (path: string) => void;
}) {
  const [to, setTo] = useState(options[0] ?? "/");
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
          <Button loading={busy} disabled={options.length === 0} onClick={() => onSubmit(to)}>
            Move
          </Button>
        </>
      }
    >
      {options.length ? (
        <Select
          label="Move to folder"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          options={options.map((f) => ({ value: f, label: f === "/" ? "Home" : f }))}
        />
      ) : (
        <p>There is no other folder to move it to.</p>
      )}
    </Dialog>
  );
}
