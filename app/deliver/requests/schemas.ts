/** The bodies of the signature request calls, shared by the routes and the pages. */
import * as z from "zod";
import { signatureInputSchema } from "../signing/rules";
import { REQUEST_MESSAGES } from "./rules";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const fraction = z.number().min(0).max(1);

export const requestUploadSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("grant"),
      companyId: id.nullish(),
      fileName: z.string().trim().min(1, REQUEST_MESSAGES.fileRequired).max(1000),
      size: z.number().int().min(0),
    }),
    z.object({
      intent: z.literal("confirm"),
      companyId: id.nullish(),
      taxYear: z.number({ error: REQUEST_MESSAGES.taxYear }).int().min(2000, REQUEST_MESSAGES.taxYear).max(2100, REQUEST_MESSAGES.taxYear),
      formName: z.string({ error: REQUEST_MESSAGES.nameRequired }).trim().min(1, REQUEST_MESSAGES.nameRequired).max(200),
      files: z
        .array(z.object({ key: z.string().min(1).max(1024), fileName: z.string().trim().min(1).max(1000) }))
        .min(1, REQUEST_MESSAGES.fileRequired)
        .max(20),
    }),
  ],
  { error: "Malformed request" },
);

export const placementSchema = z.object({
  signers: z.array(id).max(20),
  fields: z
    .array(
      z.object({
        signerKey: id,
        kind: z.enum(["signature", "date"]),
        page: z.number().int().min(1).max(100_000),
        x: fraction,
        y: fraction,
        width: fraction,
        height: fraction,
      }),
    )
    .max(500),
});

export const requestActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("place"), placement: placementSchema }),
    z.object({ intent: z.literal("send"), message: z.string().trim().max(2000).nullish() }),
    z.object({ intent: z.literal("complete") }),
    z.object({ intent: z.literal("delete") }),
  ],
  { error: "Malformed request" },
);

export const requestSignSchema = z.object({
  companyId: id.nullish(),
  signature: signatureInputSchema,
  fieldIds: z.array(id).min(1).max(500),
});
