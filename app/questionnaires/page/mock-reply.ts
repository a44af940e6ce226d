import type { QuestionData } from "../types";
import { MESSAGES, type PortalMode } from "../rules";
import type { ActionBody, ActionReply } from "./types";

/** Advisor modes: nothing is saved; the page behaves as if it were. */
export function mockReply(
  body: ActionBody,
  { mode, questions, viewerName }: { mode: PortalMode; questions: QuestionData[]; viewerName?: string },
): ActionReply {
  if (mode === "admin-template") return { error: "This is a template preview: nothing can be changed here." };
  if (body.intent === "complete_section") return { ok: true, sections: [{ id: body.sectionId as string, markedCompleted: true }] };
  if (body.intent === "submit") return { ok: true, next: null };
  const q = questions.find((x) => x.id === body.questionId);
  if (!q) return { error: "Not available in preview." };
  if (body.intent === "answer") return { ok: true, question: { id: q.id, answer: (body.answer as string) || null, answerBy: null, specialAnswer: null } };
  if (body.intent === "special")
    return { ok: true, question: { id: q.id, answer: null, answerBy: null, specialAnswer: body.special as QuestionData["specialAnswer"] } };
  if (body.intent === "undo")
    return {
      ok: true,
      message: MESSAGES.undo,
      question: { id: q.id, answer: null, answerBy: null, specialAnswer: null, entries: q.questionType === "entries" ? [] : undefined },
    };
  if (body.intent === "answer_now") return { ok: true, question: { id: q.id, answerBy: null } };
  if (body.intent === "add_note")
    return { ok: true, note: { questionId: q.id, id: `preview-${Date.now()}`, text: `${viewerName ?? "You"}: ${String(body.body).trim()}` } };
  if (body.intent === "add_entry" || body.intent === "remove_entry" || body.intent === "save_entry") {
    const entries = mockEntries(q, body);
    return {
      ok: true,
      question: { id: q.id, answer: String(new Set(entries.map((e) => e.entryNumber)).size), answerBy: null, specialAnswer: null, entries },
    };
  }
  return { error: "Not available in preview." };
}

/** Preview: entries added, edited and removed in the page only (same renumbering as the server). */
function mockEntries(q: QuestionData, body: ActionBody): QuestionData["entries"] {
  const entries = q.entries.map((e) => ({ ...e }));
  const count = new Set(entries.map((e) => e.entryNumber)).size;
  if (body.intent === "add_entry") return [...entries, ...q.options.map((field) => ({ entryNumber: count + 1, field, value: "" }))];
  const n = Number(body.entryNumber);
  if (body.intent === "remove_entry")
    return entries.filter((e) => e.entryNumber !== n).map((e) => (e.entryNumber > n ? { ...e, entryNumber: e.entryNumber - 1 } : e));
  const values = (body.values ?? {}) as Record<string, string>;
  return entries.map((e) => (e.entryNumber === n && e.field in values ? { ...e, value: values[e.field] ?? "" } : e));
}
