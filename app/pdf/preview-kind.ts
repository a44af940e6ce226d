/** What a file preview can show, without the viewer itself (pages that only decide whether to offer a preview). */
export type PreviewKind = "pdf" | "image" | "unsupported";

/** What a preview can show for a content type (or, without one, a file name). */
export function previewKind(contentType: string | null | undefined, fileName = ""): PreviewKind {
  const type = (contentType ?? "").toLowerCase();
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  if (type === "application/pdf" || (!type && ext === "pdf")) return "pdf";
  if (["image/png", "image/jpeg", "image/gif"].includes(type) || (!type && ["png", "jpg", "jpeg", "gif"].includes(ext))) return "image";
  return "unsupported";
}
