export { UploadProgress, type UploadProgressProps, type UploadStatus } from "./upload-progress";
export { useFileUpload, type FileUploadState } from "./use-file-upload";
export { grantFormData, sniffBlob, UPLOAD_FAILED_MESSAGE, UploadFailedError, uploadWithProgress, type UploadProgressEvent } from "./upload-with-progress";
export { DOCUMENT_ACCEPT, TOO_MANY_FILES_MESSAGE, UPLOAD_BOX_MAX_FILES, UploadBox, type UploadBoxProps } from "./upload-box";
export { uploadRow as uploadProgressClass } from "./upload-box.css";
