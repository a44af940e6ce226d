/** The advisor's email about a client's notes on a questionnaire's questions, in the firm's words (`t`). */
export interface NoteEmailFacts {
  advisorFname: string;
  /** Who wrote the notes, by name. */
  authors: readonly string[];
  notes: readonly { questionText: string; author: string; body: string }[];
  taxYear: number;
  questionnaireName: string;
  entityName: string;
  /** The advisor's preview of the questionnaire at the first note, absolute. */
  url: string;
}

export function noteNotificationEmail(facts: NoteEmailFacts, t: (text: string) => string = (text) => text): { subject: string; text: string } {
  const count = facts.notes.length === 1 ? "a note" : `${facts.notes.length} notes`;
  const lines = facts.notes.map((n) => `"${n.questionText}"\n${n.author}: ${n.body}`).join("\n\n");
  return {
    // The questionnaire's and the entity's names are the firm's own: never translated.
    subject: `${facts.authors.join(", ")} added ${count} to ${facts.taxYear} ${facts.questionnaireName} (${facts.entityName})`,
    text: `Hi ${facts.advisorFname},\n\n${lines}\n\n${t("Open the questionnaire to read and reply:")}\n${facts.url}\n`,
  };
}
