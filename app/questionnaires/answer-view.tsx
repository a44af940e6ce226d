/**
 * A client's answer to one question as staff read it (the advisor preview dialog): multiple
 * choice as chips, entries as a table (one row per entry, one column per field), uploads by file
 * name with a preview (a presigned URL from the document API: the file never passes through the
 * app), special answers and Answer Later in words.
 */
import { lazy, Suspense, useState } from "react";
import { Button, Pill } from "~/components/ui";
import type { UploadedFileState } from "~/documents/splits/split-rules";
import { previewKind } from "~/pdf/preview-kind";
import { useVocabulary } from "~/vocabulary";
import { chosenOptions, entriesTable, fileLabel, SPECIAL_ANSWER_LABELS } from "./answer-summary";
import { answerValues, formatDate } from "./rules";
import type { QuestionData } from "./types";
import * as s from "./answer-view.css";

// The PDF viewer loads only when a file is previewed: the pages that hold this component (Collect,
// the entity and user pages) keep pdf.js's viewer out of their bundles.
const AnswerFilePreview = lazy(() => import("./answer-file-preview"));

export function AnswerView({ q, uploads, companyHash }: { q: QuestionData; uploads: Record<string, UploadedFileState>; companyHash: string }) {
  const t = useVocabulary();
  if (q.specialAnswer) return <p className={s.text}>{SPECIAL_ANSWER_LABELS[q.specialAnswer]}</p>;
  if (q.answerBy) return <p className={s.text}>Answer later: {formatDate(q.answerBy)}</p>;
  switch (q.questionType) {
    case "multiple": {
      const chosen = chosenOptions(q.answer);
      return chosen.length ? (
        <ul className={s.chips} aria-label="Chosen answers">
          {chosen.map((o) => (
            <li key={o}>
              <Pill tone="brand">{t(o)}</Pill>
            </li>
          ))}
        </ul>
      ) : null;
    }
    case "entries":
      return <EntriesTable q={q} />;
    case "upload":
      return <UploadedFiles q={q} uploads={uploads} companyHash={companyHash} />;
    case "date":
      return q.answer ? <p className={s.text}>{formatDate(q.answer)}</p> : null;
    default:
      return q.answer ? <p className={s.text}>{q.answer}</p> : null;
  }
}

function EntriesTable({ q }: { q: QuestionData }) {
  const { columns, rows } = entriesTable(q.entries);
  if (rows.length === 0) return null;
  return (
    <div className={s.tableWrap}>
      <table className={s.table} aria-label={`Entries: ${q.text}`}>
        <thead>
          <tr>
            <th scope="col" className={s.headCell}>
              #
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className={s.headCell}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.entryNumber}>
              <td className={s.cell}>{i + 1}</td>
              {r.values.map((v, j) => (
                <td key={columns[j]} className={s.cell}>
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UploadedFiles({ q, uploads, companyHash }: { q: QuestionData; uploads: Record<string, UploadedFileState>; companyHash: string }) {
  const [preview, setPreview] = useState<{ documentId: string; name: string; contentType: string | null } | null>(null);
  const keys = answerValues(q.answer);
  if (keys.length === 0) return null;
  return (
    <>
      <ul className={s.files} aria-label={`Files: ${q.text}`}>
        {keys.map((key) => {
          const file = uploads[key];
          const name = file?.name ?? fileLabel(key);
          const canPreview = file !== undefined && previewKind(file.contentType, file.name) !== "unsupported";
          return (
            <li key={key} className={s.file}>
              <span className={s.fileName}>{name}</span>
              {canPreview ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Preview ${name}`}
                  onClick={() => setPreview({ documentId: file.documentId, name, contentType: file.contentType })}
                >
                  Preview
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {preview ? (
        <Suspense fallback={null}>
          <AnswerFilePreview
            file={{ id: preview.documentId, name: preview.name, contentType: preview.contentType }}
            companyHash={companyHash}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
