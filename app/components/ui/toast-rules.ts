/** The toast rules from the spec, kept pure so they can be unit-tested. */

export type ToastType = "info" | "success" | "error" | "warning";

/** Spec: toast defaults info 'Updated', error 'Something went wrong', success 'Successfully updated'. */
export const DEFAULT_TOAST_MESSAGES: Record<ToastType, string> = {
  info: "Updated",
  success: "Successfully updated",
  error: "Something went wrong",
  warning: "Please review",
};

/** Spec: auto-close after max(50 ms per character, 4000 ms). */
export function toastDuration(message: string, title?: string): number {
  const characters = message.length + (title?.length ?? 0);
  return Math.max(50 * characters, 4000);
}
