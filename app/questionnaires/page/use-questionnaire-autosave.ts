import { useEffect, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { useToast } from "~/components/ui";
import type { QuestionnaireData } from "../types";
import { MESSAGES, type PortalMode } from "../rules";
import { mockReply } from "./mock-reply";
import type { ActionBody, ActionReply } from "./types";

/**
 * The page's copy of the questions and sections and the client that saves them: client mode posts each
 * change to /api/questionnaires/{companyHash} (through apiFetch: the spec's 401 rule); advisor modes
 * answer from the preview mock and save nothing.
 */
export function useQuestionnaireAutosave({
  data,
  mode,
  viewerName,
  onUploads,
}: {
  data: QuestionnaireData;
  mode: PortalMode;
  /** Who a note added in preview is shown as. */
  viewerName?: string;
  /** Uploads the server reports changed (their split state). */
  onUploads: (uploads: NonNullable<ActionReply["uploads"]>) => void;
}) {
  const toast = useToast();
  const [questions, setQuestions] = useState(data.questions);
  const [sections, setSections] = useState(data.sections);

  // Fresh data from the server replaces the page's copy (not a change of only the deposit, say: an advisor's mock answers stay).
  useEffect(() => setQuestions(data.questions), [data.questions]);
  useEffect(() => setSections(data.sections), [data.sections]);

  /** Sends one change; the reply carries the error message to show on failure. */
  async function send(body: ActionBody): Promise<ActionReply> {
    if (mode !== "client") return mockReply(body, { mode, questions, viewerName });
    try {
      const response = await apiFetch(`/api/questionnaires/${data.company.hashId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...body, questionnaireId: data.id }),
        // An answer saved as the page is left (reload, closed tab) must outlive the page; answers are small.
        keepalive: body.intent === "answer",
      });
      if (response.status === 503) return { error: MESSAGES.saveFailed, unavailable: true };
      const reply = (await response.json().catch(() => ({}))) as ActionReply;
      if (!response.ok) return { error: response.status >= 500 ? MESSAGES.saveFailed : (reply.error ?? MESSAGES.saveFailed) };
      return reply;
    } catch {
      // No answer at all (the network, or the server restarting): like an outage.
      return { error: MESSAGES.saveFailed, unavailable: true };
    }
  }

  /** Merges what a reply saved into the page's copy. */
  function apply(reply: ActionReply) {
    if (reply.note) {
      const note = reply.note;
      setQuestions((list) => list.map((q) => (q.id === note.questionId ? { ...q, notes: [...q.notes, { id: note.id, text: note.text }] } : q)));
    }
    if (reply.question) {
      const saved = reply.question;
      setQuestions((list) => list.map((q) => (q.id === saved.id ? { ...q, ...saved, entries: saved.entries ?? q.entries } : q)));
    }
    if (reply.sections?.length) {
      const changed = new Map(reply.sections.map((x) => [x.id, x]));
      setSections((list) => list.map((x) => (changed.has(x.id) ? { ...x, ...changed.get(x.id)! } : x)));
    }
    if (reply.uploads) onUploads(reply.uploads);
  }

  /** Sends one change, applies it and toasts the error or the reply's message. */
  async function act(body: ActionBody): Promise<ActionReply> {
    const reply = await send(body);
    if (reply.error) toast.error(reply.error);
    else {
      apply(reply);
      if (reply.message) toast.success(reply.message);
    }
    return reply;
  }

  return { questions, sections, send, apply, act };
}
