import { useCallback, useEffect, useRef, useState } from "react";

import type { UploadGrant } from "../../storage/uploads";
import type { UploadStatus } from "./upload-progress";
import { UploadFailedError, UPLOAD_FAILED_MESSAGE, uploadWithProgress } from "./upload-with-progress";

export interface FileUploadState {
  status: UploadStatus | "idle";
  percent: number;
  error: string | null;
}

/**
 * State for one upload, ready for <UploadProgress>: `start(grant, file)` resolves true when the
 * store accepted the file (then confirm it with the app), false when it failed or was cancelled.
 * An upload still running when the component unmounts is cancelled.
 */
export function useFileUpload() {
  const [state, setState] = useState<FileUploadState>({ status: "idle", percent: 0, error: null });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (grant: UploadGrant, file: Blob, fileName?: string): Promise<boolean> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: "uploading", percent: 0, error: null });
    try {
      await uploadWithProgress(
        grant,
        file,
        ({ percent }) => {
          if (controller.current === current) setState((s) => (s.percent === percent ? s : { ...s, percent }));
        },
        { signal: current.signal, fileName },
      );
      if (controller.current === current) setState({ status: "done", percent: 100, error: null });
      return true;
    } catch (error) {
      if (controller.current === current) {
        const message = error instanceof UploadFailedError ? error.message : UPLOAD_FAILED_MESSAGE;
        setState((s) => ({ status: "error", percent: s.percent, error: message }));
      }
      return false;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { ...state, start, cancel };
}
