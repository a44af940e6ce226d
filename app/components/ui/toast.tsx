/**
 * Toasts. `ToastProvider` (in root) renders a live region, top-right on desktop and at the bottom
 * on phones; `useToast()` shows messages:
 *
 *   const toast = useToast();
 *   toast.success();                          // 'Successfully updated'
 *   toast.error(result.error);                // the server's message, or 'Something went wrong'
 *   toast.info("Signed out in another window", { persistent: true });
 *
 * Toasts close after max(50 ms × characters, 4000 ms) unless persistent; the timer pauses while
 * the pointer is over the toast or focus is inside it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cx } from "./cx";
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from "./icons";
import * as s from "./toast.css";
import { DEFAULT_TOAST_MESSAGES, toastDuration, type ToastType } from "./toast-rules";
import { useVocabulary } from "~/vocabulary";

export { DEFAULT_TOAST_MESSAGES, toastDuration, type ToastType } from "./toast-rules";

export interface ToastOptions {
  title?: string;
  /** Stays until closed (no auto-close). */
  persistent?: boolean;
  /** Overrides the spec's duration. */
  durationMs?: number;
  /** A single action, e.g. Undo. */
  action?: { label: string; onClick: () => void };
  /** Showing a toast with the id of an open one replaces it instead of stacking. */
  id?: string;
}

export interface ToastInput extends ToastOptions {
  type: ToastType;
  message?: string;
}

interface ToastItem extends ToastOptions {
  id: string;
  type: ToastType;
  message: string;
}

export interface ToastApi {
  show(input: ToastInput): string;
  info(message?: string | null, options?: ToastOptions): string;
  success(message?: string | null, options?: ToastOptions): string;
  error(message?: string | null, options?: ToastOptions): string;
  warning(message?: string | null, options?: ToastOptions): string;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const icons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: DangerIcon };

let counter = 0;

export function ToastProvider({ children, label = "Notifications" }: { children: ReactNode; /** Name of the live region. */ label?: string }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback((input: ToastInput) => {
    const id = input.id ?? `toast-${++counter}`;
    const message = input.message?.trim() ? input.message : DEFAULT_TOAST_MESSAGES[input.type];
    const item: ToastItem = { ...input, id, message };
    setToasts((list) => (list.some((t) => t.id === id) ? list.map((t) => (t.id === id ? item : t)) : [...list, item].slice(-5)));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      info: (message, options) => show({ ...options, type: "info", message: message ?? undefined }),
      success: (message, options) => show({ ...options, type: "success", message: message ?? undefined }),
      error: (message, options) => show({ ...options, type: "error", message: message ?? undefined }),
      warning: (message, options) => show({ ...options, type: "warning", message: message ?? undefined }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className={s.region} aria-label={label} aria-live="polite" aria-relevant="additions text">
        {toasts.map((t) => (
          <Toast key={t.id} toast={t} onClose={() => dismiss(t.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onClose }: { toast: ToastItem; onClose: () => void }) {
  const Icon = icons[toast.type];
  // Toasts are the product's own texts (and the server's messages): in the firm's words.
  const t = useVocabulary();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs ?? toastDuration(toast.message, toast.title));
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    remaining.current = toast.durationMs ?? toastDuration(toast.message, toast.title);
  }, [toast]);

  useEffect(() => {
    if (toast.persistent || paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => closeRef.current(), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(1000, remaining.current - (Date.now() - started));
    };
  }, [toast, paused]);

  return (
    <div
      className={cx(s.toast, s.tone[toast.type])}
      role={toast.type === "error" ? "alert" : "status"}
      data-type={toast.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon size={20} className={s.icon[toast.type]} />
      <div className={s.body}>
        {toast.title ? <p className={s.title}>{t(toast.title)}</p> : null}
        <p className={cx(s.message, toast.title && s.withTitle)}>{t(toast.message)}</p>
        {toast.action ? (
          <button
            type="button"
            className={s.action}
            onClick={() => {
              toast.action?.onClick();
              onClose();
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button type="button" className={s.close} onClick={onClose} aria-label="Dismiss notification">
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

const noop: ToastApi = {
  show: () => "",
  info: () => "",
  success: () => "",
  error: () => "",
  warning: () => "",
  dismiss: () => {},
};

/** The toast API; outside a ToastProvider it does nothing (and says so in development). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    if (process.env.NODE_ENV !== "production") console.warn("useToast() used outside <ToastProvider>");
    return noop;
  }
  return api;
}

/**
 * Shows a toast once when `toast` changes, e.g. a flash message from a loader or an action's
 * result: `<ShowToast toast={actionData?.toast} />`. Give each a distinct `id` to show repeats.
 */
export function ShowToast({ toast }: { toast: ToastInput | null | undefined }) {
  const api = useToast();
  const key = toast ? JSON.stringify(toast) : null;
  useEffect(() => {
    if (toast) api.show(toast);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, api]);
  return null;
}
