/**
 * Send sign-in links (staff spec §7 "Send sign-in links: userIds"; §6: advisors only, and sign-in
 * links reset the user's password): a button and its confirmation, posting to
 * /api/users/send-sign-in-links. For one user (the user view) or many (a table's selection).
 *
 *   <SendSignInLinksButton userIds={[id]} />
 */
import { useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Button, ConfirmDialog, useToast, type ButtonProps } from "~/components/ui";

/** Staff spec §8. */
const SENT = "Sign in link(s) sent successfully";

interface Result {
  message?: string;
  error?: string;
  sent?: string[];
  skipped?: { userId: string; reason: string }[];
}

export function SendSignInLinksButton({
  userIds,
  label = "Send sign-in link",
  size = "sm",
  variant = "secondary",
  onDone,
}: {
  userIds: string[];
  label?: string;
  size?: ButtonProps["size"];
  variant?: "primary" | "secondary" | "ghost";
  onDone?: () => void;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const many = userIds.length > 1;

  async function send() {
    setBusy(true);
    try {
      const response = await apiFetch("/api/users/send-sign-in-links", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userIds }),
      });
      const result = (await response.json().catch(() => ({}))) as Result;
      if (!response.ok) {
        toast.error(result.error ?? "Sorry, there was a problem sending the sign-in link. Please try again later.");
        return;
      }
      if (result.sent?.length) toast.success(result.message ?? SENT);
      if (result.skipped?.length) toast.warning(`Not sent: ${[...new Set(result.skipped.map((s) => s.reason))].join(", ")}.`);
      setOpen(false);
      onDone?.();
    } catch {
      toast.error("Sorry, there was a problem sending the sign-in link. Please try again later.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size={size} variant={variant} disabled={userIds.length === 0} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={many ? `Send sign-in links to ${userIds.length} users?` : "Send a sign-in link?"}
        message={
          many
            ? "Each user gets an email with a link valid for 24 hours to choose how they sign in. Their passwords are reset and their sessions end."
            : "The user gets an email with a link valid for 24 hours to choose how they sign in. Their password is reset and their sessions end."
        }
        confirmLabel={many ? "Send links" : "Send link"}
        busy={busy}
        onConfirm={send}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
