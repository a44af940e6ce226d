/**
 * POST /api/drop-link: the public drop link's upload API (no sign-in), as JSON
 * `{ intent: "grant" | "confirm" | "finish", token, … }`. Rate-limited per address; an unknown or
 * expired token is 404 and nothing is written. Files land only in the link's firm. Answers are
 * `no-store` (upload grants are presigned POSTs).
 */
import { performDropLinkRequest } from "~/drop-off/drop-link.server";
import { dropLinkApiSchema } from "~/drop-off/link-rules";
import { jsonAction, notFoundLoader } from "~/http.server";

export const loader = notFoundLoader;

export const action = jsonAction(dropLinkApiSchema, (input, { portal }) => performDropLinkRequest(portal, input));
