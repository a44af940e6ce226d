import { useId } from "react";

export type UploadStatus = "uploading" | "done" | "error";

export interface UploadProgressProps {
  fileName: string;
  /** 0..100 */
  percent: number;
  status?: UploadStatus;
  /** Shown (and announced) when status is "error". */
  error?: string | null;
  onCancel?: () => void;
  onRetry?: () => void;
  className?: string;
}

/**
 * One file's upload: its name, a native progress bar and the percentage, or the error.
 * Unstyled on purpose: the design system styles it through `className` and the data attributes.
 */
export function UploadProgress({ fileName, percent, status = "uploading", error, onCancel, onRetry, className }: UploadProgressProps) {
  const nameId = useId();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={className} data-upload-status={status} style={{ display: "grid", gap: "0.25rem" }}>
      <div style={{ display: "flex", justifyContent: "space-between", gap: "0.5rem" }}>
        <span id={nameId} style={{ overflowWrap: "anywhere" }}>
          {fileName}
        </span>
        {status === "uploading" ? <span aria-hidden="true">{value}%</span> : null}
        {status === "done" ? <span>Uploaded</span> : null}
      </div>
      {status === "error" ? (
        <p role="alert" style={{ margin: 0 }}>
          {error || "File upload failed, please try again."}
        </p>
      ) : (
        <progress aria-labelledby={nameId} aria-valuetext={status === "done" ? "Uploaded" : `${value}%`} value={value} max={100} style={{ width: "100%" }} />
      )}
      {(status === "uploading" && onCancel) || (status === "error" && onRetry) ? (
        <div>
          {status === "uploading" && onCancel ? (
            <button type="button" onClick={onCancel} aria-describedby={nameId}>
              Cancel
            </button>
          ) : null}
          {status === "error" && onRetry ? (
            <button type="button" onClick={onRetry} aria-describedby={nameId}>
              Retry
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
