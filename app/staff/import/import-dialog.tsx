/**
 * The Import dialog (staff spec §2 Clients page dialogs, §5 'Import'): choose the file type and
 * its fields, add files (duplicate names dropped, empty files ignored), upload each straight to
 * the store, then follow a client list's processing with a progress bar (polling
 * /api/staff/import/{id} every second) up to its result and the report of rejected rows.
 *
 * `<ImportButton />` shows the 'Import' button for partner, admin and full-access staff only.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from "react";
import { useRevalidator } from "@remix-run/react";
import { apiFetch } from "~/auth/api-fetch";
import { uploadWithProgress, UploadFailedError } from "~/components/upload/upload-with-progress";
import { Alert, Badge, Button, Dialog, ProgressBar, Select, TextArea, TextField, UploadIcon, useToast } from "~/components/ui";
import { useRootData } from "~/root";
import type { UploadGrant } from "~/storage/uploads";
import { staffListTemplate } from "~/team/team-rules";
import { useVocabulary } from "~/vocabulary";
import {
  acceptFor,
  CLIENT_LIST_TYPES,
  clientListTemplate,
  IMPORT_FILE_TYPES,
  IMPORT_MESSAGES,
  IMPORT_YEARS,
  importKind,
  progressPercent,
  selectImportFiles,
  TAX_SOFTWARE,
  VARIOUS_ASSIGNEE,
  type ClientListType,
  type ImportFileType,
  type ImportProgress,
} from "./import-rules";
import * as s from "./import-dialog.css";

const IMPORT_ACCESS = ["partner", "admin", "full"];
const POLL_MS = 1000;

interface Option {
  value: string;
  label: string;
}

type FileState =
  { phase: "ready" } | { phase: "uploading"; percent: number } | { phase: "recorded"; job: ImportProgress } | { phase: "error"; message: string };

interface PickedFile {
  id: string;
  file: File;
  name: string;
  size: number;
  state: FileState;
}

interface Fields {
  fileType: ImportFileType | "";
  clientListType: ClientListType | "";
  assignedFirmUserId: string;
  taxSoftware: string;
  year: string;
  documentName: string;
  comment: string;
}

const EMPTY_FIELDS: Fields = { fileType: "", clientListType: "", assignedFirmUserId: "", taxSoftware: "", year: "", documentName: "", comment: "" };

async function readJson<T>(response: Response): Promise<T & { error?: string; errors?: Record<string, string> }> {
  try {
    return (await response.json()) as T & { error?: string };
  } catch {
    return { error: "Something went wrong" } as T & { error?: string };
  }
}

/** Which fields the chosen type needs (spec §5 'Import'); the messages of what is missing. */
function missingFields(f: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!f.fileType) errors.fileType = IMPORT_MESSAGES.fileType;
  if (f.fileType === "client_list") {
    if (!f.clientListType) errors.clientListType = IMPORT_MESSAGES.clientListType;
    if (!f.assignedFirmUserId) errors.assignedFirmUserId = IMPORT_MESSAGES.assignee;
  }
  if ((f.fileType === "zipped_rollover_items" || f.fileType === "rollover_items_import") && !f.taxSoftware) errors.taxSoftware = IMPORT_MESSAGES.taxSoftware;
  if (f.fileType === "rollover_items_import" && !f.year) errors.year = IMPORT_MESSAGES.year;
  if (f.fileType === "other_document" && !f.comment.trim()) errors.comment = IMPORT_MESSAGES.description;
  return errors;
}

/** Client lists and staff lists are read here (a background job); the other types are recorded. */
const processedHere = (fileType: string) => fileType === "client_list" || fileType === "staff_list";

function templateHref(type: ClientListType): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(clientListTemplate(type))}`;
}

export function ImportButton() {
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const user = root?.user;
  if (!user || user.kind !== "staff" || !IMPORT_ACCESS.includes(user.firmAccess ?? "")) return null;
  return (
    <>
      <Button variant="secondary" iconStart={<UploadIcon size={16} />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open ? <ImportDialog open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useVocabulary();
  const toast = useToast();
  const [advisors, setAdvisors] = useState<Option[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | "files", string>>>({});
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(0);
  const submitted = files.some((f) => f.state.phase !== "ready");

  useEffect(() => {
    let cancelled = false;
    apiFetch("/api/staff/import", { headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = await readJson<{ advisors: Option[] }>(response);
        if (cancelled) return;
        if (!response.ok) setLoadError(body.error ?? "Something went wrong");
        else setAdvisors(body.advisors);
      })
      .catch(() => !cancelled && setLoadError("Something went wrong"));
    return () => {
      cancelled = true;
    };
  }, []);

  // When a client list finishes, the page behind (the Users table) shows the new users.
  const revalidator = useRevalidator();
  const finishedKey = files
    .filter((f) => f.state.phase === "recorded" && f.state.job.status === "completed" && f.state.job.createdUsers > 0)
    .map((f) => f.id)
    .join(",");
  useEffect(() => {
    if (finishedKey) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedKey]);

  const setFile = useCallback((id: string, state: FileState) => {
    setFiles((current) => current.map((f) => (f.id === id ? { ...f, state } : f)));
  }, []);

  // Poll the client lists being processed, every second, until each is finished.
  // Client and staff lists are processed here; other types wait for the firm's team.
  const running = files.filter(
    (f) => f.state.phase === "recorded" && processedHere(f.state.job.fileType) && (f.state.job.status === "pending" || f.state.job.status === "processing"),
  );
  const runningKey = running.map((f) => f.id).join(",");
  useEffect(() => {
    if (!runningKey) return;
    const timer = setTimeout(async () => {
      for (const f of running) {
        if (f.state.phase !== "recorded") continue;
        try {
          const response = await apiFetch(`/api/staff/import/${encodeURIComponent(f.state.job.id)}`, { headers: { Accept: "application/json" } });
          const body = await readJson<{ import: ImportProgress }>(response);
          if (response.ok && body.import) setFile(f.id, { phase: "recorded", job: body.import });
        } catch {
          // A lost poll is retried at the next tick.
        }
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runningKey, files]);

  const update = <K extends keyof Fields>(name: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const addFiles = (list: FileList | null) => {
    if (!list || submitted) return;
    const added = Array.from(list).map((file) => ({
      id: `f${nextId.current++}`,
      file,
      name: file.name,
      size: file.size,
      state: { phase: "ready" } as FileState,
    }));
    const result = selectImportFiles(files, added);
    setFiles(result.files);
    setNotices(result.notices);
    setErrors((e) => ({ ...e, files: undefined }));
    if (inputRef.current) inputRef.current.value = "";
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const uploadOne = async (picked: PickedFile, fileType: ImportFileType): Promise<boolean> => {
    setFile(picked.id, { phase: "uploading", percent: 0 });
    const post = (body: object) =>
      apiFetch("/api/staff/import", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
    try {
      const granted = await post({ intent: "grant", fileType, fileName: picked.name, size: picked.size });
      const grantBody = await readJson<{ grant: UploadGrant }>(granted);
      if (!granted.ok) throw new Error(grantBody.error ?? IMPORT_MESSAGES.uploadFailed);
      await uploadWithProgress(grantBody.grant, picked.file, (p) => setFile(picked.id, { phase: "uploading", percent: p.percent }), { fileName: picked.name });
      const confirmed = await post({
        intent: "confirm",
        key: grantBody.grant.key,
        fileName: picked.name,
        fileType,
        clientListType: fields.clientListType || null,
        assignedFirmUserId: fields.assignedFirmUserId || null,
        taxSoftware: fields.taxSoftware || null,
        year: fields.year ? Number(fields.year) : null,
        documentName: fields.documentName,
        comment: fields.comment,
      });
      const confirmBody = await readJson<{ import: ImportProgress }>(confirmed);
      if (!confirmed.ok) throw new Error(confirmBody.error ?? IMPORT_MESSAGES.uploadFailed);
      setFile(picked.id, { phase: "recorded", job: confirmBody.import });
      return true;
    } catch (error) {
      const message = error instanceof UploadFailedError || error instanceof Error ? error.message : IMPORT_MESSAGES.uploadFailed;
      setFile(picked.id, { phase: "error", message });
      return false;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<keyof Fields | "files", string>> = missingFields(fields);
    if (!files.length) problems.files = IMPORT_MESSAGES.file;
    else if (fields.fileType) {
      const wrong = files.find((f) => !importKind(fields.fileType as ImportFileType, f.name));
      if (wrong)
        problems.files = `${wrong.name}: ${IMPORT_MESSAGES.wrongType(acceptFor(fields.fileType).replace(/\./g, "").toUpperCase().replace(/,/g, ", "))}`;
    }
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    setNotices([]);
    setBusy(true);
    const results: boolean[] = [];
    for (const f of files) results.push(await uploadOne(f, fields.fileType as ImportFileType));
    setBusy(false);
    if (results.every(Boolean)) toast.success("Upload successful");
    else toast.error(results.some(Boolean) ? "Some files could not be imported." : IMPORT_MESSAGES.uploadFailed);
  };

  const reset = () => {
    setFiles([]);
    setNotices([]);
    setFields(EMPTY_FIELDS);
    setErrors({});
  };

  const fileType = fields.fileType;
  const allDone = submitted && !busy && running.length === 0;
  const accept = fileType ? acceptFor(fileType) : ".csv,.zip,.pdf,.png,.gif,.jpg,.jpeg,.heic";

  return (
    <Dialog
      open={open}
      onClose={onClose}
      persistent={busy}
      size="md"
      title="Import"
      description={t("Upload a client list to create users and entities, or send your firm other files to import.")}
      footer={
        allDone ? (
          <>
            <Button variant="secondary" onClick={reset}>
              Import more
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {submitted ? "Close" : "Cancel"}
            </Button>
            {!submitted ? (
              <Button type="submit" form="import-form" loading={busy} disabled={!advisors}>
                Import
              </Button>
            ) : null}
          </>
        )
      }
    >
      {loadError ? (
        <Alert tone="danger">{loadError}</Alert>
      ) : (
        <form id="import-form" className={s.form} onSubmit={onSubmit} noValidate>
          <fieldset disabled={submitted} style={{ border: 0, margin: 0, padding: 0, minWidth: 0, display: "contents" }}>
            <Select
              label="File type"
              required
              placeholder="Choose a file type"
              value={fileType}
              error={errors.fileType}
              onChange={(e: ChangeEvent<HTMLSelectElement>) => update("fileType", e.target.value as ImportFileType | "")}
              options={IMPORT_FILE_TYPES.map((o) => ({ value: o.value, label: o.label }))}
            />
            {fileType === "client_list" ? (
              <>
                <div className={s.row}>
                  <Select
                    label="Client list type"
                    required
                    placeholder="Choose a list type"
                    value={fields.clientListType}
                    error={errors.clientListType}
                    onChange={(e: ChangeEvent<HTMLSelectElement>) => update("clientListType", e.target.value as ClientListType | "")}
                    options={CLIENT_LIST_TYPES.map((o) => ({ value: o.value, label: t(o.label) }))}
                  />
                  <Select
                    label="Assignee"
                    required
                    placeholder={t(advisors ? "Choose an advisor" : "Loading advisors…")}
                    value={fields.assignedFirmUserId}
                    error={errors.assignedFirmUserId}
                    hint={fields.assignedFirmUserId === VARIOUS_ASSIGNEE ? t("Each row names its advisor in the Assigned Advisor Email column.") : undefined}
                    onChange={(e: ChangeEvent<HTMLSelectElement>) => update("assignedFirmUserId", e.target.value)}
                    options={[{ value: VARIOUS_ASSIGNEE, label: "Various" }, ...(advisors ?? [])]}
                  />
                </div>
                <div className={s.links}>
                  <span className={s.muted}>Templates:</span>
                  <a href={templateHref("individuals")} download="client-list-individuals.csv">
                    Individuals (1040)
                  </a>
                  <a href={templateHref("entities")} download="client-list-entities.csv">
                    {t("Entities")}
                  </a>
                </div>
              </>
            ) : null}
            {fileType === "staff_list" ? (
              <div className={s.links}>
                <span className={s.muted}>Each row is invited by email, as from the Team page.</span>
                <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(staffListTemplate())}`} download="staff-list.csv">
                  Template
                </a>
              </div>
            ) : null}
            {fileType === "zipped_rollover_items" || fileType === "rollover_items_import" ? (
              <div className={s.row}>
                {fileType === "rollover_items_import" ? (
                  <Select
                    label="Year"
                    required
                    placeholder="Choose a year"
                    value={fields.year}
                    error={errors.year}
                    onChange={(e: ChangeEvent<HTMLSelectElement>) => update("year", e.target.value)}
                    options={IMPORT_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
                  />
                ) : null}
                <Select
                  label="Tax software"
                  required
                  placeholder="Choose a tax software"
                  value={fields.taxSoftware}
                  error={errors.taxSoftware}
                  onChange={(e: ChangeEvent<HTMLSelectElement>) => update("taxSoftware", e.target.value)}
                  options={TAX_SOFTWARE.map((v) => ({ value: v, label: v }))}
                />
              </div>
            ) : null}
            {fileType === "other_document" ? (
              <TextField
                label="Document name"
                value={fields.documentName}
                maxLength={200}
                onChange={(e: ChangeEvent<HTMLInputElement>) => update("documentName", e.target.value)}
              />
            ) : null}
            {fileType ? (
              <TextArea
                label={fileType === "other_document" ? "Description" : "Comment"}
                required={fileType === "other_document"}
                rows={2}
                maxLength={2000}
                value={fields.comment}
                error={errors.comment}
                onChange={(e: ChangeEvent<HTMLTextAreaElement>) => update("comment", e.target.value)}
              />
            ) : null}
          </fieldset>

          {!submitted ? (
            <label
              className={s.drop}
              data-dragging={dragging}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <UploadIcon size={24} />
              <span className={s.dropTitle}>Choose files or drop them here</span>
              <span>{fileType ? accept.replace(/\./g, "").toUpperCase().replace(/,/g, ", ") : "CSV, ZIP, PDF or images"} · Max size 150 MB</span>
              <input
                ref={inputRef}
                className={s.fileInput}
                type="file"
                multiple
                accept={accept}
                aria-label="Files to import"
                onChange={(e) => addFiles(e.target.files)}
              />
            </label>
          ) : null}
          {errors.files ? (
            <Alert tone="danger" role="alert">
              {errors.files}
            </Alert>
          ) : null}
          {notices.length ? (
            <Alert tone="warning" onDismiss={() => setNotices([])}>
              {notices.map((n) => (
                <div key={n}>{n}</div>
              ))}
            </Alert>
          ) : null}
          {files.length ? (
            <ul className={s.files} aria-label="Files">
              {files.map((f) => (
                <FileRow key={f.id} file={f} onRemove={submitted ? undefined : () => setFiles((list) => list.filter((x) => x.id !== f.id))} />
              ))}
            </ul>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}

function FileRow({ file, onRemove }: { file: PickedFile; onRemove?: () => void }) {
  const t = useVocabulary();
  const { state } = file;
  const size = file.size >= 1024 * 1024 ? `${(file.size / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(file.size / 1024))} KB`;
  return (
    <li className={s.file} data-testid="import-file">
      <div className={s.fileHead}>
        <span className={s.fileName}>{file.name}</span>
        {state.phase === "ready" ? (
          <span className={s.stats}>
            <span className={s.muted}>{size}</span>
            {onRemove ? (
              <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${file.name}`}>
                Remove
              </Button>
            ) : null}
          </span>
        ) : null}
        {state.phase === "recorded" ? <StatusBadge job={state.job} /> : null}
        {state.phase === "error" ? <Badge tone="danger">Failed</Badge> : null}
      </div>
      {state.phase === "uploading" ? <ProgressBar label={`Uploading ${file.name}`} hideLabel value={state.percent} showValue size="sm" /> : null}
      {state.phase === "error" ? <span role="alert">{state.message}</span> : null}
      {state.phase === "recorded" && processedHere(state.job.fileType) ? (
        <>
          {state.job.status !== "failed" ? (
            <ProgressBar
              label={`Importing ${file.name}`}
              hideLabel
              size="sm"
              tone={state.job.status === "completed" ? "success" : "brand"}
              value={progressPercent(state.job)}
              showValue
              valueText={state.job.totalRows === null ? "Reading the file…" : `${state.job.processedRows} / ${state.job.totalRows} rows`}
            />
          ) : null}
          {state.job.status === "failed" ? <span role="alert">{state.job.error ?? "Something went wrong"}</span> : null}
          {state.job.status === "completed" ? (
            <div className={s.stats} role="status">
              <span>
                {state.job.fileType === "staff_list"
                  ? `${state.job.createdUsers} staff invited`
                  : t(`${state.job.createdUsers} users and ${state.job.createdEntities} ${state.job.createdEntities === 1 ? "entity" : "entities"} created`)}
                {state.job.rejectedCount ? `, ${state.job.rejectedCount} ${state.job.rejectedCount === 1 ? "row" : "rows"} rejected` : ""}.
              </span>
              {state.job.rejectedCount ? (
                <a className={s.links} href={`/api/staff/import/${encodeURIComponent(state.job.id)}/report`} download>
                  Download report
                </a>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
      {state.phase === "recorded" && !processedHere(state.job.fileType) ? (
        <span className={s.muted} role="status">
          Received. {state.job.fileType === "zipped_rollover_items" ? IMPORT_MESSAGES.rolloverTime : "Your firm's import team will process it."}
        </span>
      ) : null}
    </li>
  );
}

function StatusBadge({ job }: { job: ImportProgress }) {
  if (!processedHere(job.fileType)) return <Badge tone="success">Uploaded</Badge>;
  if (job.status === "completed")
    return <Badge tone={job.rejectedCount ? "warning" : "success"}>{job.rejectedCount ? "Completed with rejected rows" : "Completed"}</Badge>;
  if (job.status === "failed") return <Badge tone="danger">Failed</Badge>;
  return <Badge tone="info">{job.status === "pending" ? "Queued" : "Importing"}</Badge>;
}
