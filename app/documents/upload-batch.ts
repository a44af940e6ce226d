/**
 * Which files of a batch the browser sends, before asking for any grant (the server checks again):
 * at most 999 files; each 1 byte..150 MB; a name the folder (and the batch) does not have yet; and a
 * real type (its first bytes) that is an accepted kind matching its name and declared type. Files
 * that fail are skipped, the others still go. Pure; shared by the browser and the unit tests.
 */
import { declaredKind, kindFromFileName, MAX_UPLOAD_BYTES, type FileKind } from "~/storage/uploads";
import { DOCUMENT_MESSAGES, extensionOf } from "./rules";

/** Spec: up to 999 files when multiple. */
export const MAX_BATCH_FILES = 999;

export interface BatchFile {
  name: string;
  size: number;
  /** The browser's declared type (File.type). */
  type: string;
  /** The kind its first bytes show (sniffFileType), null when none of the accepted kinds. */
  sniffed: FileKind | null;
}

export type SkipReason = "invalid" | "empty" | "too_large" | "duplicate";

export interface BatchScreening<T extends BatchFile> {
  /** More files than allowed at once: nothing is sent. */
  tooMany: boolean;
  send: T[];
  skipped: { file: T; reason: SkipReason; message: string }[];
  /** At least one file was INVALID (type or bytes): the spec's INVALID message is shown once. */
  anyInvalid: boolean;
}

export function screenUploadBatch<T extends BatchFile>(files: T[], namesInFolder: Iterable<string>): BatchScreening<T> {
  if (files.length > MAX_BATCH_FILES) return { tooMany: true, send: [], skipped: [], anyInvalid: false };
  const taken = new Set([...namesInFolder].map((n) => n.trim()));
  const send: T[] = [];
  const skipped: BatchScreening<T>["skipped"] = [];
  for (const file of files) {
    const skip = (reason: SkipReason, message: string) => skipped.push({ file, reason, message });
    const hasForeignExtension = Boolean(extensionOf(file.name)) && !kindFromFileName(file.name);
    const claimed = hasForeignExtension ? null : declaredKind(file.name, file.type);
    if (file.size === 0) skip("empty", "The file is empty.");
    else if (file.size > MAX_UPLOAD_BYTES) skip("too_large", `${file.name}: ${DOCUMENT_MESSAGES.maxSize}`);
    else if (!claimed || file.sniffed !== claimed) skip("invalid", DOCUMENT_MESSAGES.typeNotSupported);
    else if (taken.has(file.name.trim())) skip("duplicate", DOCUMENT_MESSAGES.alreadyUploaded(file.name));
    else {
      taken.add(file.name.trim());
      send.push(file);
    }
  }
  return { tooMany: false, send, skipped, anyInvalid: skipped.some((s) => s.reason === "invalid") };
}
