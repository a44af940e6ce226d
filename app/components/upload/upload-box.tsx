/**
 * The upload box (spec, staff "Upload box"): a drop zone with a "Choose files" button that accepts
 * a comma list of types, up to 999 files when `multiple` (else 1), with the 'Max size 150 MB' hint.
 * It only picks files; callers screen them (app/documents/upload-batch.ts) and upload them.
 */
import { useId, useRef, useState, type DragEvent } from "react";
import { Button, UploadIcon } from "../ui";
import * as css from "./upload-box.css";

/** Spec: max files 999 when multiple, else 1. */
export const UPLOAD_BOX_MAX_FILES = 999;
export const TOO_MANY_FILES_MESSAGE = "Could not upload those files. Try uploading them one at a time.";
/** Every accepted document type, as a comma list for `accept`. */
export const DOCUMENT_ACCEPT = ".pdf,.png,.gif,.jpg,.jpeg,.heic,.heif,application/pdf,image/png,image/gif,image/jpeg,image/heic,image/heif";

export interface UploadBoxProps {
  /** Comma list of extensions and types, as for <input accept>. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  label?: string;
  /** Shown under the button; 'Max size 150 MB' is always added. */
  hint?: string;
  onFiles: (files: File[]) => void;
  /** Too many files at once (nothing is passed on). */
  onTooMany?: (message: string) => void;
  testId?: string;
}

export function UploadBox({
  accept = DOCUMENT_ACCEPT,
  multiple = true,
  disabled = false,
  label = "Choose files",
  hint,
  onFiles,
  onTooMany,
  testId,
}: UploadBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const limit = multiple ? UPLOAD_BOX_MAX_FILES : 1;

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (!files.length) return;
    if (files.length > limit) return onTooMany?.(TOO_MANY_FILES_MESSAGE);
    onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={css.box}
      data-dragging={dragging}
      data-disabled={disabled}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Button type="button" variant="secondary" iconStart={<UploadIcon />} disabled={disabled} onClick={() => input.current?.click()} aria-describedby={hintId}>
        {label}
      </Button>
      <p id={hintId} className={css.hint}>
        {hint ? `${hint} ` : ""}
        {multiple ? "Drop files here or choose them. " : ""}Max size 150 MB
      </p>
      <input
        ref={input}
        className={css.input}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = "";
        }}
      />
    </div>
  );
}
