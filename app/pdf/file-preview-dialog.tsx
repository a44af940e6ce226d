/**
 * Preview of one stored file in a dialog: PDFs in the pdf.js viewer, images as an image, other
 * types (HEIC, which browsers can't show) with the spec's 'File type not supported yet' and a
 * download. The file comes from the store through a short-lived URL from `getUrl`.
 */
import { useEffect, useState } from "react";
import { Alert, Button, Dialog, Spinner } from "~/components/ui";
import { ImagePreview, PdfViewer } from "./pdf-viewer";
import { previewKind } from "./preview-kind";

export { previewKind, type PreviewKind } from "./preview-kind";

export const UNSUPPORTED_PREVIEW = "File type not supported yet";

export interface FilePreviewDialogProps {
  file: { id: string; name: string; contentType: string | null } | null;
  getUrl: () => Promise<string>;
  onClose: () => void;
  onDownload?: () => void;
}

export function FilePreviewDialog({ file, getUrl, onClose, onDownload }: FilePreviewDialogProps) {
  return (
    <Dialog
      open={file !== null}
      onClose={onClose}
      title={file?.name ?? ""}
      size="lg"
      footer={
        <>
          {onDownload ? (
            <Button variant="secondary" onClick={onDownload}>
              Download
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {file ? <PreviewBody file={file} getUrl={getUrl} /> : null}
    </Dialog>
  );
}

function PreviewBody({ file, getUrl }: { file: NonNullable<FilePreviewDialogProps["file"]>; getUrl: () => Promise<string> }) {
  const kind = previewKind(file.contentType, file.name);
  if (kind === "pdf") return <PdfViewer getUrl={getUrl} title={file.name} sourceKey={file.id} />;
  if (kind === "image") return <ImageBody file={file} getUrl={getUrl} />;
  return (
    <Alert tone="info" title={UNSUPPORTED_PREVIEW}>
      Download the file to open it.
    </Alert>
  );
}

function ImageBody({ file, getUrl }: { file: { id: string; name: string }; getUrl: () => Promise<string> }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    getUrl().then(
      (u) => !cancelled && setUrl(u),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [file.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (failed) return <Alert tone="danger" title="There was a problem loading this image." />;
  if (!url) return <Spinner label="Loading image" />;
  return <ImagePreview url={url} title={file.name} />;
}
