/**
 * Send tax return to documents (staff spec §2 dialogs, §7 send_to_documents): folder path
 * (default /{year}/Tax Return), document name, and optionally a notification to the client with
 * a subject and message, each of which can be saved as the firm's default for next time.
 *
 *   <SendToDocumentsDialog taxReturnId={id} companyId={companyId} taxYear={2025} open={open} onClose={close} />
 */
import { useEffect, useState, type FormEvent } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Checkbox, Dialog, Spinner, TextArea, TextField, useToast } from "~/components/ui";
import { sendToDocumentsDefaultPath } from "../rules";
import { SEND_TO_DOCUMENTS_MESSAGES, sendToDocumentsSchema, type SendToDocumentsDefaults } from "./send-to-documents";
import * as s from "./ops.css";

export interface SendToDocumentsDialogProps {
  taxReturnId: string;
  companyId: string;
  taxYear: number;
  open: boolean;
  onClose: () => void;
  /** After a successful send. */
  onSent?: () => void;
}

type Errors = Partial<Record<"path" | "document_name" | "subject" | "message", string>>;

export function SendToDocumentsDialog({ taxReturnId, companyId, taxYear, open, onClose, onSent }: SendToDocumentsDialogProps) {
  const toast = useToast();
  const [defaults, setDefaults] = useState<SendToDocumentsDefaults | null>(null);
  const [path, setPath] = useState(sendToDocumentsDefaultPath(taxYear));
  const [documentName, setDocumentName] = useState("");
  const [notifyClient, setNotifyClient] = useState(false);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [saveSubject, setSaveSubject] = useState(false);
  const [saveMessage, setSaveMessage] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/staff/tax-returns/${encodeURIComponent(taxReturnId)}/send-to-documents`;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setDefaults(null);
    setErrors({});
    setFailure(null);
    apiFetch(`${url}?${new URLSearchParams({ companyId })}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { defaults?: SendToDocumentsDefaults; error?: string };
        if (cancelled) return;
        if (!response.ok || !body.defaults) return setFailure(body.error ?? SEND_TO_DOCUMENTS_MESSAGES.failed);
        setDefaults(body.defaults);
        setPath(body.defaults.path);
        setDocumentName(body.defaults.documentName);
        setSubject(body.defaults.subject);
        setMessage(body.defaults.message);
      })
      .catch(() => !cancelled && setFailure(SEND_TO_DOCUMENTS_MESSAGES.failed));
    return () => {
      cancelled = true;
    };
  }, [open, url, companyId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      companyId,
      path,
      document_name: documentName,
      notify_client: notifyClient,
      subject: notifyClient ? subject : undefined,
      message: notifyClient ? message : undefined,
      save_subject_for_future_use: notifyClient && saveSubject,
      save_message_for_future_use: notifyClient && saveMessage,
    };
    const parsed = sendToDocumentsSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const response = await apiFetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const result = (await response.json().catch(() => ({}))) as { message?: string; error?: string; errors?: Errors };
      if (!response.ok) {
        if (result.errors) setErrors(result.errors);
        toast.error(result.error ?? SEND_TO_DOCUMENTS_MESSAGES.failed);
        return;
      }
      toast.success(result.message ?? SEND_TO_DOCUMENTS_MESSAGES.sent);
      onSent?.();
      onClose();
    } catch {
      toast.error(SEND_TO_DOCUMENTS_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send tax return to documents"
      description="A copy of the return (the signed copy once signed) is saved in the client's documents."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="send-to-documents" disabled={busy || !defaults}>
            {busy ? "Sending…" : "Send to documents"}
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      {!defaults && !failure ? <Spinner label="Loading" /> : null}
      {defaults ? (
        <form id="send-to-documents" className={s.stack} onSubmit={submit} noValidate>
          <TextField label="Folder" name="path" value={path} onChange={(e) => setPath(e.target.value)} error={errors.path} required />
          <TextField
            label="Document name"
            name="document_name"
            value={documentName}
            onChange={(e) => setDocumentName(e.target.value)}
            error={errors.document_name}
            required
          />
          <Checkbox label="Notify the client" checked={notifyClient} onChange={(e) => setNotifyClient(e.target.checked)} />
          {notifyClient ? (
            <>
              <TextField label="Subject" name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} error={errors.subject} required />
              <Checkbox label="Save subject for future use" checked={saveSubject} onChange={(e) => setSaveSubject(e.target.checked)} />
              <TextArea
                label="Message"
                name="message"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                error={errors.message}
                rows={4}
                maxLength={5000}
                required
              />
              <Checkbox label="Save message for future use" checked={saveMessage} onChange={(e) => setSaveMessage(e.target.checked)} />
            </>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
