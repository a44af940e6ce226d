/**
 * The client notification settings dialog's input, shared by its form (conform) and its JSON
 * route: for one entity, the owner notification types each owner receives, with the spec's rule
 * (someone receives Questionnaire and someone Questionnaire Signature) as the form's message.
 */
import * as z from "zod";
import { OWNER_NOTIFICATION_TYPE_IDS, ownerSettingsProblem } from "./rules";

const typeId = z.coerce
  .number()
  .int()
  .refine((t) => OWNER_NOTIFICATION_TYPE_IDS.includes(t), "Unknown notification type");

export const ownerSettingsFormSchema = z
  .object({
    owners: z
      .array(z.object({ userId: z.string().min(1).max(64), typeIds: z.array(typeId).max(OWNER_NOTIFICATION_TYPE_IDS.length).default([]) }))
      .min(1)
      .max(100),
  })
  .superRefine((value, ctx) => {
    const problem = ownerSettingsProblem(value.owners);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: [] });
  });

/** The JSON body of POST /api/notification-settings. */
export const ownerSettingsBodySchema = z.object({
  entity: z.string().min(1).max(64),
  owners: z
    .array(z.object({ userId: z.string().min(1).max(64), typeIds: z.array(z.number().int()).max(20) }))
    .min(1)
    .max(100),
});
