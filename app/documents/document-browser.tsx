/**
 * The document browser, for clients (/documents/{companyHash}) and staff
 * (/admin/{companyHash}/documents): folder tree (folders only), the current folder's items,
 * search, Add Folder, Add (uploads straight to the store with a progress bar per file), rename,
 * move, delete, restore, downloads and copy folder URL; staff also edit descriptions and tags.
 * Files (listed, found or deleted) can be selected: the selection bar downloads them as one zip,
 * moves, deletes or restores them at once (files only; folders keep their own row actions).
 * The server decides what is allowed (these buttons only mirror its permissions).
 */
import { Form, Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";

import { sniffBlob, UploadFailedError, UploadProgress, uploadWithProgress, UPLOAD_FAILED_MESSAGE } from "~/components/upload";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ConfirmDialog,
  Dialog,
  EmptyState,
  FileIcon,
  FolderIcon,
  HomeIcon,
  PlusIcon,
  SearchIcon,
  Select,
  TextArea,
  TextField,
  UploadIcon,
  useToast,
} from "~/components/ui";
import type { UploadGrant } from "~/storage/uploads";
import { formatFileSize } from "~/storage/uploads";
import type { DocumentItem } from "./items.server";
import type { DocumentBrowserData } from "./listing.server";
import * as css from "./document-browser.css";
import { DOCUMENT_MESSAGES, joinPath, type FolderNode } from "./rules";
import { bulkActions, SELECTION_MESSAGES, selectAllState, selectionKind, toggleAll, toggleOne, type BulkAction } from "./selection";
import { SplitReviewDialog, type SplitOptions } from "./split-dialog";
import { screenUploadBatch } from "./upload-batch";
import { FilePreviewDialog, previewKind } from "~/pdf/file-preview-dialog";

export type { SplitOptions } from "./split-dialog";

export interface DocumentBrowserProps {
  data: DocumentBrowserData;
  entities: { hashId: string; name: string }[];
  mode: "client" | "staff";
  /** The page's own URL without the query (links keep ?path=). */
  basePath: string;
  /** Staff page: document split (advisors of firms with the bulk upload processor). */
  split?: SplitOptions;
  /** Client page: shown above the list when the firm split any of this entity's documents. */
  note?: string | null;
  /** Extra buttons in the page header (staff: the secure upload link). */
  headerActions?: ReactNode;
}

type DialogState =
  | { kind: "folder" }
  | { kind: "rename"; item: DocumentItem }
  | { kind: "move"; item: DocumentItem }
  | { kind: "delete"; item: DocumentItem }
  | { kind: "describe"; item: DocumentItem }
  | { kind: "split"; item: DocumentItem }
  | { kind: "preview"; item: DocumentItem }
  | { kind: "bulk-move" }
  | { kind: "bulk-delete" }
  | null;

interface UploadRow {
  id: number;
  name: string;
  percent: number;
  status: "uploading" | "done" | "error";
  error: string | null;
}

const ACCEPT = ".pdf,.png,.gif,.jpg,.jpeg,.heic,.heif,application/pdf,image/png,image/gif,image/jpeg,image/heic,image/heif";
const PARALLEL_UPLOADS = 3;

function folderHref(basePath: string, path: string, page = 1): string {
  const params = new URLSearchParams(path === "/" ? {} : { path });
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

function flatten(node: FolderNode, out: string[] = []): string[] {
  out.push(node.path);
  node.children.forEach((c) => flatten(c, out));
  return out;
}

/** The server refused an action (4xx) with a message fit to show. */
class ActionRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const BULK_LABELS: Record<BulkAction, string> = { download: "Download", move: "Move", delete: "Delete", restore: "Restore" };

/** Saves a zip the server answered with under the name it gave. */
async function saveDownload(response: Response) {
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "documents.zip";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function DocumentBrowser({ data, entities, mode, basePath, split, note, headerActions }: DocumentBrowserProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const { permissions, path, entity } = data;
  const apiUrl = `/api/documents/${entity.hashId}`;
  const folders = useMemo(() => flatten(data.tree), [data.tree]);
  /** Documents being split: document id → its split (polled until done). */
  const [splitting, setSplitting] = useState<Record<string, string>>({});
  const polling = useRef(new Set<string>());
  /** Ids of the selected files; a new folder, search or entity starts a new selection. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => setSelected(new Set()), [entity.hashId, path, data.search, data.page.page]);

  async function api<T = { ok: true; message?: string; url?: string; grant?: UploadGrant; item?: DocumentItem }>(body: Record<string, unknown>): Promise<T> {
    const response = await fetch(apiUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const result = (await response.json().catch(() => ({}))) as { error?: string };
    // A 4xx with the server's message is a refusal worth showing; anything else is a failure.
    if (!response.ok)
      throw response.status < 500 && result.error ? new ActionRefused(result.error, response.status) : new Error(result.error ?? "Something went wrong");
    return result as T;
  }

  /** One action; a refusal shows the server's message, other failures `failure` (the spec's text for the action). */
  async function run(body: Record<string, unknown>, success?: string, failure: string = DOCUMENT_MESSAGES.updateFailed): Promise<boolean> {
    setBusy(true);
    try {
      const result = await api(body);
      const message = success ?? result.message;
      if (message) toast.success(message);
      setDialog(null);
      revalidate();
      return true;
    } catch (error) {
      toast.error(error instanceof ActionRefused ? error.message : failure);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** A bulk action on the selection; the selection is cleared when it is done. */
  async function runBulk(body: Record<string, unknown>, success: string | undefined, failure: string) {
    if (await run({ ...body, ids: selectedItems.map((i) => i.id) }, success, failure)) setSelected(new Set());
  }

  async function downloadSelected() {
    setBusy(true);
    try {
      const response = await fetch(`${apiUrl}/files`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ids: selectedItems.map((i) => i.id) }),
      });
      if (!response.ok) {
        // Too large (503) and a mixed selection (422) have their own messages; the rest the spec's folder one.
        toast.error(response.status === 503 || response.status === 422 ? await response.text() : DOCUMENT_MESSAGES.folderDownloadFailed);
        return;
      }
      await saveDownload(response);
    } catch {
      toast.error(DOCUMENT_MESSAGES.folderDownloadFailed);
    } finally {
      setBusy(false);
    }
  }

  async function pollSplit(documentId: string, extractedDocumentId: string) {
    if (!split || polling.current.has(extractedDocumentId)) return;
    polling.current.add(extractedDocumentId);
    setSplitting((current) => ({ ...current, [documentId]: extractedDocumentId }));
    let status = "processing";
    try {
      for (let loop = 0; loop < split.pollMaxLoops && status === "processing"; loop++) {
        await sleep(split.pollIntervalMs);
        const result = await api<{ split?: { status: string } }>({ intent: "split_status", extractedDocumentId });
        status = result.split?.status ?? "processing";
      }
      if (status === "processing") toast.info(split.messages.stillProcessing);
      else if (status === "split_failed") toast.error(split.messages.failed);
      else toast.success(split.messages.done);
    } catch (error) {
      toast.error((error as Error).message || split.messages.failed);
    } finally {
      polling.current.delete(extractedDocumentId);
      setSplitting((current) => {
        const { [documentId]: _done, ...rest } = current;
        return rest;
      });
      revalidate();
    }
  }

  async function startSplit(item: DocumentItem, pages: string) {
    setBusy(true);
    try {
      const result = await api<{ message?: string; split?: { extractedDocumentId: string } }>({ intent: "split", id: item.id, pages });
      if (result.message) toast.info(result.message);
      setDialog(null);
      if (result.split) void pollSplit(item.id, result.split.extractedDocumentId);
    } catch (error) {
      toast.error((error as Error).message || split?.messages.failed);
    } finally {
      setBusy(false);
    }
  }

  // A split still running when the page loads: follow it too.
  useEffect(() => {
    if (!split) return;
    for (const [documentId, s] of Object.entries(split.bySource)) if (s.status === "processing") void pollSplit(documentId, s.extractedDocumentId);
  }, [split?.bySource]);

  async function uploadFiles(files: File[]) {
    const staffMode = mode === "staff";
    if (uploads.some((u) => u.status === "uploading")) toast.info(DOCUMENT_MESSAGES.processing);
    const sniffed = await Promise.all(files.map((f) => sniffBlob(f).catch(() => null)));
    const screening = screenUploadBatch(
      files.map((file, i) => ({ file, name: file.name, size: file.size, type: file.type, sniffed: sniffed[i] })),
      data.items.filter((i) => i.itemType === "file").map((i) => i.name),
    );
    if (screening.tooMany) {
      toast.error(DOCUMENT_MESSAGES.tooManyFiles);
      return;
    }
    const base = Date.now();
    const rows: UploadRow[] = screening.send.map((f, i) => ({ id: base + i, name: f.name, percent: 0, status: "uploading", error: null }));
    const skippedRows: UploadRow[] = screening.skipped.map((s, i) => ({
      id: base + rows.length + i,
      name: s.file.name,
      percent: 0,
      status: "error",
      error: s.message,
    }));
    setUploads((current) => [...current.filter((u) => u.status === "uploading"), ...rows, ...skippedRows]);
    // Skipped files: the INVALID message once for wrong types, the spec's message for the others.
    if (screening.anyInvalid) toast.error(DOCUMENT_MESSAGES.invalidFiles);
    for (const message of new Set(screening.skipped.filter((s) => s.reason !== "invalid").map((s) => s.message))) toast.error(message);

    const update = (id: number, patch: Partial<UploadRow>) => setUploads((current) => current.map((u) => (u.id === id ? { ...u, ...patch } : u)));
    let succeeded = 0;
    const failures = new Set<string>();
    const notes = new Set<string>();
    const queue = screening.send.map((f, i) => ({ file: f.file, row: rows[i] }));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, row } = next;
        try {
          let grant: UploadGrant;
          try {
            ({ grant } = await api<{ grant: UploadGrant }>({ intent: "upload_grant", path, fileName: file.name, contentType: file.type, size: file.size }));
          } catch (error) {
            // Refused (duplicate, type, permissions): the server's message; otherwise the page is stale or offline.
            throw error instanceof ActionRefused ? error : new Error(DOCUMENT_MESSAGES.uploadUnavailable);
          }
          await uploadWithProgress(grant, file, ({ percent }) => update(row.id, { percent }), { fileName: file.name });
          const confirmed = await api<{ message?: string }>({
            intent: "upload_confirm",
            path,
            fileName: file.name,
            contentType: grant.contentType,
            key: grant.key,
          });
          if (confirmed.message && confirmed.message !== DOCUMENT_MESSAGES.uploaded) notes.add(confirmed.message);
          update(row.id, { status: "done", percent: 100 });
          succeeded++;
        } catch (error) {
          const message =
            error instanceof ActionRefused || error instanceof UploadFailedError
              ? error.message
              : error instanceof Error && error.message === DOCUMENT_MESSAGES.uploadUnavailable
                ? error.message
                : UPLOAD_FAILED_MESSAGE;
          update(row.id, { status: "error", error: message });
          failures.add(message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
    if (failures.size) {
      if (staffMode) toast.error(DOCUMENT_MESSAGES.uploadError);
      else for (const message of failures) toast.error(message);
    }
    for (const note of notes) toast.warning(note);
    if (succeeded > 0) {
      toast.success(staffMode ? "Upload successful" : DOCUMENT_MESSAGES.uploaded);
      revalidate();
    }
  }

  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length) void uploadFiles(files);
  }

  async function downloadFile(item: DocumentItem) {
    try {
      const { url } = await api<{ url: string }>({ intent: "download_url", id: item.id });
      window.location.assign(url);
    } catch (error) {
      toast.error(error instanceof ActionRefused ? error.message : DOCUMENT_MESSAGES.downloadFailed);
    }
  }

  async function downloadFolder(folderPath: string, convert = false) {
    setBusy(true);
    try {
      const response = await fetch(`${apiUrl}/folder?${new URLSearchParams({ path: folderPath, ...(convert ? { convert: "pdf" } : {}) })}`);
      if (!response.ok) {
        toast.error(response.status === 503 ? await response.text() : DOCUMENT_MESSAGES.folderDownloadFailed);
        return;
      }
      await saveDownload(response);
    } catch {
      toast.error(DOCUMENT_MESSAGES.folderDownloadFailed);
    } finally {
      setBusy(false);
    }
  }

  async function copyFolderUrl() {
    try {
      await navigator.clipboard.writeText(new URL(folderHref(basePath, path), window.location.origin).toString());
      toast.success(DOCUMENT_MESSAGES.linkCopied);
    } catch {
      toast.error("Could not copy the link.");
    }
  }

  const crumbs = path === "/" ? [] : path.slice(1).split("/");
  const disabledTitle = permissions.reason ?? undefined;
  const shown = data.results ?? data.items;

  // Selection: the listed (or found) files, and deleted files where the viewer may restore.
  const listedFileIds = shown.filter((i) => i.itemType === "file").map((i) => i.id);
  const showDeleted = data.deleted.length > 0 && permissions.canRestore;
  const selectable = new Map([...shown, ...(showDeleted ? data.deleted : [])].filter((i) => i.itemType === "file").map((i) => [i.id, i]));
  // Ids no longer listed (deleted elsewhere, moved away) drop out of the selection by themselves.
  const selectedItems = [...selected].flatMap((id) => selectable.get(id) ?? []);
  const kind = selectionKind(selectedItems);
  // A client's selection with a file the firm shared through a questionnaire: download only.
  const firmFilesSelected = mode === "client" && selectedItems.some((i) => i.firmProvided);
  const actions = bulkActions(kind, permissions).filter((a) => !firmFilesSelected || (a.action !== "move" && a.action !== "delete"));
  const allState = selectAllState(listedFileIds, selected);
  const select = (item: DocumentItem, on: boolean) => setSelected((current) => toggleOne(current, item.id, on));
  const bulk: Record<BulkAction, () => void> = {
    download: () => void downloadSelected(),
    move: () => setDialog({ kind: "bulk-move" }),
    delete: () => setDialog({ kind: "bulk-delete" }),
    restore: () => void runBulk({ intent: "restore_many" }, undefined, DOCUMENT_MESSAGES.restoreFailed),
  };
  const selectionPaths = new Set(selectedItems.map((i) => i.path));

  return (
    <div className={css.page}>
      <div className={css.header}>
        <div>
          <h1 className={css.title}>Documents</h1>
          <p className={css.muted}>{entity.name}</p>
        </div>
        {headerActions}
        {entities.length > 1 ? (
          <Select
            label="Entity"
            value={entity.hashId}
            options={entities.map((e) => ({ value: e.hashId, label: e.name }))}
            onChange={(e) => navigate(`/documents/${e.target.value}`)}
          />
        ) : null}
      </div>

      <div className={css.toolbar}>
        <Button to={basePath} variant="secondary" size="sm" iconStart={<HomeIcon />}>
          Home
        </Button>
        <Form method="get" action={basePath} className={css.search} role="search">
          <div className={css.searchField}>
            <TextField
              label="Search documents"
              hideLabel
              name="q"
              type="search"
              placeholder="Search by document or folder name"
              defaultValue={data.search ?? ""}
              startAdornment={<SearchIcon />}
            />
          </div>
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </Form>
        <Button
          size="sm"
          variant="secondary"
          iconStart={<PlusIcon />}
          disabled={!permissions.canManageFolders}
          title={disabledTitle}
          onClick={() => setDialog({ kind: "folder" })}
        >
          Add Folder
        </Button>
        <span className={css.addGroup}>
          <Button
            size="sm"
            iconStart={<UploadIcon />}
            disabled={!permissions.canUpload}
            title={disabledTitle}
            onClick={() => fileInput.current?.click()}
            aria-describedby="document-upload-hint"
          >
            Add
          </Button>
          <span id="document-upload-hint" className={css.muted}>
            PDF, PNG, GIF, JPEG or HEIC · {DOCUMENT_MESSAGES.maxSize}
          </span>
        </span>
        <input
          ref={fileInput}
          className={css.hiddenInput}
          type="file"
          multiple
          accept={ACCEPT}
          onChange={onFilesChosen}
          tabIndex={-1}
          aria-label="Choose files to upload"
          data-testid="document-file-input"
        />
      </div>

      {permissions.reason ? <Alert tone="info">{permissions.reason}</Alert> : null}
      {note ? <Alert tone="info">{note}</Alert> : null}

      {uploads.length ? (
        <section className={`${css.panel} ${css.uploads}`} aria-label="Uploads">
          {uploads.map((u) => (
            <UploadProgress key={u.id} className={css.upload} fileName={u.name} percent={u.percent} status={u.status} error={u.error} />
          ))}
        </section>
      ) : null}

      <div className={css.layout}>
        <nav className={css.panel} aria-label="Folders">
          <FolderTree node={data.tree} basePath={basePath} current={path} root />
        </nav>

        <section className={css.panel} aria-label={data.results ? "Search results" : "Folder contents"}>
          {data.results ? (
            <p className={css.muted}>
              {data.results.length} result{data.results.length === 1 ? "" : "s"} for “{data.search}” · <Link to={folderHref(basePath, path)}>Clear search</Link>
            </p>
          ) : (
            <div className={css.header}>
              <ol className={css.breadcrumbs} aria-label="Current folder">
                <li>
                  <Link className={css.crumbLink} to={basePath}>
                    Home
                  </Link>
                </li>
                {crumbs.map((name, i) => (
                  <li key={i}>
                    /{" "}
                    <Link
                      className={css.crumbLink}
                      to={folderHref(basePath, `/${crumbs.slice(0, i + 1).join("/")}`)}
                      aria-current={i === crumbs.length - 1 ? "page" : undefined}
                    >
                      {name}
                    </Link>
                  </li>
                ))}
              </ol>
              <div className={css.rowActions}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void downloadFolder(path)}
                  loading={busy && !dialog}
                  disabled={data.items.length === 0 && data.tree.children.length === 0}
                >
                  Download folder
                </Button>
                {mode === "staff" ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void downloadFolder(path, true)}
                    disabled={busy || (data.items.length === 0 && data.tree.children.length === 0)}
                    title="Images (PNG, JPEG) become PDFs; up to 15 MB of images"
                  >
                    Download as PDFs
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => void copyFolderUrl()}>
                  Copy folder URL
                </Button>
              </div>
            </div>
          )}

          {shown.length === 0 ? (
            <EmptyState compact icon={<FolderIcon />} title={data.results ? "No documents found" : DOCUMENT_MESSAGES.emptyFolder} titleAs="p" />
          ) : (
            <>
              {listedFileIds.length ? (
                <div className={css.selectAll}>
                  <Checkbox
                    label={data.results ? "Select all files found" : "Select all files in this folder"}
                    checked={allState === "all"}
                    indeterminate={allState === "some"}
                    onChange={() => setSelected((current) => toggleAll(listedFileIds, current))}
                  />
                </div>
              ) : null}
              <ul className={css.list} aria-label="Documents">
                {shown.map((item) => {
                  const fullPath = joinPath(item.path, item.name);
                  const canChange =
                    item.itemType === "folder" ? permissions.canManageFolders : permissions.canEditFiles && !(mode === "client" && item.firmProvided);
                  const inCurrent = !data.results || item.path === path;
                  const isPdf = item.itemType === "file" && item.contentType === "application/pdf";
                  const splitOf = split?.bySource[item.id];
                  const processing = Boolean(splitting[item.id]) || splitOf?.status === "processing";
                  return (
                    <li key={item.id} className={css.row} data-testid="document-row" data-selected={selected.has(item.id) || undefined}>
                      <span className={css.rowName}>
                        {item.itemType === "file" ? (
                          <Checkbox
                            hideLabel
                            className={css.rowCheck}
                            label={`Select ${item.name}`}
                            checked={selected.has(item.id)}
                            onChange={(e) => select(item, e.currentTarget.checked)}
                          />
                        ) : (
                          <span className={css.rowCheck} aria-hidden />
                        )}
                        {item.itemType === "folder" ? <FolderIcon aria-hidden /> : <FileIcon aria-hidden />}
                        {item.itemType === "folder" ? (
                          <Link className={css.rowLink} to={folderHref(basePath, fullPath)}>
                            {item.name}
                          </Link>
                        ) : (
                          <span className={css.rowLink}>{item.name}</span>
                        )}
                        {data.results ? <span className={css.rowMeta}>{item.path}</span> : null}
                        {item.sizeBytes != null ? <span className={`${css.rowMeta} ${css.nowrap}`}>{formatFileSize(item.sizeBytes)}</span> : null}
                        {item.tags.map((t) => (
                          <span key={t} className={css.tag}>
                            {t}
                          </span>
                        ))}
                        {item.description ? <span className={css.rowMeta}>{item.description}</span> : null}
                        {isPdf && item.passwordProtected ? <Badge tone="warning">Password-protected or unreadable</Badge> : null}
                        {item.firmProvided ? <Badge tone="neutral">{mode === "client" ? "Shared by your firm" : "In a questionnaire"}</Badge> : null}
                        {processing ? (
                          <Badge tone="info" role="status">
                            Processing…
                          </Badge>
                        ) : null}
                        {splitOf?.markedAsOthers ? <Badge tone="neutral">Other</Badge> : null}
                      </span>
                      <span className={css.rowActions}>
                        {item.itemType === "file" && previewKind(item.contentType, item.name) !== "unsupported" ? (
                          <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "preview", item })} aria-label={`Preview ${item.name}`}>
                            Preview
                          </Button>
                        ) : null}
                        {item.itemType === "file" ? (
                          <Button size="sm" variant="ghost" onClick={() => void downloadFile(item)} aria-label={`Download ${item.name}`}>
                            Download
                          </Button>
                        ) : (
                          <Button size="sm" variant="ghost" onClick={() => void downloadFolder(fullPath)} aria-label={`Download ${item.name}`}>
                            Download
                          </Button>
                        )}
                        {inCurrent && canChange ? (
                          <>
                            <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "rename", item })} aria-label={`Rename ${item.name}`}>
                              Rename
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "move", item })} aria-label={`Move ${item.name}`}>
                              Move
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "delete", item })} aria-label={`Delete ${item.name}`}>
                              Delete
                            </Button>
                          </>
                        ) : null}
                        {mode === "staff" && item.itemType === "file" ? (
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setDialog({ kind: "describe", item })}
                            aria-label={`Description and tags of ${item.name}`}
                          >
                            Details
                          </Button>
                        ) : null}
                        {split?.enabled && isPdf && !item.passwordProtected && !processing && splitOf?.status !== "split_succeeded" ? (
                          <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: "split", item })} aria-label={`Split ${item.name}`}>
                            Split
                          </Button>
                        ) : null}
                        {split?.enabled && splitOf?.status === "split_succeeded" && !processing ? (
                          <>
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() =>
                                void run({ intent: "split_restore", extractedDocumentId: splitOf.extractedDocumentId }, undefined, split.messages.failed)
                              }
                              aria-label={`Restore ${item.name} (undo the split)`}
                            >
                              Restore
                            </Button>
                            {!splitOf.markedAsOthers ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() =>
                                  void run({ intent: "mark_other", extractedDocumentId: splitOf.extractedDocumentId }, undefined, split.messages.failed)
                                }
                                aria-label={`Mark ${item.name} as other`}
                              >
                                Mark as other
                              </Button>
                            ) : null}
                          </>
                        ) : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {!data.results && data.page.lastPage > 1 ? (
            <nav className={css.pager} aria-label="Folder pages">
              <span role="status">
                {(data.page.page - 1) * data.page.size + 1}–{(data.page.page - 1) * data.page.size + data.items.length} of{" "}
                {data.page.total.toLocaleString("en-US")}
              </span>
              <span className={css.pagerButtons}>
                <Button
                  to={folderHref(basePath, path, data.page.page - 1)}
                  variant="secondary"
                  size="sm"
                  disabled={data.page.page <= 1}
                  aria-label="Previous page"
                >
                  ‹ Previous
                </Button>
                <Button
                  to={folderHref(basePath, path, data.page.page + 1)}
                  variant="secondary"
                  size="sm"
                  disabled={data.page.page >= data.page.lastPage}
                  aria-label="Next page"
                >
                  Next ›
                </Button>
              </span>
            </nav>
          ) : null}
        </section>
      </div>

      {showDeleted ? (
        <details className={`${css.panel} ${css.details}`}>
          <summary>Deleted documents ({data.deleted.length})</summary>
          <ul className={css.list} aria-label="Deleted documents">
            {data.deleted.map((item) => (
              <li key={item.id} className={css.row} data-selected={selected.has(item.id) || undefined}>
                <span className={css.rowName}>
                  {item.itemType === "file" ? (
                    <Checkbox
                      hideLabel
                      className={css.rowCheck}
                      label={`Select ${item.name} (deleted)`}
                      checked={selected.has(item.id)}
                      onChange={(e) => select(item, e.currentTarget.checked)}
                    />
                  ) : (
                    <span className={css.rowCheck} aria-hidden />
                  )}
                  {item.itemType === "folder" ? <FolderIcon aria-hidden /> : <FileIcon aria-hidden />} {item.name}{" "}
                  <span className={css.rowMeta}>{item.path}</span>
                  {item.itemType === "folder" ? <span className={css.rowMeta}>Folder, with its files</span> : null}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void run({ intent: "restore", id: item.id }, undefined, DOCUMENT_MESSAGES.restoreFailed)}
                  aria-label={`Restore ${item.name}`}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {selectedItems.length ? (
        <div className={css.selectionBar} role="region" aria-label="Selected documents">
          <p className={css.selectionStatus} role="status">
            <strong>{selectedItems.length} selected</strong>
            {kind === "mixed" ? (
              <span id="document-selection-mixed" className={css.selectionNote}>
                {SELECTION_MESSAGES.mixed}
              </span>
            ) : null}
          </p>
          <div className={css.selectionActions}>
            {actions.map(({ action, enabled }) => (
              <Button
                key={action}
                size="sm"
                variant={action === "delete" ? "danger" : "secondary"}
                disabled={!enabled || busy}
                aria-describedby={enabled ? undefined : "document-selection-mixed"}
                onClick={bulk[action]}
              >
                {BULK_LABELS[action]}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
          </div>
        </div>
      ) : null}

      {dialog?.kind === "bulk-move" ? (
        <MoveDialog
          title={`Move ${selectedItems.length === 1 ? selectedItems[0]!.name : `${selectedItems.length} documents`}`}
          options={folders.filter((f) => !(selectionPaths.size === 1 && selectionPaths.has(f)))}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(to) => void runBulk({ intent: "move_many", path: to }, "Successfully updated", DOCUMENT_MESSAGES.updateFailed)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === "bulk-delete"}
        title={selectedItems.length === 1 ? `Delete ${selectedItems[0]!.name}?` : `Delete ${selectedItems.length} documents?`}
        message={selectedItems.length === 1 ? "You can restore it from Deleted documents." : "You can restore them from Deleted documents."}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => void runBulk({ intent: "delete_many" }, undefined, DOCUMENT_MESSAGES.removeFailed)}
        onCancel={() => setDialog(null)}
      />

      <NameDialog
        open={dialog?.kind === "folder"}
        title="Add Folder"
        label="Folder name"
        initial=""
        busy={busy}
        onClose={() => setDialog(null)}
        onSubmit={(name) => void run({ intent: "create_folder", path, name }, "Folder added")}
      />
      <NameDialog
        open={dialog?.kind === "rename"}
        title={dialog?.kind === "rename" ? `Rename ${dialog.item.name}` : ""}
        label="New name"
        initial={dialog?.kind === "rename" ? dialog.item.name : ""}
        busy={busy}
        onClose={() => setDialog(null)}
        onSubmit={(name) => dialog?.kind === "rename" && void run({ intent: "rename", id: dialog.item.id, name }, "Successfully updated")}
      />
      {dialog?.kind === "move" ? (
        <MoveDialog
          title={`Move ${dialog.item.name}`}
          options={movableTo(dialog.item, folders)}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(to) => void run({ intent: "move", id: dialog.item.id, path: to }, "Successfully updated")}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        title={dialog?.kind === "delete" ? `Delete ${dialog.item.name}?` : ""}
        message={
          dialog?.kind === "delete" && dialog.item.itemType === "folder"
            ? "Everything in this folder is deleted too."
            : "You can restore it from Deleted documents."
        }
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => dialog?.kind === "delete" && void run({ intent: "delete", id: dialog.item.id }, undefined, DOCUMENT_MESSAGES.removeFailed)}
        onCancel={() => setDialog(null)}
      />
      <FilePreviewDialog
        file={dialog?.kind === "preview" ? dialog.item : null}
        onClose={() => setDialog(null)}
        getUrl={async () => (await api<{ url: string }>({ intent: "view_url", id: dialog?.kind === "preview" ? dialog.item.id : "" })).url}
        onDownload={dialog?.kind === "preview" ? () => void downloadFile(dialog.item) : undefined}
      />
      {dialog?.kind === "split" ? (
        <SplitReviewDialog
          file={dialog.item}
          getUrl={async () => (await api<{ url: string }>({ intent: "view_url", id: dialog.item.id })).url}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={(pages) => void startSplit(dialog.item, pages)}
        />
      ) : null}
      {dialog?.kind === "describe" ? (
        <DescribeDialog
          item={dialog.item}
          tags={data.tags}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={async (description, tags) => {
            setBusy(true);
            try {
              await api({ intent: "describe", id: dialog.item.id, description });
              await api({ intent: "set_tags", id: dialog.item.id, tags });
              toast.success("Saved");
              setDialog(null);
              revalidate();
            } catch (error) {
              toast.error((error as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        />
      ) : null}
    </div>
  );
}

function FolderTree({ node, basePath, current, root = false }: { node: FolderNode; basePath: string; current: string; root?: boolean }) {
  return (
    <ul className={`${css.treeList} ${root ? css.treeRoot : ""}`}>
      <li>
        <Link className={css.treeLink} to={folderHref(basePath, node.path)} aria-current={node.path === current ? "page" : undefined}>
          {root ? <HomeIcon aria-hidden /> : <FolderIcon aria-hidden />}
          {node.name}
        </Link>
        {node.children.length ? (
          <ul className={css.treeList}>
            {node.children.map((child) => (
              <li key={child.path}>
                <FolderTree node={child} basePath={basePath} current={current} />
              </li>
            ))}
          </ul>
        ) : null}
      </li>
    </ul>
  );
}

function NameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  if (!props.open) return null;
  return <OpenNameDialog {...props} />;
}

function OpenNameDialog({
  title,
  label,
  initial,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  initial: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  const formId = "document-name-form";
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!name.trim()}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <TextField label={label} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} required autoFocus />
      </form>
    </Dialog>
  );
}

/** Where an item may move: any other folder (a folder never into itself). */
function movableTo(item: DocumentItem, folders: string[]): string[] {
  const own = joinPath(item.path, item.name);
  return folders.filter((f) => f !== item.path && (item.itemType === "file" || (f !== own && !f.startsWith(`${own}/`))));
}

function MoveDialog({
  title,
  options,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  options: string[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (path: string) => void;
}) {
  const [to, setTo] = useState(options[0] ?? "/");
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} disabled={options.length === 0} onClick={() => onSubmit(to)}>
            Move
          </Button>
        </>
      }
    >
      {options.length ? (
        <Select
          label="Move to folder"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          options={options.map((f) => ({ value: f, label: f === "/" ? "Home" : f }))}
        />
      ) : (
        <p>There is no other folder to move it to.</p>
      )}
    </Dialog>
  );
}

function DescribeDialog({
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
