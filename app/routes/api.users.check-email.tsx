/**
 * POST /api/users/check-email `{ email, userId? }` (staff): is the address free in this firm?
 * `{ isAvailable, user }` — `user` names who has it when the viewer may see them. The dialogs
 * call it as the email is typed (200 ms debounce).
 */
import * as z from "zod";
import { jsonAction, notFoundLoader } from "~/http.server";
import { optionalEmail } from "~/staff/user-rules";
import { checkEmailAvailability } from "~/staff/users.server";
import { loadApiStaffViewer } from "~/staff/viewer.server";

export const loader = notFoundLoader;

const body = z.object({ email: optionalEmail, userId: z.string().max(100).optional().nullable() });

export const action = jsonAction(body, async (input, { request, portal }) => {
  const { facts } = await loadApiStaffViewer(request, portal);
  if (!input.email) return { isAvailable: true, user: null };
  return checkEmailAvailability(portal, facts, input.email, input.userId ?? null);
});
