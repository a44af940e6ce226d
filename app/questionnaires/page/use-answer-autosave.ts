import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/ui";
import type { QuestionData } from "../types";
import { SAVED_TICK_MS } from "../rules";
import type { SectionBodyProps } from "./types";

const AUTOSAVE_MS = 600;
/** After an outage outlasted apiFetch's own retries: the typed answer is kept and sent again this much later. */
const UNAVAILABLE_RETRY_MS = 5_000;

/**
 * One question's answer as typed: saved after a pause in typing (or at once), rolled back with the
 * error shown when saving is refused, with a short "Saved" tick when it succeeds. An answer still
 * waiting for its pause is saved at once when the question goes away (another section opens, Back
 * or Forward, a link) or the page is left (reload, closed tab). While the portal can't be reached
 * the answer stays as typed and is sent again until it is saved.
 */
export function useAnswerAutosave(q: QuestionData, { send, apply }: Pick<SectionBodyProps, "send" | "apply">) {
  const toast = useToast();
  const [value, setValue] = useState(q.answer ?? "");
  const [savedTick, setSavedTick] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaved = useRef(q.answer ?? "");
  /** The answer the timer will save. */
  const waiting = useRef<string | null>(null);

  useEffect(() => {
    if (timer.current === null) {
      setValue(q.answer ?? "");
      lastSaved.current = q.answer ?? "";
    }
  }, [q.answer]);

  async function save(next: string) {
    timer.current = null;
    waiting.current = null;
    if (next === lastSaved.current) return;
    const reply = await send({ intent: "answer", questionId: q.id, answer: next });
    if (reply.unavailable) {
      // Keep what was typed; unless typing starts a newer save first, try again in a moment.
      if (timer.current === null) {
        waiting.current = next;
        timer.current = setTimeout(() => void save(next), UNAVAILABLE_RETRY_MS);
      }
      return;
    }
    if (reply.error) {
      setValue(lastSaved.current);
      setError(reply.error);
      toast.error(reply.error);
      return;
    }
    setError(null);
    lastSaved.current = next;
    apply(reply);
    setSavedTick(true);
    setTimeout(() => setSavedTick(false), SAVED_TICK_MS);
  }

  function change(next: string, immediate = false) {
    setValue(next);
    if (timer.current) clearTimeout(timer.current);
    if (immediate) void save(next);
    else {
      waiting.current = next;
      timer.current = setTimeout(() => void save(next), AUTOSAVE_MS);
    }
  }

  const saveNow = useRef(save);
  saveNow.current = save;
  useEffect(() => {
    function flushWaiting() {
      if (timer.current === null || waiting.current === null) return;
      clearTimeout(timer.current);
      void saveNow.current(waiting.current);
    }
    window.addEventListener("pagehide", flushWaiting);
    return () => {
      window.removeEventListener("pagehide", flushWaiting);
      flushWaiting();
    };
  }, []);

  /** Saves a pending answer now (on blur). */
  function flush() {
    if (timer.current) change(value, true);
  }

  return { value, error, savedTick, change, flush };
}
