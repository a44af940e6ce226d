export { UploadProgress, type UploadProgressProps, type UploadStatus } from "./upload-progress";
export { useFileUpload, type FileUploadState } from "./use-file-upload";
export {
  grantFormData,
  sniffBlob,
  UPLOAD_FAILED_MESSAGE,
  UploadFailedError,
  uploadWithProgress,
  type UploadProgressEvent,
} from "./upload-with-progress";
