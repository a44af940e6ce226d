/**
 * Template tags in reminder texts (staff spec §5 Reminders): {client_fname}, {questionnaire_year},
 * {questionnaire_name}, {for_wording}, {number_of_items_left}, {by_due_date}, {firm_name}.
 * One substitution for the product: the sending module's (app/collect/send/tags.ts); this file
 * only maps a reminder's facts onto it. Pure: shared by the server and the dialog's preview.
 */
import { TEMPLATE_TAGS, longDate, substituteTags, tagValues as templateTagValues, unknownTags, type TemplateTag } from "~/collect/send/tags";

export const REMINDER_TAGS = TEMPLATE_TAGS;
export type ReminderTag = TemplateTag;
export type TagValues = Record<ReminderTag, string>;
export { longDate, unknownTags };

export interface TagFacts {
  clientFname: string;
  clientLname: string;
  /** The client's preferred name wins over the first name when set. */
  clientPreferredName?: string | null;
  taxYear: number;
  questionnaireName: string;
  /** The entity the questionnaire is for; named by {for_wording} unless it is the client's own. */
  entityName: string;
  /** Sections (items) not completed yet. */
  itemsLeft: number;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  firmName: string;
}

/** The value of every tag for one questionnaire and recipient. */
export function tagValues(f: TagFacts): TagValues {
  return templateTagValues({
    clientFname: (f.clientPreferredName?.trim() || f.clientFname).trim(),
    clientFullName: `${f.clientFname} ${f.clientLname}`.trim(),
    taxYear: f.taxYear,
    questionnaireName: f.questionnaireName,
    entityName: f.entityName,
    numberOfItemsLeft: Math.max(0, f.itemsLeft),
    dueDate: f.dueDate,
    firmName: f.firmName,
  });
}

/** Replaces the known tags (an empty value also drops the space before it); unknown tags stay as typed. */
export function replaceTags(text: string, values: TagValues): string {
  return substituteTags(text, values);
}
