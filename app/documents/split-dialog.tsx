/**
 * Split a PDF by page ranges ("1-3, 5, 7-9"): each range becomes a new document. The field is
 * checked with the shared parser (the server checks again, with the page count, in the job).
 */
import { useState, type FormEvent } from "react";

import { Button, Dialog, TextField } from "~/components/ui";
import { parsePageRanges } from "./extracted/page-ranges";
import type { DocumentItem } from "./documents.server";

/** What the staff page passes down from its loader (the split module is server-only). */
export interface SplitOptions {
  enabled: boolean;
  pollIntervalMs: number;
  pollMaxLoops: number;
  messages: { failed: string; stillProcessing: string; done: string };
  /** The newest split of each listed document, by its id. */
  bySource: Record<string, { extractedDocumentId: string; status: string; markedAsOthers: boolean }>;
}

export function SplitDialog({ item, busy, onClose, onSubmit }: { item: DocumentItem; busy: boolean; onClose: () => void; onSubmit: (pages: string) => void }) {
  const [pages, setPages] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formId = "document-split-form";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePageRanges(pages);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSubmit(pages.trim());
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Split ${item.name}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Split
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Page ranges"
          hint="Each range becomes a new document, e.g. 1-3, 5, 7-9."
          value={pages}
          onChange={(e) => {
            setPages(e.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          maxLength={2000}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
