/** The bodies of the client's tax return calls (client spec §7: approve {reason}, request_changes {reason}, sign). */
import * as z from "zod";
import { signatureInputSchema } from "../signing/rules";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const REASON_REQUIRED = "Please tell your firm what should change.";

export const approveSchema = z.object({ companyId: id.nullish(), reason: z.string().max(2000).nullish() });

export const requestChangesSchema = z.object({
  companyId: id.nullish(),
  reason: z.string().trim().min(1, REASON_REQUIRED).max(2000, "The reason is 2000 characters at most."),
});

export const signSchema = z.object({
  companyId: id.nullish(),
  signature: signatureInputSchema,
  fieldIds: z.array(id).min(1).max(500),
});

export const signingLinkSchema = z.object({ companyId: id.nullish() });
