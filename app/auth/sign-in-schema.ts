import { z } from "zod";
import { EMAIL_MESSAGES, emailSchema } from "./email-rules";
import { PASSWORD_MESSAGES } from "./password-rules";

/** The `login` state of /signin (browser and server share it). */
export const passwordSignInSchema = z.object({
  email: emailSchema(EMAIL_MESSAGES.missing),
  password: z.string({ error: PASSWORD_MESSAGES.missing }).min(1, PASSWORD_MESSAGES.missing).max(256, "Invalid password"),
  redirect: z.string().max(2000).optional(),
});
