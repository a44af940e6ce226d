/**
 * Template tags in reminder texts (staff spec §5 Reminders): {client_fname}, {questionnaire_year},
 * {questionnaire_name}, {for_wording}, {number_of_items_left}, {by_due_date}, {firm_name}.
 * Pure: shared by the server (sending) and the dialog (preview).
 */

export const REMINDER_TAGS = [
  "client_fname",
  "questionnaire_year",
  "questionnaire_name",
  "for_wording",
  "number_of_items_left",
  "by_due_date",
  "firm_name",
] as const;
export type ReminderTag = (typeof REMINDER_TAGS)[number];
export type TagValues = Record<ReminderTag, string>;

export interface TagFacts {
  clientFname: string;
  /** The client's preferred name wins over the first name when set. */
  clientPreferredName?: string | null;
  taxYear: number;
  questionnaireName: string;
  /** The entity the questionnaire is for. */
  entityName: string;
  /** 'Individual' entities are the client's own: no " for {entity}" wording. */
  entityType: string;
  /** Sections (items) not completed yet. */
  itemsLeft: number;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  firmName: string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 'March 15, 2026' from YYYY-MM-DD. */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** The value of every tag for one questionnaire and recipient. */
export function tagValues(f: TagFacts): TagValues {
  const ownEntity = f.entityType === "Individual";
  return {
    client_fname: (f.clientPreferredName?.trim() || f.clientFname).trim(),
    questionnaire_year: String(f.taxYear),
    questionnaire_name: f.questionnaireName,
    for_wording: ownEntity || !f.entityName ? "" : ` for ${f.entityName}`,
    number_of_items_left: String(Math.max(0, f.itemsLeft)),
    by_due_date: f.dueDate ? ` by ${longDate(f.dueDate)}` : "",
    firm_name: f.firmName,
  };
}

/**
 * Replaces every known {tag} (case-insensitive, spaces inside the braces tolerated); unknown tags
 * are left as written, so a typo shows in the preview instead of vanishing.
 */
export function replaceTags(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{\s*([a-zA-Z_]+)\s*\}/g, (whole, name: string) => {
    const value = values[name.toLowerCase()];
    return value === undefined ? whole : value;
  });
}

/** Tags written in a text that are not reminder tags (shown as a warning in the dialog). */
export function unknownTags(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\s*([a-zA-Z_]+)\s*\}/g)) {
    const name = match[1]!.toLowerCase();
    if (!(REMINDER_TAGS as readonly string[]).includes(name)) found.add(match[1]!);
  }
  return [...found];
}
