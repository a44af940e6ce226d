/** One listed (or found) file or folder, with its row actions; what they do is the page's. */
import { Link } from "~/components/ui/link";
import { Badge, Button, Checkbox, FileIcon, FolderIcon } from "~/components/ui";
import { previewKind } from "~/pdf/file-preview-dialog";
import { formatFileSize } from "~/storage/uploads";
import { useVocabulary } from "~/vocabulary";
import * as css from "../document-browser.css";
import type { DocumentItem } from "../items.server";
import { joinPath, type FolderNode, type FolderPermissions } from "../rules";
import type { SplitOptions } from "../split-dialog";
import { folderHref } from "./paths";

export type RowDialog = "rename" | "move" | "delete" | "describe" | "split" | "preview";

export interface DocumentRowProps {
  item: DocumentItem;
  /** A folder's number of files (its subfolders' included). */
  files?: number;
  mode: "client" | "staff";
  permissions: FolderPermissions;
  basePath: string;
  /** Listed as a search result (its folder is shown; only results in the current folder change). */
  searching: boolean;
  currentPath: string;
  selected: boolean;
  onSelect: (on: boolean) => void;
  split?: SplitOptions;
  /** A split of this document is being followed. */
  splitting: boolean;
  onDialog: (kind: RowDialog) => void;
  onDownload: () => void;
  onRun: (body: Record<string, unknown>, failure: string) => void;
}

const fileCount = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;

/** A subfolder that exists only through the files under it (no folder row): a link and its download. */
export function FolderLinkRow({ folder, basePath, files, onDownload }: { folder: FolderNode; basePath: string; files: number; onDownload: () => void }) {
  return (
    <li className={css.row} data-testid="document-row">
      <span className={css.rowName}>
        <span className={css.rowCheck} aria-hidden />
        <FolderIcon aria-hidden />
        <Link className={css.rowLink} to={folderHref(basePath, folder.path)}>
          {folder.name}
        </Link>
        <span className={`${css.rowMeta} ${css.nowrap}`}>{fileCount(files)}</span>
      </span>
      <span className={css.rowActions}>
        <Button size="sm" variant="ghost" onClick={onDownload} aria-label={`Download ${folder.name}`}>
          Download
        </Button>
      </span>
    </li>
  );
}

export function DocumentRow({
  item,
  files,
  mode,
  permissions,
  basePath,
  searching,
  currentPath,
  selected,
  onSelect,
  split,
  splitting,
  onDialog,
  onDownload,
  onRun,
}: DocumentRowProps) {
  const t = useVocabulary();
  const fullPath = joinPath(item.path, item.name);
  const canChange = item.itemType === "folder" ? permissions.canManageFolders : permissions.canEditFiles && !(mode === "client" && item.firmProvided);
  const inCurrent = !searching || item.path === currentPath;
  const isPdf = item.itemType === "file" && item.contentType === "application/pdf";
  const splitOf = split?.bySource[item.id];
  const processing = splitting || splitOf?.status === "processing";
  return (
    <li className={css.row} data-testid="document-row" data-selected={selected || undefined}>
      <span className={css.rowName}>
        {item.itemType === "file" ? (
          <Checkbox hideLabel className={css.rowCheck} label={`Select ${item.name}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} />
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
        {searching ? <span className={css.rowMeta}>{item.path}</span> : null}
        {files !== undefined ? <span className={`${css.rowMeta} ${css.nowrap}`}>{fileCount(files)}</span> : null}
        {item.sizeBytes != null ? <span className={`${css.rowMeta} ${css.nowrap}`}>{formatFileSize(item.sizeBytes)}</span> : null}
        {item.tags.map((t) => (
          <span key={t} className={css.tag}>
            {t}
          </span>
        ))}
        {item.description ? <span className={css.rowMeta}>{item.description}</span> : null}
        {isPdf && item.passwordProtected ? <Badge tone="warning">Password-protected or unreadable</Badge> : null}
        {item.firmProvided ? <Badge tone="neutral">{mode === "client" ? "Shared by your firm" : t("In a questionnaire")}</Badge> : null}
        {processing ? (
          <Badge tone="info" role="status">
            Processing…
          </Badge>
        ) : null}
        {splitOf?.markedAsOthers ? <Badge tone="neutral">Other</Badge> : null}
      </span>
      <span className={css.rowActions}>
        {item.itemType === "file" && previewKind(item.contentType, item.name) !== "unsupported" ? (
          <Button size="sm" variant="ghost" onClick={() => onDialog("preview")} aria-label={`Preview ${item.name}`}>
            Preview
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDownload} aria-label={`Download ${item.name}`}>
          Download
        </Button>
        {inCurrent && canChange ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => onDialog("rename")} aria-label={`Rename ${item.name}`}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDialog("move")} aria-label={`Move ${item.name}`}>
              Move
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDialog("delete")} aria-label={`Delete ${item.name}`}>
              Delete
            </Button>
          </>
        ) : null}
        {mode === "staff" && item.itemType === "file" ? (
          <Button size="sm" variant="ghost" onClick={() => onDialog("describe")} aria-label={`Description and tags of ${item.name}`}>
            Details
          </Button>
        ) : null}
        {split?.enabled && isPdf && !item.passwordProtected && !processing && splitOf?.status !== "split_succeeded" ? (
          <Button size="sm" variant="ghost" onClick={() => onDialog("split")} aria-label={`Split ${item.name}`}>
            Split
          </Button>
        ) : null}
        {split?.enabled && splitOf?.status === "split_succeeded" && !processing ? (
          <>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onRun({ intent: "split_restore", extractedDocumentId: splitOf.extractedDocumentId }, split.messages.failed)}
              aria-label={`Restore ${item.name} (undo the split)`}
            >
              Restore
            </Button>
            {!splitOf.markedAsOthers ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onRun({ intent: "mark_other", extractedDocumentId: splitOf.extractedDocumentId }, split.messages.failed)}
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
}
