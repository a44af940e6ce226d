/**
 * The Send Reminders dialog (staff): sends reminders now for the chosen questionnaires, with the
 * saved (or default) texts or customised ones, or saves customised texts without sending. Mount it
 * with the questionnaire ids; it loads the texts from GET /api/reminders and posts to it.
 *
 *   <SendRemindersDialog open={open} onClose={…} questionnaireIds={ids} onDone={() => revalidate()} />
 */
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Checkbox, Dialog, Spinner, TextArea, TextField, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { DEFAULT_REMINDER_TEXTS, REMINDER_MESSAGES, REMINDER_TEXT_LIMITS, type ReminderTexts } from "./rules";
import * as s from "./reminders.css";
import { REMINDER_TAGS, replaceTags, unknownTags, type TagValues } from "./tags";

export interface SendRemindersResponse {
  message: string;
  sent: { questionnaireId: string; emails: number; sms: number; notifications: number }[];
  skipped: { questionnaireId: string; reason: string }[];
}

export interface SendRemindersDialogProps {
  open: boolean;
  onClose: () => void;
  questionnaireIds: string[];
  /** After a send or a save (e.g. reload the table). */
  onDone?: (result: SendRemindersResponse | { message: string }) => void;
}

const FIELDS: { key: keyof ReminderTexts; label: string; rows?: number }[] = [
  { key: "emailSubject", label: "Email subject" },
  { key: "emailMessage", label: "Email message", rows: 7 },
  { key: "inAppMessage", label: "In-app message", rows: 2 },
  { key: "smsMessage", label: "Text message (SMS)", rows: 3 },
];

const SAMPLE: TagValues = {
  client_fname: "Jordan",
  questionnaire_year: String(new Date().getFullYear() - 1),
  questionnaire_name: "Tax Organizer",
  for_wording: "",
  number_of_items_left: "3",
  by_due_date: "by April 15",
  firm_name: "your firm",
};

export function SendRemindersDialog(props: SendRemindersDialogProps) {
  return props.open ? <SendRemindersForm {...props} /> : null;
}

function SendRemindersForm({ onClose, questionnaireIds, onDone }: SendRemindersDialogProps) {
  const toast = useToast();
  const vocab = useVocabulary();
  const [texts, setTexts] = useState<ReminderTexts>(DEFAULT_REMINDER_TEXTS);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [customize, setCustomize] = useState(false);
  const [busy, setBusy] = useState<null | "send" | "save">(null);
  const [error, setError] = useState<string | null>(null);
  const focused = useRef<keyof ReminderTexts>("emailMessage");
  const count = questionnaireIds.length;

  useEffect(() => {
    let cancelled = false;
    const params = new URLSearchParams();
    for (const id of questionnaireIds) params.append("questionnaire_ids", id);
    apiFetch(`/api/reminders?${params}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { texts?: ReminderTexts; error?: string };
        if (cancelled) return;
        if (!response.ok || !body.texts) setLoadError(body.error ?? REMINDER_MESSAGES.failed);
        else setTexts(body.texts);
      })
      .catch(() => !cancelled && setLoadError(REMINDER_MESSAGES.failed))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [questionnaireIds]);

  const empty = FIELDS.find((f) => !texts[f.key].trim());
  const unknown = [...new Set(FIELDS.flatMap((f) => unknownTags(texts[f.key])))];

  async function submit(intent: "send" | "save") {
    setBusy(intent);
    setError(null);
    try {
      const body = {
        intent,
        questionnaire_ids: questionnaireIds,
        customize: intent === "save" || customize,
        reminder_email_subject: texts.emailSubject,
        reminder_email_message: texts.emailMessage,
        reminder_in_app_message: texts.inAppMessage,
        reminder_sms_message: texts.smsMessage,
      };
      const response = await apiFetch("/api/reminders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const result = (await response.json().catch(() => ({}))) as SendRemindersResponse & { error?: string };
      if (!response.ok) {
        setError(result.error ?? REMINDER_MESSAGES.failed);
        toast.error(result.error ?? REMINDER_MESSAGES.failed);
        return;
      }
      if (intent === "send" && result.skipped?.length) {
        toast.warning(`${result.skipped.length} of ${count} not sent: ${[...new Set(result.skipped.map((x) => x.reason))].join(", ")}.`);
      }
      if (intent === "send" && result.sent?.length === 0) {
        onDone?.(result);
        onClose();
        return;
      }
      toast.success(intent === "send" ? REMINDER_MESSAGES.sent : REMINDER_MESSAGES.saved);
      onDone?.(result);
      onClose();
    } catch {
      setError(REMINDER_MESSAGES.failed);
      toast.error(REMINDER_MESSAGES.failed);
    } finally {
      setBusy(null);
    }
  }

  function insertTag(tag: string) {
    const key = focused.current;
    setTexts((t) => ({ ...t, [key]: `${t[key]}{${tag}}` }));
  }

  return (
    <Dialog
      open
      onClose={busy ? () => {} : onClose}
      size="lg"
      title="Send Reminders"
      description={`${vocab(count === 1 ? "1 questionnaire selected." : `${count} questionnaires selected.`)} Clients get an email, a text if they chose Email & Text, and a notification in the portal.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          {customize ? (
            <Button variant="secondary" onClick={() => submit("save")} disabled={busy !== null || loading || Boolean(empty)} loading={busy === "save"}>
              Save texts without sending
            </Button>
          ) : null}
          <Button
            onClick={() => submit("send")}
            disabled={busy !== null || loading || Boolean(loadError) || (customize && Boolean(empty))}
            loading={busy === "send"}
          >
            Send reminders
          </Button>
        </>
      }
    >
      <div className={s.stack}>
        {loadError ? <Alert tone="danger">{loadError}</Alert> : null}
        {error && !loadError ? <Alert tone="danger">{error}</Alert> : null}
        {loading ? (
          <Spinner label="Loading the reminder texts" />
        ) : (
          <>
            <Checkbox
              label="Customize the reminder texts"
              description={vocab(
                count === 1
                  ? "Saved on this questionnaire for its automatic reminders too."
                  : "Saved on every selected questionnaire for their automatic reminders too.",
              )}
              checked={customize}
              onChange={(e) => setCustomize(e.currentTarget.checked)}
            />
            {customize ? (
              <>
                <div>
                  <p className={s.muted} id="reminder-tags-label">
                    Tags, replaced for each client (click to add to the field you were editing):
                  </p>
                  <ul className={s.tags} aria-labelledby="reminder-tags-label">
                    {REMINDER_TAGS.map((tag) => (
                      <li key={tag}>
                        <button type="button" className={s.tag} onClick={() => insertTag(tag)}>
                          {`{${tag}}`}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
                {FIELDS.map((f) =>
                  f.rows ? (
                    <TextArea
                      key={f.key}
                      label={f.label}
                      rows={f.rows}
                      required
                      maxLength={REMINDER_TEXT_LIMITS[f.key]}
                      value={texts[f.key]}
                      onFocus={() => (focused.current = f.key)}
                      onChange={(e) => setTexts({ ...texts, [f.key]: e.currentTarget.value })}
                      error={!texts[f.key].trim() ? "Reminder texts cannot be empty" : undefined}
                    />
                  ) : (
                    <TextField
                      key={f.key}
                      label={f.label}
                      required
                      maxLength={REMINDER_TEXT_LIMITS[f.key]}
                      value={texts[f.key]}
                      onFocus={() => (focused.current = f.key)}
                      onChange={(e) => setTexts({ ...texts, [f.key]: e.currentTarget.value })}
                      error={!texts[f.key].trim() ? "Reminder texts cannot be empty" : undefined}
                    />
                  ),
                )}
                {unknown.length ? <Alert tone="warning">{`Not a tag, sent as written: ${unknown.map((t) => `{${t}}`).join(", ")}`}</Alert> : null}
              </>
            ) : null}
            <div>
              <p className={s.muted}>Email preview (sample client):</p>
              <p className={s.preview} data-testid="reminder-preview">
                <strong>{replaceTags(texts.emailSubject, SAMPLE)}</strong>
                {"\n\n"}
                {replaceTags(texts.emailMessage, SAMPLE)}
              </p>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
