/**
 * Modal dialogs on the native <dialog> element (top layer, inert background), plus:
 * - a focus trap (Tab and Shift+Tab cycle inside the dialog),
 * - Escape closes only the topmost dialog, and never a `persistent` one,
 * - backdrop clicks close unless `persistent`,
 * - focus goes back to where it was when the dialog closes,
 * - the page behind does not scroll.
 * The dialog is rendered only while `open`, so its state resets each time it opens.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from "react";
import { Button, type ButtonVariant } from "./button";
import { cx } from "./cx";
import * as s from "./dialog.css";
import { CloseIcon } from "./icons";

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button and backdrop clicks (never when `persistent`). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned (stacked full width on phones). */
  footer?: ReactNode;
  /** No Escape, no backdrop close, no close button: the user must use the dialog's own buttons. */
  persistent?: boolean;
  size?: "sm" | "md" | "lg" | "full";
  /** The element to focus first (otherwise the first field or button in the body). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hides the × button (it is always hidden for persistent dialogs). */
  hideCloseButton?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute("inert") && el.getClientRects().length > 0);
}

let openCount = 0;

export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  footer,
  persistent = false,
  size = "md",
  initialFocusRef,
  hideCloseButton,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const persistentRef = useRef(persistent);
  persistentRef.current = persistent;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    openCount++;
    document.documentElement.classList.add(s.scrollLocked);

    const target =
      initialFocusRef?.current ??
      dialog.querySelector<HTMLElement>("[data-autofocus]") ??
      (bodyRef.current ? focusables(bodyRef.current)[0] : undefined) ??
      focusables(dialog)[0] ??
      dialog;
    target.focus();

    return () => {
      if (dialog.open) dialog.close();
      openCount = Math.max(0, openCount - 1);
      if (openCount === 0) document.documentElement.classList.remove(s.scrollLocked);
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "Escape") {
      // Handled here so only this (the topmost, focused) dialog reacts, and the browser's own
      // close is cancelled; stopPropagation keeps a parent dialog in the React tree closed.
      event.preventDefault();
      event.stopPropagation();
      if (!persistentRef.current) onCloseRef.current();
      return;
    }
    if (event.key === "Tab") {
      const dialog = ref.current;
      if (!dialog) return;
      const items = focusables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
      event.stopPropagation();
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={cx(s.dialog, size === "full" && s.fullDialog)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape when focus is not inside (e.g. on the page body): same rules.
        event.preventDefault();
        if (!persistentRef.current) onCloseRef.current();
      }}
      onClose={() => {
        // The browser closed it anyway (some close requests can't be cancelled): keep a
        // persistent dialog open, otherwise tell the owner.
        const dialog = ref.current;
        if (!dialog) return;
        if (persistentRef.current) dialog.showModal();
        else onCloseRef.current();
      }}
      onMouseDown={(event: MouseEvent<HTMLDialogElement>) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event: MouseEvent<HTMLDialogElement>) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget && !persistentRef.current) onCloseRef.current();
        pressedOnBackdrop.current = false;
      }}
    >
      <div className={cx(s.panel, s.size[size], className)}>
        <div className={s.header}>
          <div className={s.titles}>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={s.description}>
                {description}
              </p>
            ) : null}
          </div>
          {persistent || hideCloseButton ? null : (
            <button type="button" className={s.close} onClick={() => onCloseRef.current()} aria-label="Close">
              <CloseIcon size={18} />
            </button>
          )}
        </div>
        {children ? (
          <div ref={bodyRef} className={s.body}>
            {children}
          </div>
        ) : null}
        {footer ? <div className={s.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for deletions. */
  tone?: Extract<ButtonVariant, "primary" | "danger">;
  /** Shows a spinner on the confirm button and blocks closing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small yes/no dialog. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "primary",
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      size="sm"
      persistent={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
