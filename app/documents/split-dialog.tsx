/**
 * The Bulk Upload Processor Review (staff spec): a full-screen dialog showing every page of a PDF
 * as a thumbnail, with the page ranges that split it ("1-3, 5, 7-9": each range becomes a new
 * document). Clicking a page starts a new document there (or joins it to the one before); the
 * field is checked with the shared parser, against the page count once the PDF is open (the server
 * checks again in the job). pdf.js loads by URL only when the dialog opens.
 *
 * The dialog shows the split its owner follows: nothing yet (review), processing, the result
 * ("Split into N documents", with Restore and Mark as other) or the failure, with a new try.
 */
import { useMemo, useState, type FormEvent } from "react";

import { Alert, Badge, Button, Dialog, Spinner, TextField } from "~/components/ui";
import { PdfPageThumbnail, usePdfDocument } from "~/pdf/pdf-thumbnails";
import { parsePageRanges } from "./splits/page-ranges";
import { pageAssignments, pagesLabel, SPLIT_MESSAGES, splitResultTitle, splitStarts, toggleSplitPoint, type SplitState } from "./splits/split-rules";
import * as css from "./split-dialog.css";

/** What the staff document page passes down from its loader (the split module is server-only). */
export interface SplitOptions {
  enabled: boolean;
  pollIntervalMs: number;
  pollMaxLoops: number;
  messages: { failed: string; stillProcessing: string; done: string };
  /** The newest split of each listed document, by its id. */
  bySource: Record<string, { extractedDocumentId: string; status: string; markedAsOthers: boolean }>;
}

export interface SplitReviewDialogProps {
  file: { id: string; name: string };
  /** A fresh short-lived URL of the PDF, for the thumbnails. */
  getUrl: () => Promise<string>;
  /** The file's newest split as its owner follows it (null: never split, or the split was undone). */
  split?: SplitState | null;
  busy: boolean;
  onSubmit: (pages: string) => void;
  onRestore?: () => void;
  onMarkOther?: () => void;
  onClose: () => void;
}

const FORM_ID = "split-review-form";

export function SplitReviewDialog({ file, getUrl, split = null, busy, onSubmit, onRestore, onMarkOther, onClose }: SplitReviewDialogProps) {
  const status = split?.status ?? null;
  const done = status === "split_succeeded";
  const processing = status === "processing";
  return (
    <Dialog
      open
      onClose={onClose}
      size="full"
      title={`Split ${file.name}`}
      description="Bulk Upload Processor Review"
      footer={
        processing || done ? (
          <>
            {done && onRestore ? (
              <Button variant="secondary" onClick={onRestore} loading={busy}>
                Restore
              </Button>
            ) : null}
            {done && onMarkOther && !split?.markedAsOthers ? (
              <Button variant="secondary" onClick={onMarkOther} disabled={busy}>
                Mark as other
              </Button>
            ) : null}
            <Button onClick={onClose}>Close</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} loading={busy}>
              Split
            </Button>
          </>
        )
      }
    >
      {processing ? (
        <div className={css.state} role="status">
          <Spinner size="lg" label={null} />
          <strong>Splitting {file.name}…</strong>
          <span>{SPLIT_MESSAGES.started}</span>
        </div>
      ) : done && split ? (
        <SplitResult split={split} />
      ) : (
        <Review file={file} getUrl={getUrl} failed={status === "split_failed"} onSubmit={onSubmit} />
      )}
    </Dialog>
  );
}

function SplitResult({ split }: { split: SplitState }) {
  return (
    <div className={css.result}>
      <Alert tone="success" title={splitResultTitle(split.parts.length)}>
        The new documents are in the same folder as the original, which stays as it was. Restore undoes the split.
      </Alert>
      {split.markedAsOthers ? (
        <p>
          <Badge tone="neutral">Marked as other</Badge>
        </p>
      ) : null}
      <ul className={css.parts} aria-label="New documents">
        {split.parts.map((p) => (
          <li key={p.documentId} className={css.part}>
            <span>{p.name}</span>
            <span className={css.muted}>{pagesLabel(p.parentPages)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Review({
  file,
  getUrl,
  failed,
  onSubmit,
}: {
  file: { id: string; name: string };
  getUrl: () => Promise<string>;
  failed: boolean;
  onSubmit: (pages: string) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const load = usePdfDocument(getUrl, file.id, attempt);
  const doc = load.state === "ready" ? load.doc : null;
  const pageCount = doc?.numPages ?? 0;
  const [pages, setPages] = useState("");
  const [error, setError] = useState<string | null>(null);

  const parsed = useMemo(() => (pages.trim() ? parsePageRanges(pages, pageCount || undefined) : null), [pages, pageCount]);
  const ranges = useMemo(() => (parsed?.ok ? parsed.ranges : []), [parsed]);
  const assignments = useMemo(() => pageAssignments(ranges, pageCount), [ranges, pageCount]);
  const starts = useMemo(() => new Set(splitStarts(ranges, pageCount) ?? []), [ranges, pageCount]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = parsePageRanges(pages, pageCount || undefined);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    onSubmit(pages.trim());
  };

  return (
    <div className={css.review}>
      <form id={FORM_ID} className={css.controls} onSubmit={submit} noValidate>
        {failed ? (
          <Alert tone="danger" title={SPLIT_MESSAGES.failed}>
            Check the page ranges and try again.
          </Alert>
        ) : null}
        <TextField
          label="Page ranges"
          hint="Each range becomes a new document, e.g. 1-3, 5, 7-9. Or click a page to start a new document there."
          value={pages}
          onChange={(e) => {
            setPages(e.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          maxLength={2000}
          autoComplete="off"
          data-autofocus
        />
        <p className={css.summary} aria-live="polite">
          {load.state === "loading"
            ? "Loading pages…"
            : pageCount
              ? `${pageCount} ${pageCount === 1 ? "page" : "pages"}${ranges.length ? ` → ${ranges.length} new ${ranges.length === 1 ? "document" : "documents"}` : ""}`
              : ""}
        </p>
        {ranges.length ? (
          <ol className={css.planList} aria-label="New documents">
            {ranges.map((r, i) => (
              <li key={`${r.from}-${r.to}-${i}`} className={css.planItem}>
                <span className={css.dot[i % 2 === 0 ? "odd" : "even"]} aria-hidden />
                Document {i + 1}: {pagesLabel(Array.from({ length: r.to - r.from + 1 }, (_, k) => r.from + k))}
              </li>
            ))}
          </ol>
        ) : null}
      </form>

      <div>
        {load.state === "loading" ? (
          <div className={css.state}>
            <Spinner size="lg" label="Loading pages" />
          </div>
        ) : load.state === "error" ? (
          <Alert tone="danger" title={load.message}>
            <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Alert>
        ) : doc ? (
          <div className={css.grid} role="group" aria-label={`Pages of ${file.name}`} data-testid="split-pages">
            {Array.from({ length: pageCount }, (_, i) => {
              const page = i + 1;
              const docs = assignments[i] ?? [];
              const first = docs[0];
              const tone = first === undefined ? (ranges.length ? "none" : null) : first % 2 === 1 ? "odd" : "even";
              const startsHere = page > 1 && starts.has(page);
              const where = first === undefined ? (ranges.length ? "not included" : "") : `document ${docs.join(", ")}`;
              return (
                <button
                  key={page}
                  type="button"
                  className={`${css.thumb} ${tone ? css.group[tone] : ""}`}
                  aria-pressed={startsHere}
                  aria-label={`Page ${page}${where ? `, ${where}` : ""}`}
                  title={
                    page === 1
                      ? "Page 1 always starts the first document"
                      : startsHere
                        ? "Join this page to the document before it"
                        : "Start a new document at this page"
                  }
                  onClick={() => {
                    setPages(toggleSplitPoint(pages, page, pageCount));
                    setError(null);
                  }}
                  data-testid="split-thumbnail"
                >
                  <PdfPageThumbnail doc={doc} page={page} className={css.canvas} label={`Page ${page} of ${file.name}`} />
                  <span className={css.caption}>Page {page}</span>
                  <span className={css.tag}>
                    {startsHere ? (
                      <span className={css.cut}>✂ Starts document {first}</span>
                    ) : first === undefined ? (
                      ranges.length ? (
                        "Not included"
                      ) : (
                        " "
                      )
                    ) : (
                      `Document ${docs.join(", ")}`
                    )}
                  </span>
                </button>
              );
            })}
          </div>
        ) : null}
      </div>
    </div>
  );
}
