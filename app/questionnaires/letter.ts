/** The engagement letter of an agreement section, as the page shows and prints it. */

/** The letter to sign: the section's custom element, or else its instruction (where the templates keep it). */
export function agreementLetter(section: { customElement: string | null; instruction: string | null }): string | null {
  return section.customElement || section.instruction || null;
}

/** A letter's paragraphs: blank lines separate them; a single line break stays inside its paragraph. */
export function letterParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
