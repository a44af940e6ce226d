/** Home, search, Add Folder and Add (files, uploaded straight to the store). */
import { Form } from "@remix-run/react";
import { useRef, type ChangeEvent } from "react";
import { Button, HomeIcon, PlusIcon, SearchIcon, TextField, UploadIcon } from "~/components/ui";
import * as css from "../document-browser.css";
import { DOCUMENT_MESSAGES, type FolderPermissions } from "../rules";

const ACCEPT = ".pdf,.png,.gif,.jpg,.jpeg,.heic,.heif,application/pdf,image/png,image/gif,image/jpeg,image/heic,image/heif";

export function DocumentToolbar({
  basePath,
  search,
  permissions,
  onAddFolder,
  onFiles,
}: {
  basePath: string;
  search: string | null;
  permissions: FolderPermissions;
  onAddFolder: () => void;
  onFiles: (files: File[]) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const disabledTitle = permissions.reason ?? undefined;
  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length) onFiles(files);
  }
  return (
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
            defaultValue={search ?? ""}
            startAdornment={<SearchIcon />}
          />
        </div>
        <Button type="submit" variant="secondary" size="sm">
          Search
        </Button>
      </Form>
      <Button size="sm" variant="secondary" iconStart={<PlusIcon />} disabled={!permissions.canManageFolders} title={disabledTitle} onClick={onAddFolder}>
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
        <span id="document-upload-hint" className={`${css.muted} ${css.uploadHint}`}>
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
  );
}
