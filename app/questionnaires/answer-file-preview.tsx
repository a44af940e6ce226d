/** The preview of one uploaded file in the advisor's answer view, loaded on demand (see answer-view.tsx). */
import { FilePreviewDialog } from "~/pdf/file-preview-dialog";
import { documentViewUrl } from "./upload-splits";

export default function AnswerFilePreview({
  file,
  companyHash,
  onClose,
}: {
  file: { id: string; name: string; contentType: string | null };
  companyHash: string;
  onClose: () => void;
}) {
  return <FilePreviewDialog file={file} onClose={onClose} getUrl={() => documentViewUrl(companyHash, file.id)} />;
}
