/**
 * The firm's PDF of a template's document section: chosen in the editor, uploaded straight to the
 * store (a grant from the editor's route, then its confirm step, which refuses protected or
 * unreadable PDFs), then kept in the editor's form as the section's `document` (key and name).
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { UploadProgress, useFileUpload } from "~/components/upload";
import { Alert, Button, FileIcon } from "~/components/ui";
import type { TemplatePdfReply } from "./template-pdf.server";
import { useVocabulary } from "~/vocabulary";
import { TEMPLATE_MESSAGES } from "./editor-rules";
import * as s from "./templates.css";

type Reply = { pdf?: TemplatePdfReply };

export interface SectionPdfProps {
  /** The form field names of the document, its key and its name. */
  fieldName: string;
  keyName: string;
  nameName: string;
  initial: { key: string; name: string } | null;
  error?: string;
  sectionLabel: string;
  /** Told when an upload starts and ends (the editor waits for it before saving). */
  onUploading?: (busy: boolean) => void;
}

export function SectionPdf({ fieldName, keyName, nameName, initial, error, sectionLabel, onUploading }: SectionPdfProps) {
  const tr = useVocabulary();
  const grant = useFetcher<Reply>();
  const confirm = useFetcher<Reply>();
  const upload = useFileUpload();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [document, setDocument] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const reply = grant.data?.pdf;
    if (!file || grant.state !== "idle" || !reply) return;
    if (!reply.ok) return setProblem(reply.error);
    if (reply.intent !== "pdf-grant") return;
    void upload.start(reply.grant, file).then((ok) => {
      if (ok) confirm.submit({ intent: "pdf-confirm", key: reply.grant.key, fileName: file.name }, { method: "post" });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grant.data, grant.state]);

  useEffect(() => {
    const reply = confirm.data?.pdf;
    if (confirm.state !== "idle" || !reply) return;
    if (!reply.ok) return setProblem(reply.error);
    if (reply.intent === "pdf-confirm") {
      setDocument(reply.document);
      setFile(null);
    }
  }, [confirm.data, confirm.state]);

  function choose(selected: File | undefined) {
    setProblem(null);
    if (!selected) return;
    if (selected.type && selected.type !== "application/pdf") return setProblem(TEMPLATE_MESSAGES.pdfOnly);
    setFile(selected);
    grant.submit({ intent: "pdf-grant", fileName: selected.name, contentType: "application/pdf", size: String(selected.size) }, { method: "post" });
  }

  const busy = grant.state !== "idle" || confirm.state !== "idle" || upload.status === "uploading";
  const tell = useRef(onUploading);
  tell.current = onUploading;
  useEffect(() => {
    if (!busy) return;
    tell.current?.(true);
    return () => tell.current?.(false);
  }, [busy]);
  return (
    <div className={s.pdf}>
      {/* Without a PDF only the empty field is posted, so the section's own error ("Please attach a PDF") shows on it. */}
      {document ? (
        <>
          <input type="hidden" name={keyName} value={document.key} />
          <input type="hidden" name={nameName} value={document.name} />
        </>
      ) : (
        <input type="hidden" name={fieldName} value="" />
      )}
      <div className={s.pdfRow}>
        <FileIcon size={18} aria-hidden="true" />
        <span className={s.pdfName}>{document ? document.name : "No PDF attached yet"}</span>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className={s.hiddenInput}
          aria-label={`Choose the PDF of ${sectionLabel}`}
          onChange={(e) => {
            choose(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
        />
        <Button type="button" variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
          {document ? "Replace PDF" : "Attach PDF"}
        </Button>
      </div>
      <p className={s.hint}>
        The client reads this PDF in the section; each {tr("questionnaire")} sent gets its own copy. PDF, up to 32 MB, without a password.
      </p>
      {file && upload.status !== "idle" ? <UploadProgress fileName={file.name} percent={upload.percent} status={upload.status} error={upload.error} /> : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : !document && error ? <p className={s.error}>{error}</p> : null}
    </div>
  );
}
