/**
 * The entity dialogs' form plumbing: post to the page's action with a fetcher, show the answer's
 * toast, and hand a refusal's field errors back to the conform form (the browser checked the
 * values with the same zod schema first).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/ui";
import { replyOptions } from "~/form-reply";

/** The JSON an entity action answers (see entity-actions.server.ts). */
export interface EntityActionData {
  ok: boolean;
  intent: string;
  toast?: { type: "success" | "info" | "error"; message: string };
  errors?: Record<string, string>;
  message?: string;
  redirectTo?: string;
  data?: Record<string, unknown>;
}

export type FormValues = Record<string, string | string[]>;

/** FormData to values; names ending in [] are lists. */
export function formValues(form: HTMLFormElement | FormData): FormValues {
  const data = form instanceof FormData ? form : new FormData(form);
  const out: FormValues = {};
  for (const [key, value] of data) {
    if (typeof value !== "string") continue;
    if (key.endsWith("[]")) {
      const name = key.slice(0, -2);
      out[name] = [...((out[name] as string[] | undefined) ?? []), value];
    } else out[key] = value;
  }
  return out;
}

function toFormData(values: FormValues): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const v of value) data.append(`${key}[]`, v);
    else data.set(key, value);
  }
  return data;
}

/**
 * A fetcher for one dialog's posts. `onRefused` hears each refusal (a conform form turns its
 * `errors` back into field messages with `replyOptions`).
 */
export function useEntityAction(action: string, onSuccess?: (data: EntityActionData) => void, onRefused?: (data: EntityActionData) => void) {
  const fetcher = useFetcher<EntityActionData>();
  const toast = useToast();
  const handled = useRef<EntityActionData | null>(null);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      if (data.toast) toast.show({ type: data.toast.type, message: data.toast.message });
      onSuccessRef.current?.(data);
      return;
    }
    onRefusedRef.current?.(data);
    if (!data.errors || Object.keys(data.errors).length === 0 || data.errors.ids) {
      // Errors without a field of their own (permission, nothing selected, not found) as a toast.
      toast.show({ type: data.errors?.ids ? "info" : "error", message: data.message || "Something went wrong" });
    }
  }, [fetcher.state, fetcher.data, toast]);

  return {
    busy: fetcher.state !== "idle",
    /** Posts the values (the form has checked them with its schema). */
    submit(values: FormValues) {
      fetcher.submit(toFormData(values), { method: "post", action });
    },
  };
}

/**
 * `useEntityAction` for a conform form: `send(submission, values)` posts the checked values, and a
 * refusal's field messages come back onto the form through `lastResult`.
 */
export function useEntityFormAction(action: string, onSuccess?: (data: EntityActionData) => void) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const submitted = useRef<Submission<unknown> | null>(null);
  const post = useEntityAction(action, onSuccess, (data) => {
    if (submitted.current && data.errors)
      setLastResult(submitted.current.reply(replyOptions({ error: data.message, errors: data.errors }, "Something went wrong")));
  });
  return {
    busy: post.busy,
    lastResult,
    send(submission: Submission<unknown>, values: FormValues) {
      submitted.current = submission;
      setLastResult(null);
      post.submit(values);
    },
  };
}
