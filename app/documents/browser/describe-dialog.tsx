/** Staff: a file's description and tags (comma-separated; the firm's existing tags as a hint). */
import { useState } from "react";
import { Button, Dialog, TextArea, TextField } from "~/components/ui";
import type { DocumentItem } from "../items.server";

export function DescribeDialog({
  item,
  tags,
  busy,
  onClose,
  onSubmit,
}: {
  item: DocumentItem;
  tags: string[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (description: string, tags: string[]) => void;
}) {
  const [description, setDescription] = useState(item.description ?? "");
  const [tagText, setTagText] = useState(item.tags.join(", "));
  const parsed = [
    ...new Set(
      tagText
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title={item.name}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onSubmit(description, parsed)}>
            Save
          </Button>
        </>
      }
    >
      <TextArea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
      <TextField
        label="Tags"
        hint={tags.length ? `Separate with commas. Existing: ${tags.slice(0, 10).join(", ")}` : "Separate with commas."}
        value={tagText}
        onChange={(e) => setTagText(e.target.value)}
      />
    </Dialog>
  );
}
