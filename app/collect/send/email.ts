/**
 * The notifications a client gets when a questionnaire, additional items or a document drop-off is
 * sent: email (text and HTML in the firm's brand colour and name) and, for clients whose contact
 * method is Email & Text, an SMS. Pure: the server fills in the tags and links.
 */
import type { Translate } from "~/vocabulary";
import { longDate } from "./tags";

export interface NotificationInput {
  kind: "questionnaire" | "additional-items" | "dropoff";
  firmName: string;
  brandColor: string | null;
  clientFname: string;
  questionnaireName: string;
  taxYear: number;
  /** ' for Studio North LLC' wording, already computed ('' for an individual). */
  forWording: string;
  dueDate: string | null;
  /** The questionnaire in the portal (sign-in). */
  url: string;
  /** Drop-offs: the 7-day upload link that needs no sign-in. */
  uploadUrl?: string | null;
  uploadExpires?: string | null;
  /** Custom subject and body typed by staff (tags already replaced). */
  customSubject?: string | null;
  customBody?: string | null;
  /** The firm's vocabulary for the product's own words (names and staff-typed texts are left as they are). */
  t?: Translate;
}

/**
 * A product sentence in the firm's words: the template is translated before the values go in,
 * so a name ("Questionnaire Holdings LLC") or a typed text is never rewritten.
 */
function say(input: NotificationInput, template: string, values: Record<string, string>): string {
  const translated = input.t ? input.t(template) : template;
  return translated.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const DEFAULT_BRAND = "#1f6feb";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function safeColor(color: string | null): string {
  return color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_BRAND;
}

export function notificationSubject(input: NotificationInput): string {
  if (input.customSubject?.trim()) return input.customSubject.trim();
  const values = { firm: input.firmName, what: `${input.taxYear} ${input.questionnaireName}` };
  switch (input.kind) {
    case "additional-items":
      return say(input, "{firm} requested additional items for your {what}", values);
    case "dropoff":
      return say(input, "{firm}: please send your documents ({what})", values);
    default:
      return say(input, "{firm} sent you your {what}", values);
  }
}

function intro(input: NotificationInput): string {
  const values = {
    firm: input.firmName,
    subject: `your ${input.taxYear} ${input.questionnaireName}${input.forWording ? ` ${input.forWording}` : ""}`,
    due: input.dueDate ? ` by ${longDate(input.dueDate)}` : "",
  };
  switch (input.kind) {
    case "additional-items":
      return say(input, "{firm} needs a few more items for {subject}. Please provide them{due}.", values);
    case "dropoff":
      return say(input, "{firm} asked you to send the documents on {subject}. Please upload them{due}.", values);
    default:
      return say(
        input,
        "{firm} sent you {subject}. Please complete it{due}. Your progress is saved automatically, so you can come back to it at any time.",
        values,
      );
  }
}

const BUTTON_LABEL: Record<NotificationInput["kind"], string> = {
  questionnaire: "Open questionnaire",
  "additional-items": "Provide the items",
  dropoff: "Open the checklist",
};

export function notificationEmail(input: NotificationInput): { subject: string; text: string; html: string } {
  const subject = notificationSubject(input);
  const button = say(input, BUTTON_LABEL[input.kind], {});
  const greeting = `Hi ${input.clientFname || "there"},`;
  const body = input.customBody?.trim() ? input.customBody.trim() : intro(input);
  const upload = input.uploadUrl
    ? `\n\nNo time to sign in? Upload your files with this secure link${input.uploadExpires ? ` (it expires on ${longDate(input.uploadExpires)})` : ""}:\n${input.uploadUrl}`
    : "";
  const text = `${greeting}\n\n${body}\n\n${button}: ${input.url}${upload}\n\n${input.firmName}`;

  const color = safeColor(input.brandColor);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const uploadHtml = input.uploadUrl
    ? `<p style="margin:16px 0 0;line-height:1.5;font-size:14px;color:#4b5563">No time to sign in? <a href="${escapeHtml(input.uploadUrl)}" style="color:${color}">Upload your files with this secure link</a>${input.uploadExpires ? ` (it expires on ${escapeHtml(longDate(input.uploadExpires))})` : ""}.</p>`
    : "";
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};padding:20px 28px;color:#ffffff;font-size:18px;font-weight:600">${escapeHtml(input.firmName)}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(greeting)}</p>
${paragraphs}
<p style="margin:24px 0 0"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(button)}</a></p>
${uploadHtml}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">Sent by ${escapeHtml(input.firmName)} through its client portal.</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** The SMS for clients whose contact method is Email & Text (one segment where possible). */
export function notificationSms(input: NotificationInput): string {
  const values = { firm: input.firmName, what: `${input.taxYear} ${input.questionnaireName}` };
  const due = input.dueDate ? ` Due ${longDate(input.dueDate)}.` : "";
  const lead =
    input.kind === "additional-items"
      ? "{firm} requested more items for your {what}."
      : input.kind === "dropoff"
        ? "{firm} asked for your documents ({what})."
        : "{firm} sent you your {what}.";
  return `${say(input, lead, values)}${due} ${input.url}`;
}
