import sanitizeHtml from "sanitize-html";
import type { FirmSettings } from "~/context.server";

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(["img", "h1", "h2"]),
  allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["https", "mailto", "tel"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
};

/** The last sanitised custom element per firm, with the HTML it came from (a changed setting is sanitised anew). */
const sanitized = new Map<string, { source: string; html: string }>();

/**
 * The firm's custom dashboard element (staff settings), sanitised, or null when it is off or empty.
 * Sanitising parses the HTML on every call, so the result is kept per firm for
 * as long as the element's HTML stays the same.
 */
export function customHtml(firm: Pick<FirmSettings, "id" | "preferences">): string | null {
  const { customElementEnabled, customElements } = firm.preferences;
  if (!customElementEnabled || !customElements) return null;
  const kept = sanitized.get(firm.id);
  if (kept?.source === customElements) return kept.html;
  const html = sanitizeHtml(customElements, SANITIZE_OPTIONS);
  if (sanitized.size >= 1000) sanitized.clear();
  sanitized.set(firm.id, { source: customElements, html });
  return html;
}
