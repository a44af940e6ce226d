/**
 * The upload questions' files and the firm's splits of them, on the questionnaire page.
 *
 * - Advisors of firms with the bulk upload processor, in the preview of a client's questionnaire,
 *   split a PDF through the Bulk Upload Processor Review (the document API's split, split_status,
 *   split_restore and mark_other: the server decides who may), and follow it to "Split into N
 *   documents" or the spec's error.
 * - Clients see each split's new documents read-only and the firm's note; while any file is being
 *   split the page says so and polls the questionnaire's files (upload_states).
 * Both poll every 750 ms, at most 200 times (spec: bulk upload polling).
 */
import { apiFetch } from "~/auth/api-fetch";
import { useEffect, useMemo, useRef, useState } from "react";
import { Badge, Button, useToast } from "~/components/ui";
import { SplitReviewDialog } from "~/documents/split-dialog";
import {
  canSplitFile,
  pagesLabel,
  questionnaireSplitSummary,
  SPLIT_MESSAGES,
  SPLIT_POLL_INTERVAL_MS,
  SPLIT_POLL_MAX_LOOPS,
  splitResultTitle,
  type SplitState,
  type UploadedFileState,
} from "~/documents/splits/split-rules";
import { previewKind } from "~/pdf/file-preview-dialog";
import type { QuestionData, QuestionnaireData } from "./types";
import { answerValues, type PortalMode } from "./rules";
import * as s from "./questionnaire.css";

type Reply = { error?: string; message?: string; uploads?: Record<string, UploadedFileState>; split?: SplitState; url?: string };

/** Client spec, uploads and documents. */
const VIEW_FAILED = "There was a problem downloading the document.";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call to the entity's document API (staff: split actions and view URLs); refusals carry the server's message. */
async function documentApi(companyHash: string, body: Record<string, unknown>, failure: string = SPLIT_MESSAGES.failed): Promise<Reply> {
  try {
    const response = await apiFetch(`/api/documents/${companyHash}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const reply = (await response.json().catch(() => ({}))) as Reply;
    if (!response.ok) return { error: response.status < 500 && reply.error ? reply.error : failure };
    return reply;
  } catch {
    return { error: failure };
  }
}

/** A presigned URL to view one of the entity's documents (staff: the document API's view_url). */
export async function documentViewUrl(companyHash: string, documentId: string): Promise<string> {
  const reply = await documentApi(companyHash, { intent: "view_url", id: documentId }, VIEW_FAILED);
  if (reply.error || !reply.url) throw new Error(reply.error ?? VIEW_FAILED);
  return reply.url;
}

export interface UploadSplits {
  uploads: Record<string, UploadedFileState>;
  /** Some of the questionnaire's files were split by the firm (the note) / are being split (the page polls). */
  summary: { split: boolean; processing: boolean };
  canSplit: boolean;
  mode: PortalMode;
  companyHash: string;
  busy: boolean;
  /** Files the page just learned about (a confirmed upload). */
  merge(files: Record<string, UploadedFileState>): void;
  start(key: string, pages: string): Promise<void>;
  restore(key: string): Promise<void>;
  markOther(key: string): Promise<void>;
  viewUrl(key: string): Promise<string>;
}

export function useUploadSplits(input: {
  data: QuestionnaireData;
  questions: QuestionData[];
  mode: PortalMode;
  canSplit: boolean;
  /** The page's client API (upload_states); unused by advisors. */
  send: (body: Record<string, unknown> & { intent: string }) => Promise<Reply>;
}): UploadSplits {
  const { data, questions, mode } = input;
  const toast = useToast();
  const [uploads, setUploads] = useState(data.uploads);
  const [busy, setBusy] = useState(false);
  useEffect(() => setUploads(data.uploads), [data.uploads]);
  const current = useRef(uploads);
  current.current = uploads;
  const companyHash = data.company.hashId;

  // Only the files the answers still hold count (a removed file's split no longer shows).
  const live = useMemo(
    () =>
      questions
        .filter((q) => q.questionType === "upload")
        .flatMap((q) => answerValues(q.answer).map((key) => [key, uploads[key]] as const))
        .filter((e): e is readonly [string, UploadedFileState] => e[1] !== undefined),
    [questions, uploads],
  );
  const summary = useMemo(() => questionnaireSplitSummary(live.map(([, f]) => f)), [live]);
  const processingIds = live
    .filter(([, f]) => f.split?.status === "processing")
    .map(([, f]) => f.split!.extractedDocumentId)
    .join(",");

  const setSplit = (key: string, split: SplitState | null) => setUploads((all) => (all[key] ? { ...all, [key]: { ...all[key]!, split } } : all));

  // Follow the splits being processed until they are done (or the loops run out).
  useEffect(() => {
    if (!processingIds || mode === "admin-template") return;
    let cancelled = false;
    (async () => {
      for (let loop = 0; loop < SPLIT_POLL_MAX_LOOPS; loop++) {
        await sleep(SPLIT_POLL_INTERVAL_MS);
        if (cancelled) return;
        if (mode === "client") {
          const reply = await input.send({ intent: "upload_states" });
          if (cancelled) return;
          if (reply.uploads) setUploads(reply.uploads);
          continue;
        }
        for (const [key, file] of Object.entries(current.current)) {
          if (file.split?.status !== "processing") continue;
          const reply = await documentApi(companyHash, { intent: "split_status", extractedDocumentId: file.split.extractedDocumentId });
          if (cancelled) return;
          if (!reply.split || reply.split.status === "processing") continue;
          setSplit(key, reply.split);
          if (reply.split.status === "split_failed") toast.error(SPLIT_MESSAGES.failed);
          else toast.success(SPLIT_MESSAGES.done);
        }
      }
      if (!cancelled && mode !== "client") toast.info(SPLIT_MESSAGES.stillProcessing);
    })();
    return () => {
      cancelled = true;
    };
  }, [processingIds, mode]); // eslint-disable-line react-hooks/exhaustive-deps

  async function run(body: Record<string, unknown>, after: (reply: Reply) => void) {
    setBusy(true);
    const reply = await documentApi(companyHash, body);
    setBusy(false);
    if (reply.error) {
      toast.error(reply.error);
      return;
    }
    after(reply);
  }

  return {
    uploads,
    summary,
    canSplit: input.canSplit && mode === "admin-preview",
    mode,
    companyHash,
    busy,
    merge: (files) => setUploads((all) => ({ ...all, ...files })),
    start: (key, pages) =>
      run({ intent: "split", id: uploads[key]?.documentId ?? "", pages }, (reply) => {
        if (reply.split) setSplit(key, reply.split);
        if (reply.message) toast.info(reply.message);
      }),
    restore: (key) =>
      run({ intent: "split_restore", extractedDocumentId: uploads[key]?.split?.extractedDocumentId ?? "" }, (reply) => {
        setSplit(key, null);
        toast.success(reply.message ?? SPLIT_MESSAGES.restored);
      }),
    markOther: (key) =>
      run({ intent: "mark_other", extractedDocumentId: uploads[key]?.split?.extractedDocumentId ?? "" }, (reply) => {
        if (reply.split) setSplit(key, reply.split);
        toast.success(reply.message ?? SPLIT_MESSAGES.markedOther);
      }),
    viewUrl: (key) => documentViewUrl(companyHash, uploads[key]?.documentId ?? ""),
  };
}

/**
 * One file of an upload question: its name, split state and actions (Preview for everyone who
 * can; Split, Restore and Mark as other for advisors who may split; Remove for the client), and
 * the documents a split made, read-only.
 */
export function UploadedFile({
  fileKey,
  fallbackName,
  splits,
  onPreview,
  onRemove,
}: {
  fileKey: string;
  fallbackName: string;
  splits: UploadSplits;
  onPreview: (() => void) | null;
  onRemove: (() => void) | null;
}) {
  const [reviewing, setReviewing] = useState(false);
  const rowRef = useRef<HTMLDivElement>(null);
  const file = splits.uploads[fileKey];
  const name = file?.name ?? fallbackName;
  const split = file?.split ?? null;
  const staff = splits.mode !== "client";
  const done = split?.status === "split_succeeded";
  const splittable = splits.canSplit && file !== undefined && canSplitFile(file, split);
  return (
    <div className={s.fileItem} data-testid="uploaded-file" ref={rowRef}>
      <div className={s.fileRow}>
        <span className={s.fileName}>
          <span>{name}</span>
          {split?.status === "processing" ? (
            <Badge tone="info" role="status">
              Processing…
            </Badge>
          ) : null}
          {done ? <Badge tone="success">{splitResultTitle(split.parts.length)}</Badge> : null}
          {staff && split?.markedAsOthers ? <Badge tone="neutral">Other</Badge> : null}
          {staff && split?.status === "split_failed" ? <Badge tone="danger">Split failed</Badge> : null}
        </span>
        <span className={s.fileActions}>
          {onPreview ? (
            <Button size="sm" variant="ghost" onClick={onPreview} aria-label={`Preview ${name}`}>
              Preview
            </Button>
          ) : null}
          {splittable ? (
            <Button size="sm" variant="ghost" onClick={() => setReviewing(true)} aria-label={`Split ${name}`}>
              Split
            </Button>
          ) : null}
          {splits.canSplit && split && (done || split.status === "processing") ? (
            <Button size="sm" variant="ghost" onClick={() => setReviewing(true)} aria-label={`Review the split of ${name}`}>
              Review
            </Button>
          ) : null}
          {splits.canSplit && done ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                disabled={splits.busy}
                onClick={() => void splits.restore(fileKey)}
                aria-label={`Restore ${name} (undo the split)`}
              >
                Restore
              </Button>
              {!split.markedAsOthers ? (
                <Button size="sm" variant="ghost" disabled={splits.busy} onClick={() => void splits.markOther(fileKey)} aria-label={`Mark ${name} as other`}>
                  Mark as other
                </Button>
              ) : null}
            </>
          ) : null}
          {onRemove ? (
            <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          ) : null}
        </span>
      </div>
      {done && split.parts.length ? (
        <ul className={s.splitParts} aria-label={`Documents split from ${name}`}>
          {split.parts.map((p) => (
            <li key={p.documentId}>
              {p.name} <span className={s.muted}>· {pagesLabel(p.parentPages)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {reviewing && file ? (
        <SplitReviewDialog
          file={{ id: file.documentId, name }}
          getUrl={() => splits.viewUrl(fileKey)}
          split={split}
          busy={splits.busy}
          onSubmit={(pages) => void splits.start(fileKey, pages)}
          onRestore={() => void splits.restore(fileKey).then(() => setReviewing(false))}
          onMarkOther={() => void splits.markOther(fileKey)}
          onClose={() => {
            setReviewing(false);
            // The button that opened the review may be gone (Split becomes Review): keep focus in the row.
            requestAnimationFrame(() => {
              if (document.activeElement === document.body || !document.activeElement) rowRef.current?.querySelector<HTMLElement>("button")?.focus();
            });
          }}
        />
      ) : null}
    </div>
  );
}

/** Whether a file can be previewed in the staff preview (through the document API, by its Document). */
export function staffCanPreview(splits: UploadSplits, key: string): boolean {
  const file = splits.uploads[key];
  return splits.mode === "admin-preview" && file !== undefined && previewKind(file.contentType, file.name) !== "unsupported";
}
