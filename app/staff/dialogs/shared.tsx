/**
 * Pieces the users dialogs share: the debounced email availability check, the masked phone field,
 * and a fetcher that posts to a users route and reports the outcome with a toast.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { TextField, useToast } from "~/components/ui";
import type { TextFieldProps } from "~/components/ui/field";
import { EMAIL_CHECK_DEBOUNCE_MS, maskPhone, optionalEmail, USER_MESSAGES } from "../user-rules";

export interface EmailCheck {
  state: "idle" | "checking" | "available" | "taken" | "invalid";
  /** Who has the address, when the viewer may see them. */
  takenBy: { id: string; name: string } | null;
}

/** Checks the address as it is typed (200 ms after the last key); blank or invalid is not checked. */
export function useEmailCheck(email: string, userId?: string | null, initial?: string | null): EmailCheck {
  const [check, setCheck] = useState<EmailCheck>({ state: "idle", takenBy: null });
  useEffect(() => {
    const value = email.trim().toLowerCase();
    if (!value || value === (initial ?? "").toLowerCase()) {
      setCheck({ state: "idle", takenBy: null });
      return;
    }
    if (!optionalEmail.safeParse(value).success) {
      setCheck({ state: "invalid", takenBy: null });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setCheck({ state: "checking", takenBy: null });
      try {
        const response = await apiFetch("/api/users/check-email", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: value, userId: userId ?? null }),
          signal: controller.signal,
        });
        if (!response.ok) return setCheck({ state: "idle", takenBy: null });
        const body = (await response.json()) as { isAvailable: boolean; user: { id: string; name: string } | null };
        setCheck({ state: body.isAvailable ? "available" : "taken", takenBy: body.user });
      } catch {
        /* aborted or offline: the server checks again on save */
      }
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, userId, initial]);
  return check;
}

export function emailCheckError(check: EmailCheck, serverError?: string): string | undefined {
  if (check.state === "taken") return USER_MESSAGES.emailExists;
  if (check.state === "invalid") return USER_MESSAGES.invalidEmail;
  return serverError;
}

/** A phone field with the (000) 000-0000 mask. */
export function PhoneField({ value, onValue, ...props }: Omit<TextFieldProps, "value" | "onChange"> & { value: string; onValue: (v: string) => void }) {
  return (
    <TextField
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="(000) 000-0000"
      value={value}
      onChange={(e) => onValue(maskPhone(e.currentTarget.value))}
    />
  );
}

export type ActionReply =
  { ok: true; intent: string; message: string; data?: Record<string, unknown> } | { ok: false; intent: string; error: string; fields: Record<string, string> };

/**
 * A fetcher for one dialog: `submit(fields)` posts the form; on success it toasts the server's
 * message and calls `onDone`, on failure it toasts the error and exposes the field errors.
 */
export function useUserAction(action: string, onDone?: (reply: Extract<ActionReply, { ok: true }>) => void) {
  const fetcher = useFetcher<ActionReply>();
  const toast = useToast();
  const handled = useRef<unknown>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onDoneRef.current?.(fetcher.data);
    } else {
      toast.error(fetcher.data.error || USER_MESSAGES.error);
    }
  }, [fetcher.state, fetcher.data, toast]);
  /** Posts the fields (to `to` instead of the hook's action when given). */
  const submit = (fields: Record<string, string | string[] | boolean | null | undefined>, to: string = action) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (v === undefined || v === null || v === false) continue;
      if (Array.isArray(v)) v.forEach((x) => form.append(k, x));
      else form.set(k, v === true ? "1" : v);
    }
    handled.current = null;
    fetcher.submit(form, { method: "post", action: to });
  };
  const fields = fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? fetcher.data.fields : {};
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  return { submit, busy: fetcher.state !== "idle", fields, reply };
}
