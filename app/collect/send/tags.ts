/**
 * Template tags (staff spec §5 "Reminders"): {client_fname}, {questionnaire_year},
 * {questionnaire_name}, {for_wording}, {number_of_items_left}, {by_due_date}, {firm_name}.
 * Replaced in a template's texts (sections, questions, disclaimer) and in the emails when a
 * questionnaire is sent; a tag the product doesn't know is left as typed.
 */

export const TEMPLATE_TAGS = [
  "client_fname",
  "questionnaire_year",
  "questionnaire_name",
  "for_wording",
  "number_of_items_left",
  "by_due_date",
  "firm_name",
] as const;
export type TemplateTag = (typeof TEMPLATE_TAGS)[number];

export interface TagContext {
  /** The entity's primary owner's first name (preferred name first). */
  clientFname: string;
  taxYear: number;
  questionnaireName: string;
  /** The entity's name; for_wording names it unless it is the client's own (individual) entity. */
  entityName: string;
  /** The client's full name, to tell an individual's entity from a business. */
  clientFullName: string;
  numberOfItemsLeft: number;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  firmName: string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 'November 30, 2026' from an ISO date. */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** ' for Studio North LLC', or '' when the entity is the client's own (named after them). */
export function forWording(entityName: string, clientFullName: string): string {
  const name = entityName.trim();
  if (!name || name.toLowerCase() === clientFullName.trim().toLowerCase()) return "";
  return `for ${name}`;
}

/** 'by November 30, 2026', or '' without a due date. */
export function byDueDate(dueDate: string | null): string {
  return dueDate ? `by ${longDate(dueDate)}` : "";
}

export function tagValues(context: TagContext): Record<TemplateTag, string> {
  return {
    client_fname: context.clientFname,
    questionnaire_year: String(context.taxYear),
    questionnaire_name: context.questionnaireName,
    for_wording: forWording(context.entityName, context.clientFullName),
    number_of_items_left: String(context.numberOfItemsLeft),
    by_due_date: byDueDate(context.dueDate),
    firm_name: context.firmName,
  };
}

const TAG_PATTERN = /\{([a-z_]+)\}/g;

/**
 * Replaces the known tags in `text`. An empty replacement also drops one space before it, so
 * 'Your organizer {for_wording} is ready' reads 'Your organizer is ready' for an individual.
 */
export function substituteTags(text: string, values: Record<TemplateTag, string>): string {
  return text.replace(/ ?\{([a-z_]+)\}/g, (match, name: string) => {
    if (!(TEMPLATE_TAGS as readonly string[]).includes(name)) return match;
    const value = values[name as TemplateTag];
    return value === "" ? "" : `${match.startsWith(" ") ? " " : ""}${value}`;
  });
}

/** The tags a text uses that the product does not know (shown as a warning in the editor). */
export function unknownTags(text: string): string[] {
  const found = new Set<string>();
  for (const [, name] of text.matchAll(TAG_PATTERN)) if (!(TEMPLATE_TAGS as readonly string[]).includes(name)) found.add(name);
  return [...found];
}
