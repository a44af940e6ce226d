/**
 * The document browser, for clients (/documents/{companyHash}) and staff
 * (/admin/{companyHash}/documents): folder tree (folders only), the current folder's items,
 * search, Add Folder, Add (uploads straight to the store with a progress bar per file), rename,
 * move, delete, restore, downloads and copy folder URL; staff also edit descriptions and tags.
 * Files (listed, found or deleted) can be selected: the selection bar downloads them as one zip,
 * moves, deletes or restores them at once (files only; folders keep their own row actions).
 * The server decides what is allowed (these buttons only mirror its permissions).
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useMemo, useState, type ReactNode } from "react";

import { UploadProgress } from "~/components/upload";
import { Alert, Checkbox, ConfirmDialog, EmptyState, FolderIcon, Select, useToast } from "~/components/ui";
import { FilePreviewDialog } from "~/pdf/file-preview-dialog";
import { DeletedDocuments } from "./browser/deleted-documents";
import { DescribeDialog } from "./browser/describe-dialog";
import { DocumentRow, FolderLinkRow, type RowDialog } from "./browser/document-row";
import { FolderBar, FolderPager } from "./browser/folder-bar";
import { FolderList } from "./browser/folder-list";
import { MoveDialog } from "./browser/move-dialog";
import { NameDialog } from "./browser/name-dialog";
import { flattenFolders, folderEntries, folderHref, movableTo, type FolderEntry } from "./browser/paths";
import { SelectionBar } from "./browser/selection-bar";
import { DocumentToolbar } from "./browser/toolbar";
import { ActionRefused, saveDownload, useDocumentApi } from "./browser/use-document-api";
import { useDocumentUploads } from "./browser/use-document-uploads";
import { useSplitPolling } from "./browser/use-split-polling";
import * as css from "./document-browser.css";
import type { DocumentItem } from "./items.server";
import type { DocumentBrowserData } from "./listing.server";
import { DOCUMENT_MESSAGES, folderAt, joinPath } from "./rules";
import { bulkActions, selectAllState, selectionKind, toggleAll, toggleOne, type BulkAction } from "./selection";
import { SplitReviewDialog, type SplitOptions } from "./split-dialog";
import { useVocabulary } from "~/vocabulary";

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

type DialogState = { kind: "folder" } | { kind: RowDialog; item: DocumentItem } | { kind: "bulk-move" } | { kind: "bulk-delete" } | null;

export function DocumentBrowser({ data, entities, mode, basePath, split, note, headerActions }: DocumentBrowserProps) {
  const tr = useVocabulary();
  const toast = useToast();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { permissions, path, entity } = data;
  const api = useDocumentApi(entity.hashId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busy, setBusy] = useState(false);
  const folders = useMemo(() => flattenFolders(data.tree), [data.tree]);
  const { splitting, follow } = useSplitPolling(split, api);
  const { uploads, uploadFiles } = useDocumentUploads({
    api,
    path,
    staffMode: mode === "staff",
    existingNames: data.items.filter((i) => i.itemType === "file").map((i) => i.name),
  });
  /** Ids of the selected files; a new folder, search or entity starts a new selection. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => setSelected(new Set()), [entity.hashId, path, data.search, data.page.page]);

  /** Runs `work` with the page busy; a refusal shows the server's message, other failures `failure`. */
  async function busyWith(work: () => Promise<void>, failure: string | null): Promise<boolean> {
    setBusy(true);
    try {
      await work();
      return true;
    } catch (error) {
      toast.error(error instanceof ActionRefused ? error.message : (failure ?? (error as Error).message));
      return false;
    } finally {
      setBusy(false);
    }
  }
  /** One action; on success the dialog closes and the page reloads its data. */
  const run = (body: Record<string, unknown>, success?: string, failure: string = DOCUMENT_MESSAGES.updateFailed) =>
    busyWith(async () => {
      const result = await api.call(body);
      const message = success ?? result.message;
      if (message) toast.success(message);
      setDialog(null);
      revalidate();
    }, failure);
  /** A bulk action on the selection; the selection is cleared when it is done. */
  const runBulk = async (body: Record<string, unknown>, success: string | undefined, failure: string) => {
    if (await run({ ...body, ids: selectedItems.map((i) => i.id) }, success, failure)) setSelected(new Set());
  };
  /** A zip download: too large (503) and a mixed selection (422) have their own messages; the rest the spec's folder one. */
  const downloadZip = (request: () => Promise<Response>) =>
    busyWith(async () => {
      const response = await request().catch(() => null);
      if (response?.ok) return saveDownload(response);
      toast.error(response && (response.status === 503 || response.status === 422) ? await response.text() : DOCUMENT_MESSAGES.folderDownloadFailed);
    }, DOCUMENT_MESSAGES.folderDownloadFailed);
  async function downloadFile(item: DocumentItem) {
    try {
      window.location.assign((await api.call<{ url: string }>({ intent: "download_url", id: item.id })).url);
    } catch (error) {
      toast.error(error instanceof ActionRefused ? error.message : DOCUMENT_MESSAGES.downloadFailed);
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
  const startSplit = (item: DocumentItem, pages: string) =>
    busyWith(async () => {
      const result = await api.call<{ message?: string; split?: { extractedDocumentId: string } }>({ intent: "split", id: item.id, pages });
      if (result.message) toast.info(result.message);
      setDialog(null);
      if (result.split) void follow(item.id, result.split.extractedDocumentId);
    }, null);
  const describe = (item: DocumentItem, description: string, tags: string[]) =>
    busyWith(async () => {
      await api.call({ intent: "describe", id: item.id, description });
      await api.call({ intent: "set_tags", id: item.id, tags });
      toast.success("Saved");
      setDialog(null);
      revalidate();
    }, null);

  const shown = data.results ?? data.items;
  // The folder's content: its subfolders (with their file counts), those only made by paths too, then its files.
  const entries: FolderEntry[] = data.results
    ? data.results.map((item) => ({ item }))
    : folderEntries(data.items, folderAt(data.tree, path)?.children ?? [], data.page.page === 1);
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
    download: () => void downloadZip(() => api.selectionZip(selectedItems.map((i) => i.id))),
    move: () => setDialog({ kind: "bulk-move" }),
    delete: () => setDialog({ kind: "bulk-delete" }),
    restore: () => void runBulk({ intent: "restore_many" }, undefined, DOCUMENT_MESSAGES.restoreFailed),
  };
  const selectionPaths = new Set(selectedItems.map((i) => i.path));
  const close = () => setDialog(null);
  const open = dialog && "item" in dialog ? dialog : null;

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
            label={tr("Entity")}
            value={entity.hashId}
            options={entities.map((e) => ({ value: e.hashId, label: e.name }))}
            onChange={(e) => navigate(`/documents/${e.target.value}`)}
          />
        ) : null}
      </div>
      <DocumentToolbar
        basePath={basePath}
        search={data.search}
        permissions={permissions}
        onAddFolder={() => setDialog({ kind: "folder" })}
        onFiles={(files) => void uploadFiles(files)}
      />
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
          <FolderList node={data.tree} basePath={basePath} current={path} root />
        </nav>
        <section className={css.panel} aria-label={data.results ? "Search results" : "Folder contents"}>
          {data.results ? (
            <p className={css.muted}>
              {data.page.total.toLocaleString("en-US")} result{data.page.total === 1 ? "" : "s"} for “{data.search}” ·{" "}
              <Link to={folderHref(basePath, path)}>Clear search</Link>
            </p>
          ) : (
            <FolderBar
              basePath={basePath}
              path={path}
              staff={mode === "staff"}
              busy={busy && !dialog}
              empty={data.items.length === 0 && data.tree.children.length === 0}
              onDownload={(convert) => void downloadZip(() => api.folderZip(path, convert))}
              onCopyUrl={() => void copyFolderUrl()}
            />
          )}
          {entries.length === 0 ? (
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
                {entries.map((entry) => {
                  if (entry.folder) {
                    const folder = entry.folder;
                    return (
                      <FolderLinkRow
                        key={folder.path}
                        folder={folder}
                        basePath={basePath}
                        files={data.folderFiles[folder.path] ?? 0}
                        onDownload={() => void downloadZip(() => api.folderZip(folder.path))}
                      />
                    );
                  }
                  const item = entry.item;
                  return (
                    <DocumentRow
                      key={item.id}
                      item={item}
                      files={data.results || item.itemType !== "folder" ? undefined : data.folderFiles[joinPath(item.path, item.name)]}
                      mode={mode}
                      permissions={permissions}
                      basePath={basePath}
                      searching={Boolean(data.results)}
                      currentPath={path}
                      selected={selected.has(item.id)}
                      onSelect={(on) => select(item, on)}
                      split={split}
                      splitting={Boolean(splitting[item.id])}
                      onDialog={(kind) => setDialog({ kind, item })}
                      onDownload={() => void (item.itemType === "file" ? downloadFile(item) : downloadZip(() => api.folderZip(joinPath(item.path, item.name))))}
                      onRun={(body, failure) => void run(body, undefined, failure)}
                    />
                  );
                })}
              </ul>
            </>
          )}
          {data.page.lastPage > 1 ? (
            <FolderPager
              basePath={basePath}
              path={path}
              search={data.search}
              page={data.page}
              cursors={data.cursors}
              listed={(data.results ?? data.items).length}
            />
          ) : null}
        </section>
      </div>

      {showDeleted ? (
        <DeletedDocuments
          items={data.deleted}
          isSelected={(id) => selected.has(id)}
          onSelect={select}
          onRestore={(item) => void run({ intent: "restore", id: item.id }, undefined, DOCUMENT_MESSAGES.restoreFailed)}
        />
      ) : null}
      {selectedItems.length ? (
        <SelectionBar
          count={selectedItems.length}
          mixed={kind === "mixed"}
          actions={actions}
          busy={busy}
          onAction={(action) => bulk[action]()}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      {dialog?.kind === "bulk-move" ? (
        <MoveDialog
          title={`Move ${selectedItems.length === 1 ? selectedItems[0]!.name : `${selectedItems.length} documents`}`}
          options={folders.filter((f) => !(selectionPaths.size === 1 && selectionPaths.has(f)))}
          busy={busy}
          onClose={close}
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
        onCancel={close}
      />
      <NameDialog
        open={dialog?.kind === "folder"}
        title="Add Folder"
        label="Folder name"
        initial=""
        busy={busy}
        onClose={close}
        onSubmit={(name) => void run({ intent: "create_folder", path, name }, "Folder added")}
      />
      <NameDialog
        open={open?.kind === "rename"}
        title={open?.kind === "rename" ? `Rename ${open.item.name}` : ""}
        label="New name"
        initial={open?.kind === "rename" ? open.item.name : ""}
        busy={busy}
        onClose={close}
        onSubmit={(name) => open?.kind === "rename" && void run({ intent: "rename", id: open.item.id, name }, "Successfully updated")}
      />
      {open?.kind === "move" ? (
        <MoveDialog
          title={`Move ${open.item.name}`}
          options={movableTo(open.item, folders)}
          busy={busy}
          onClose={close}
          onSubmit={(to) => void run({ intent: "move", id: open.item.id, path: to }, "Successfully updated")}
        />
      ) : null}
      <ConfirmDialog
        open={open?.kind === "delete"}
        title={open?.kind === "delete" ? `Delete ${open.item.name}?` : ""}
        message={
          open?.kind === "delete" && open.item.itemType === "folder"
            ? "Everything in this folder is deleted too."
            : "You can restore it from Deleted documents."
        }
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => open?.kind === "delete" && void run({ intent: "delete", id: open.item.id }, undefined, DOCUMENT_MESSAGES.removeFailed)}
        onCancel={close}
      />
      <FilePreviewDialog
        file={open?.kind === "preview" ? open.item : null}
        onClose={close}
        getUrl={() => api.viewUrl(open?.kind === "preview" ? open.item.id : "")}
        onDownload={open?.kind === "preview" ? () => void downloadFile(open.item) : undefined}
      />
      {open?.kind === "split" ? (
        <SplitReviewDialog
          file={open.item}
          getUrl={() => api.viewUrl(open.item.id)}
          busy={busy}
          onClose={close}
          onSubmit={(pages) => void startSplit(open.item, pages)}
        />
      ) : null}
      {open?.kind === "describe" ? (
        <DescribeDialog
          item={open.item}
          tags={data.tags}
          busy={busy}
          onClose={close}
          onSubmit={(description, tags) => void describe(open.item, description, tags)}
        />
      ) : null}
    </div>
  );
}
