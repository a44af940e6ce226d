/**
 * Export Questionnaire(s) (staff spec §2, §5, §9): choose PDF, Spreadsheet or Zipped Folder, the
 * options of that format ('PDF only': remove No and N/A answers; 'zipped only': include documents,
 * convert images to PDF) and the file name (one questionnaire; several get their own default
 * names). Exporting starts background jobs (POST /api/staff/exports) and the dialog becomes
 * 'Export in progress': each export's progress, polled from 2 s backing off by 1.05 up to 30 s,
 * a Download link when ready, and the suggestion to lock or track changes meanwhile. The
 * requester is also notified in the bell when each is ready.
 */
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Checkbox, Dialog, ProgressBar, Radio, Spinner, TextField, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { ExportProgress } from "./exports.server";
import { EXPORT_FORMAT_LABELS, EXPORT_POLL, EXPORT_TEXT, exportFileName, QUESTIONNAIRE_EXPORT_FORMATS, type QuestionnaireExportFormat } from "./rules";

export interface ExportDialogProps {
  questionnaireIds: string[];
  onClose: () => void;
  /** Review and export: only what was marked reviewed. */
  reviewedOnly?: boolean;
  /** The in-progress dialog's suggestions (one questionnaire, from the preview dialog). */
  onLock?: () => void;
  onTrackChanges?: () => void;
  locked?: boolean;
  trackChanges?: boolean;
}

async function errorOf(response: Response, fallback: string): Promise<string> {
  if (response.status >= 500) return fallback;
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  return body?.error || fallback;
}

export function ExportDialog({ questionnaireIds, onClose, reviewedOnly = false, onLock, onTrackChanges, locked, trackChanges }: ExportDialogProps) {
  const tr = useVocabulary();
  const toast = useToast();
  const [format, setFormat] = useState<QuestionnaireExportFormat>("pdf");
  const [removeNosAndNa, setRemoveNosAndNa] = useState(false);
  const [includeDocuments, setIncludeDocuments] = useState(true);
  const [convertImages, setConvertImages] = useState(false);
  const [names, setNames] = useState<{ id: string; name: string }[] | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exports, setExports] = useState<ExportProgress[] | null>(null);
  const single = questionnaireIds.length === 1;

  const idList = questionnaireIds.join(",");
  useEffect(() => {
    let live = true;
    void apiFetch(`/api/staff/exports?${new URLSearchParams({ ids: idList })}`)
      .then(async (r) => (r.ok ? ((await r.json()) as { names: { id: string; name: string }[] }) : null))
      .then((body) => {
        if (!live || !body) return;
        setNames(body.names);
        setName(body.names[0]?.name ?? "");
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [idList]);

  async function start() {
    if (single && !name.trim()) {
      setNameError(EXPORT_TEXT.nameRequired);
      return;
    }
    setBusy(true);
    const failed = format === "spreadsheet" ? EXPORT_TEXT.failedSpreadsheet : EXPORT_TEXT.failed;
    try {
      const response = await apiFetch("/api/staff/exports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          questionnaireIds,
          format,
          removeNosAndNa,
          includeDocuments,
          convertImagesToPdfs: convertImages,
          reviewedOnly,
          ...(single ? { saveAsNames: [name.trim()] } : {}),
        }),
      });
      if (!response.ok) {
        const message = await errorOf(response, failed);
        if (single && response.status === 422) setNameError(message);
        else toast.error(message);
        return;
      }
      const body = (await response.json()) as { exports: ExportProgress[] };
      if (format === "spreadsheet") toast.info(EXPORT_TEXT.exportingSpreadsheet);
      setExports(body.exports);
    } catch {
      toast.error(failed);
    } finally {
      setBusy(false);
    }
  }

  if (exports)
    return (
      <ExportProgressDialog initial={exports} onClose={onClose} onLock={onLock} onTrackChanges={onTrackChanges} locked={locked} trackChanges={trackChanges} />
    );

  return (
    <Dialog
      open
      onClose={onClose}
      persistent={busy}
      title={tr(EXPORT_TEXT.title)}
      description={single ? undefined : `${questionnaireIds.length} ${tr("questionnaires")}, each in its own file`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void start()} loading={busy} disabled={!names}>
            Export
          </Button>
        </>
      }
    >
      <div style={{ display: "grid", gap: 16 }}>
        <fieldset style={{ border: 0, padding: 0, margin: 0, display: "grid", gap: 8 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>Format</legend>
          <div role="radiogroup" aria-label="Format" style={{ display: "grid", gap: 8 }}>
            {QUESTIONNAIRE_EXPORT_FORMATS.map((f) => (
              <Radio key={f} name="export-format" value={f} label={EXPORT_FORMAT_LABELS[f]} checked={format === f} onChange={() => setFormat(f)} />
            ))}
          </div>
        </fieldset>
        {format === "pdf" ? (
          <Checkbox label={EXPORT_TEXT.removeNosAndNa} checked={removeNosAndNa} onChange={(e) => setRemoveNosAndNa(e.currentTarget.checked)} />
        ) : null}
        {format === "zip" ? (
          <>
            <Checkbox label={EXPORT_TEXT.includeDocuments} checked={includeDocuments} onChange={(e) => setIncludeDocuments(e.currentTarget.checked)} />
            <Checkbox
              label={EXPORT_TEXT.convertImages}
              checked={convertImages}
              disabled={!includeDocuments}
              onChange={(e) => setConvertImages(e.currentTarget.checked)}
            />
          </>
        ) : null}
        {!names ? (
          <Spinner label="Loading" />
        ) : single ? (
          <TextField
            label="File name"
            value={name}
            maxLength={200}
            error={nameError ?? undefined}
            hint={`Saved as ${exportFileName(name || "…", format)}`}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
          />
        ) : (
          <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 160, overflow: "auto" }} aria-label="Files">
            {names.map((n) => (
              <li key={n.id}>{exportFileName(n.name, format)}</li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

/** 'Export in progress': each export's progress until it is ready (or failed), then its Download link. */
export function ExportProgressDialog({
  initial,
  onClose,
  onLock,
  onTrackChanges,
  locked,
  trackChanges,
}: {
  initial: ExportProgress[];
  onClose: () => void;
  onLock?: () => void;
  onTrackChanges?: () => void;
  locked?: boolean;
  trackChanges?: boolean;
}) {
  const [exports, setExports] = useState(initial);
  const delay = useRef<number>(EXPORT_POLL.firstMs);
  const running = exports.some((e) => e.status === "pending" || e.status === "processing");

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      void Promise.all(
        exports.map(async (e) => {
          if (e.status === "completed" || e.status === "failed") return e;
          const response = await apiFetch(`/api/staff/exports/${encodeURIComponent(e.id)}`).catch(() => null);
          if (!response?.ok) return e;
          return ((await response.json()) as { export: ExportProgress }).export;
        }),
      ).then((next) => {
        delay.current = Math.min(EXPORT_POLL.maxMs, delay.current * EXPORT_POLL.factor);
        setExports(next);
      });
    }, delay.current);
    return () => clearTimeout(timer);
  }, [exports, running]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={EXPORT_TEXT.inProgressTitle}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div style={{ display: "grid", gap: 16 }}>
        <p style={{ margin: 0 }} role="status">
          {running ? EXPORT_TEXT.inProgress : EXPORT_TEXT.ready}
        </p>
        {exports.map((e) => {
          const file = exportFileName(e.name, e.format);
          return (
            <div key={e.id} style={{ display: "grid", gap: 6 }}>
              {e.status === "failed" ? (
                <Alert tone="danger" title={e.error ?? EXPORT_TEXT.failed}>
                  {file}
                </Alert>
              ) : e.status === "completed" && e.downloadPath ? (
                <div style={{ display: "flex", gap: 12, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
                  <span style={{ overflowWrap: "anywhere" }}>{file}</span>
                  <Button size="sm" to={e.downloadPath} reloadDocument>
                    {EXPORT_TEXT.download}
                  </Button>
                </div>
              ) : (
                <ProgressBar label={file} value={e.done} max={Math.max(1, e.total)} showValue valueText={e.total ? `${e.done} / ${e.total}` : "Starting…"} />
              )}
            </div>
          );
        })}
        {running && (onLock || onTrackChanges) ? (
          <Alert tone="info" title={EXPORT_TEXT.suggestion}>
            <div style={{ display: "flex", gap: 8, flexWrap: "wrap", marginTop: 8 }}>
              {onLock ? (
                <Button size="sm" variant="secondary" disabled={locked} onClick={onLock}>
                  {locked ? "Locked" : "Lock"}
                </Button>
              ) : null}
              {onTrackChanges ? (
                <Button size="sm" variant="secondary" disabled={trackChanges} onClick={onTrackChanges}>
                  {trackChanges ? "Tracking changes" : "Track changes"}
                </Button>
              ) : null}
            </div>
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
