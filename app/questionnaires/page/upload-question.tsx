import { useState } from "react";
import { ProgressBar, Select, UploadIcon, useToast } from "~/components/ui";
import { uploadWithProgress } from "~/components/upload";
import { useVocabulary } from "~/vocabulary";
import { FilePreviewDialog } from "~/pdf/file-preview-dialog";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import type { QuestionData } from "../types";
import { answerValues } from "../rules";
import { fileLabel } from "../answer-summary";
import * as s from "../questionnaire.css";
import { staffCanPreview, UploadedFile } from "../upload-splits";
import type { SectionBodyProps } from "./types";

/** Upload: the question's files, a document type to choose and a file to upload (client mode only). */
export function UploadQuestion({
  q,
  readOnly,
  mode,
  splits,
  act,
  send,
}: Pick<SectionBodyProps, "readOnly" | "mode" | "splits" | "act" | "send"> & { q: QuestionData }) {
  const t = useVocabulary();
  const toast = useToast();
  const [option, setOption] = useState("");
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [preview, setPreview] = useState<{ key: string; name: string } | null>(null);
  const disabled = readOnly || busy;

  async function upload(file: File) {
    if (q.options.length > 0 && !option) {
      toast.error("Please choose an option first.");
      return;
    }
    setBusy(true);
    try {
      const grant = await send({ intent: "upload_grant", questionId: q.id, fileName: file.name, contentType: file.type || "application/octet-stream" });
      if (grant.error || !grant.upload) throw new Error(grant.error ?? "File upload failed, please try again.");
      setProgress({ name: file.name, percent: 0 });
      await uploadWithProgress(grant.upload.grant, file, ({ percent }) => setProgress({ name: file.name, percent }));
      const confirmed = await act({
        intent: "upload_confirm",
        questionId: q.id,
        key: grant.upload.key,
        contentType: file.type,
        option: option || undefined,
        fileName: file.name,
      });
      if (!confirmed.error) toast.success("Document(s) uploaded successfully");
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "File upload failed, please try again.");
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const files = answerValues(q.answer);
  return (
    <div className={s.entries}>
      {files.map((key) => {
        const name = splits.uploads[key]?.name ?? fileLabel(key);
        const canPreview = mode === "client" || staffCanPreview(splits, key);
        return (
          <UploadedFile
            key={key}
            fileKey={key}
            fallbackName={fileLabel(key)}
            splits={splits}
            onPreview={canPreview ? () => setPreview({ key, name }) : null}
            onRemove={!disabled && mode === "client" ? () => void act({ intent: "upload_remove", questionId: q.id, key }) : null}
          />
        );
      })}
      {files.some((key) => splits.uploads[key]?.split?.status === "split_succeeded") ? <p className={s.muted}>{SPLIT_MESSAGES.clientNote}</p> : null}
      {!disabled && mode !== "client" && files.length === 0 ? <p className={s.muted}>{t("The client uploads documents here.")}</p> : null}
      {!disabled && mode === "client" ? (
        <div className={s.row}>
          {q.options.length > 0 ? (
            <Select
              label="Document type"
              options={q.options.map((o) => ({ value: o, label: t(o) }))}
              placeholder="Choose…"
              value={option}
              onChange={(e) => setOption(e.currentTarget.value)}
            />
          ) : null}
          <label className={s.uploadButton} data-disabled={busy || (q.options.length > 0 && !option)}>
            <UploadIcon aria-hidden />
            {busy ? "Uploading…" : "Upload a file"}
            <input
              className={s.hiddenFile}
              type="file"
              accept=".pdf,.png,.gif,.jpg,.jpeg,.heic"
              disabled={busy || (q.options.length > 0 && !option)}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = "";
                if (file) void upload(file);
              }}
            />
          </label>
        </div>
      ) : null}
      {progress ? <ProgressBar value={progress.percent} label={`Uploading ${progress.name}`} /> : null}
      {q.uploadedLastYear ? <p className={s.muted}>{t("You uploaded this last year.")}</p> : null}
      <FilePreviewDialog
        file={preview ? { id: preview.key, name: preview.name, contentType: splits.uploads[preview.key]?.contentType ?? null } : null}
        onClose={() => setPreview(null)}
        getUrl={async () => {
          if (mode === "admin-preview") return splits.viewUrl(preview?.key ?? "");
          const reply = await send({ intent: "file_url", questionId: q.id, key: preview?.key ?? "" });
          if (reply.error || !reply.url) throw new Error(reply.error ?? "There was a problem downloading the document.");
          return reply.url;
        }}
      />
    </div>
  );
}
