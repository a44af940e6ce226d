/**
 * The questionnaire's document sections: pdf_review (6: read, then Approve or Request Changes
 * with a reason), download_document (8: download, which completes it), pdf_signature (9: read,
 * type your name to sign; the firm gets a signed copy) and delivery (11: read, download, confirm
 * receipt). The PDF is shown by the lazy pdf.js viewer from a short-lived URL the server issues.
 * Also the document checklist's summary (10).
 */
import { apiFetch } from "~/auth/api-fetch";
import { useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { Alert, Badge, Button, ConfirmDialog, Dialog, TextArea, TextField, VisuallyHidden } from "~/components/ui";
import { PdfViewer } from "~/pdf/pdf-viewer";
import { previewKind } from "~/pdf/file-preview-dialog";
import { formatFileSize } from "~/storage/uploads";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData, SectionData } from "./types";
import {
  CHANGE_REQUEST_MAX,
  changeRequestError,
  DOCUMENT_SECTION_MESSAGES,
  formatDate,
  MESSAGES,
  questionStatus,
  SECTION_TYPE,
  signatureState,
  visibleQuestions,
  type PortalMode,
} from "./rules";
import * as s from "./questionnaire.css";

type Reply = { error?: string; url?: string; message?: string };

export interface DocumentSectionProps {
  section: SectionData;
  readOnly: boolean;
  mode: PortalMode;
  userId: string | null;
  act: (body: Record<string, unknown> & { intent: string }) => Promise<Reply>;
  send: (body: Record<string, unknown> & { intent: string }) => Promise<Reply>;
  /** The entity's hash: in an advisor's preview the PDF comes through the staff document API. */
  companyHash: string;
}

/** A 5-minute view URL of one of the entity's documents through the document browser's API (staff may read any of the entity's files). */
export async function staffViewUrl(companyHash: string, documentId: string): Promise<string> {
  const response = await apiFetch(`/api/documents/${companyHash}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ intent: "view_url", id: documentId }),
  });
  const reply = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !reply.url) throw new Error(reply.error ?? DOCUMENT_SECTION_MESSAGES.downloadFailed);
  return reply.url;
}

export function DocumentSection(p: DocumentSectionProps) {
  const t = useVocabulary();
  const { section } = p;
  const doc = section.document;
  const client = p.mode === "client";

  const getUrl = useCallback(
    async (copy: "original" | "signed" = "original") => {
      if (p.mode === "admin-preview") {
        const id = copy === "signed" ? section.signedDocument?.id : section.document?.id;
        return staffViewUrl(p.companyHash, id ?? "");
      }
      const reply = await p.send({ intent: "document_url", sectionId: section.id, copy });
      if (reply.error || !reply.url) throw new Error(reply.error ?? DOCUMENT_SECTION_MESSAGES.downloadFailed);
      return reply.url;
    },
    [section.id], // eslint-disable-line react-hooks/exhaustive-deps
  );

  async function download(copy: "original" | "signed" = "original") {
    const reply = await p.act({ intent: "document_url", sectionId: section.id, copy, download: true });
    if (reply.url) window.location.assign(reply.url);
  }

  if (!doc) {
    if (p.mode === "admin-template") return <Alert tone="info">{t("The client sees the document your firm attaches to this section in a PDF viewer.")}</Alert>;
    return <Alert tone="info">{t(DOCUMENT_SECTION_MESSAGES.noDocument)}</Alert>;
  }
  const isPdf = previewKind(doc.contentType, doc.name) === "pdf";
  const signed = section.signedDocument;

  return (
    <div className={s.entries}>
      {section.customElement ? <p className={s.letter}>{t(section.customElement)}</p> : null}
      <div className={s.docRow}>
        <span className={s.docName}>
          <strong>{doc.name}</strong>
          {doc.sizeBytes != null ? <span className={`${s.muted} ${s.nowrap}`}>{formatFileSize(doc.sizeBytes)}</span> : null}
        </span>
        {client ? (
          <Button size="sm" variant="secondary" onClick={() => void download()} aria-label={`Download ${doc.name}`}>
            Download
          </Button>
        ) : null}
      </div>
      {p.mode === "admin-template" ? (
        <Alert tone="info">{t(`The client sees ${doc.name} here in a PDF viewer.`)}</Alert>
      ) : isPdf && !(section.sectionType === SECTION_TYPE.pdf_signature && signed) ? (
        <PdfViewer getUrl={() => getUrl("original")} title={doc.name} sourceKey={doc.id} />
      ) : null}

      {section.sectionType === SECTION_TYPE.pdf_review ? <ReviewActions {...p} documentName={doc.name} /> : null}
      {section.sectionType === SECTION_TYPE.download_document ? (
        section.markedCompleted ? (
          <p className={s.muted}>
            <Badge tone="success">Downloaded</Badge> {t("You can download it again at any time.")}
          </p>
        ) : (
          <p className={s.muted}>{t("Download the document to complete this section.")}</p>
        )
      ) : null}
      {section.sectionType === SECTION_TYPE.pdf_signature ? (
        <>
          {signed && p.mode !== "admin-template" ? (
            <>
              <Alert tone="success" title="Signed">
                {t(`Everyone who needed to sign has signed. Your firm has the signed copy, ${signed.name}.`)}
              </Alert>
              {client ? (
                <div className={s.row}>
                  <Button size="sm" variant="secondary" onClick={() => void download("signed")}>
                    Download signed copy
                  </Button>
                </div>
              ) : null}
              <PdfViewer getUrl={() => getUrl("signed")} title={signed.name} sourceKey={signed.id} />
            </>
          ) : null}
          <PdfSignatures {...p} />
        </>
      ) : null}
      {section.sectionType === SECTION_TYPE.delivery ? <DeliveryActions {...p} /> : null}
    </div>
  );
}

function ReviewActions(p: DocumentSectionProps & { documentName: string }) {
  const t = useVocabulary();
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { section } = p;
  const problem = changeRequestError(reason);
  if (section.markedCompleted) {
    return (
      <Alert tone="success" title="Approved">
        {t("You approved this document. Your firm will take it from here.")}
      </Alert>
    );
  }
  const canAct = !p.readOnly && p.mode === "client";
  async function run(body: Record<string, unknown> & { intent: string }) {
    setBusy(true);
    const reply = await p.act(body);
    setBusy(false);
    return reply;
  }
  return (
    <div className={s.entries}>
      {section.changesRequested ? (
        <Alert tone="warning" title="You requested changes">
          <span className={s.letter}>{section.changesRequested}</span>
          <br />
          {t("Your firm will update the document and let you know. You can still approve it as it is.")}
        </Alert>
      ) : null}
      {canAct ? (
        <div className={s.row}>
          <Button onClick={() => setConfirming(true)} disabled={busy}>
            Approve
          </Button>
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
            Request Changes
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t(`Approve ${p.documentName}?`)}
        message={t("Once approved, the document can't be changed from here.")}
        confirmLabel="Approve"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run({ intent: "approve_review", sectionId: section.id }).then(() => setConfirming(false))}
      />
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Request Changes"
        description={t("Tell your firm what should change.")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              loading={busy}
              disabled={problem !== null}
              onClick={() =>
                void run({ intent: "request_changes", sectionId: section.id, reason }).then((r) => {
                  if (!r.error) {
                    setAsking(false);
                    setReason("");
                    setTouched(false);
                  }
                })
              }
            >
              Send Request
            </Button>
          </>
        }
      >
        <TextArea
          label="Reason"
          value={reason}
          maxLength={CHANGE_REQUEST_MAX}
          required
          error={touched && problem ? problem : undefined}
          onChange={(e) => setReason(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
        />
      </Dialog>
    </div>
  );
}

function PdfSignatures(p: DocumentSectionProps) {
  const t = useVocabulary();
  const { revalidate } = useRevalidator();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const { section } = p;
  const canSign = !p.readOnly && p.mode === "client";
  const signers = section.signatures.length
    ? section.signatures
    : p.mode === "client" && p.userId && !section.markedCompleted
      ? [{ id: "new", userId: p.userId, userName: "You", signature: null, signedAt: null, notNeeded: false }]
      : [];
  async function sign(signatureId: string) {
    setBusy(true);
    const reply = await p.act({ intent: "sign", sectionId: section.id, signatureId, signature: text.trim(), clientTime: new Date().toString() });
    setBusy(false);
    if (!reply.error) {
      setText("");
      revalidate();
    }
  }
  async function remove(signatureId: string) {
    setBusy(true);
    const reply = await p.act({ intent: "remove_signature", sectionId: section.id, signatureId });
    setBusy(false);
    if (!reply.error) revalidate();
  }
  if (signers.length === 0) return <p className={s.muted}>{MESSAGES.signatureNotRequired}</p>;
  return (
    <div className={s.entries} aria-label="Signatures" role="group">
      {signers.map((sig) => {
        const state = signatureState(sig);
        const mine = sig.userId === p.userId;
        return (
          <div key={sig.id} className={s.question}>
            <p className={s.questionText}>{sig.userName}</p>
            {state === "signed" ? (
              <>
                <span className={s.signature}>{sig.signature}</span>
                <p className={s.muted}>Signed {sig.signedAt ? formatDate(sig.signedAt) : ""}</p>
                {mine && canSign ? (
                  <div>
                    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void remove(sig.id)}>
                      Remove signature
                    </Button>
                  </div>
                ) : null}
              </>
            ) : state === "not_needed" ? (
              <Badge tone="neutral">Not Needed</Badge>
            ) : mine && canSign ? (
              <div className={s.entries}>
                <TextField
                  label="Type your full name to sign"
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  maxLength={200}
                  autoComplete="name"
                />
                {text.trim() ? (
                  <p className={s.signature} aria-label="Your signature">
                    {text.trim()}
                  </p>
                ) : null}
                <p className={s.muted}>
                  {t(
                    "By signing, you agree that your typed name is your electronic signature on this document. Your firm receives a signed copy with the time and place of signing.",
                  )}
                </p>
                <div>
                  <Button disabled={text.trim() === ""} loading={busy} onClick={() => void sign(sig.id)}>
                    Sign
                  </Button>
                </div>
              </div>
            ) : (
              <Badge tone="warning">Not signed yet</Badge>
            )}
          </div>
        );
      })}
    </div>
  );
}

function DeliveryActions(p: DocumentSectionProps) {
  const t = useVocabulary();
  const [busy, setBusy] = useState(false);
  if (p.section.markedCompleted) {
    return (
      <p className={s.muted}>
        <Badge tone="success">Received</Badge> {t("You confirmed you received these documents.")}
      </p>
    );
  }
  if (p.readOnly || p.mode !== "client") return null;
  return (
    <div>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          void p.act({ intent: "complete_section", sectionId: p.section.id }).finally(() => setBusy(false));
        }}
      >
        Confirm receipt
      </Button>
    </div>
  );
}

/**
 * The document checklist's summary: which required uploads are in, a way to mark the list
 * complete, and the firm's note once it split some of the questionnaire's documents.
 */
export function ChecklistSummary({
  section,
  questions,
  readOnly,
  mode,
  act,
  splitNote = false,
}: {
  section: SectionData;
  questions: QuestionData[];
  readOnly: boolean;
  mode: PortalMode;
  act: DocumentSectionProps["act"];
  splitNote?: boolean;
}) {
  const t = useVocabulary();
  const uploads = visibleQuestions(questions.filter((q) => q.sectionId === section.id)).filter((q) => q.questionType === "upload");
  const required = uploads.filter((q) => !q.optional);
  const done = required.filter((q) => questionStatus(q) === "completed").length;
  return (
    <div className={`${s.special} ${s.entries}`} role="status" aria-label="Checklist progress">
      <div className={s.pillRow}>
        <span>
          {t(`${done} of ${required.length} required ${required.length === 1 ? "document" : "documents"} provided`)}
          {section.markedCompleted && done < required.length ? ` · ${t("marked complete")}` : ""}
        </span>
        {!readOnly && mode === "client" && !section.markedCompleted && done < required.length ? (
          <Button size="sm" variant="ghost" onClick={() => void act({ intent: "complete_section", sectionId: section.id })}>
            Mark checklist complete
          </Button>
        ) : null}
      </div>
      <ul className={s.checklist} aria-label="Documents on the checklist">
        {uploads.map((q) => {
          const status = questionStatus(q);
          const mark = status === "completed" ? "done" : status === "pending" ? "pending" : "missing";
          return (
            <li key={q.id} className={s.checkItem}>
              <span className={s.checkMark[mark]} aria-hidden>
                {mark === "done" ? "✓" : mark === "pending" ? "…" : "○"}
              </span>
              <span>
                {t(q.text.replace(/^Please upload\s+/i, "").replace(/^./, (c) => c.toUpperCase()))}
                {q.optional ? <span className={s.muted}> (optional)</span> : null}
                <VisuallyHidden>{mark === "done" ? " — provided" : mark === "pending" ? " — due later" : " — missing"}</VisuallyHidden>
              </span>
            </li>
          );
        })}
      </ul>
      {splitNote ? (
        <Alert tone="info" data-testid="split-note">
          {SPLIT_MESSAGES.clientNote}
        </Alert>
      ) : null}
    </div>
  );
}
