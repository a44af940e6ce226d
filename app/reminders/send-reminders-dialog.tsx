/**
 * The Send Reminders dialog (staff): sends reminders now for the chosen questionnaires, with the
 * saved (or default) texts or customised ones, or saves customised texts without sending. Mount it
 * with the questionnaire ids; it loads the texts from GET /api/reminders and posts to it.
 *
 *   <SendRemindersDialog open={open} onClose={…} questionnaireIds={ids} onDone={() => revalidate()} />
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Button, Checkbox, Dialog, Spinner, TextArea, TextField, useToast } from "~/components/ui";
import { replyOptions, type ReplyOptions } from "~/form-reply";
import { inputProps } from "~/profile/form-props";
import { useVocabulary } from "~/vocabulary";
import { DEFAULT_REMINDER_TEXTS, REMINDER_MESSAGES, REMINDER_TEXT_FIELDS, REMINDER_TEXT_LIMITS, reminderFormSchema, type ReminderTexts } from "./rules";
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

/** The form's values: the four texts under their API names. */
function formValues(texts: ReminderTexts): Record<string, string> {
  return Object.fromEntries((Object.keys(REMINDER_TEXT_FIELDS) as (keyof ReminderTexts)[]).map((key) => [REMINDER_TEXT_FIELDS[key], texts[key]]));
}

function SendRemindersForm({ onClose, questionnaireIds, onDone }: SendRemindersDialogProps) {
  const toast = useToast();
  const vocab = useVocabulary();
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "send" | "save">(null);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const focused = useRef<keyof ReminderTexts>("emailMessage");
  const count = questionnaireIds.length;

  const [form, fields] = useForm({
    id: "send-reminders",
    lastResult,
    defaultValue: formValues(DEFAULT_REMINDER_TEXTS),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reminderFormSchema(formData.get("customize") === "on") }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const { intent, ...texts } = submission.value;
      void submit(intent, texts, (options) => submission.reply(options));
    },
  });
  const field = (key: keyof ReminderTexts) => fields[REMINDER_TEXT_FIELDS[key]];
  const text = (key: keyof ReminderTexts) => {
    const value = field(key).value;
    return typeof value === "string" ? value : "";
  };
  const customize = fields.customize.value === "on";

  useEffect(() => {
    let cancelled = false;
    const params = new URLSearchParams();
    for (const id of questionnaireIds) params.append("questionnaire_ids", id);
    apiFetch(`/api/reminders?${params}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { texts?: ReminderTexts; error?: string };
        if (cancelled) return;
        if (!response.ok || !body.texts) setLoadError(body.error ?? REMINDER_MESSAGES.failed);
        else form.update({ value: formValues(body.texts) });
      })
      .catch(() => !cancelled && setLoadError(REMINDER_MESSAGES.failed))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
    // Once per selection (`form` is stable).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questionnaireIds]);

  const empty = FIELDS.find((f) => !text(f.key).trim());
  const unknown = [...new Set(FIELDS.flatMap((f) => unknownTags(text(f.key))))];

  /** Posts the checked values; a refusal comes back onto the form (`reply`) and as a toast. */
  async function submit(intent: "send" | "save", texts: Record<string, string>, reply: (options: ReplyOptions) => SubmissionResult<string[]>) {
    setBusy(intent);
    setLastResult(null);
    const fail = (body: { error?: unknown; errors?: Record<string, string> }) => {
      setLastResult(reply(replyOptions(body, REMINDER_MESSAGES.failed)));
      toast.error(typeof body.error === "string" ? body.error : REMINDER_MESSAGES.failed);
    };
    try {
      const body = { intent, questionnaire_ids: questionnaireIds, customize: intent === "save" || customize, ...texts };
      const response = await apiFetch("/api/reminders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const result = (await response.json().catch(() => ({}))) as SendRemindersResponse & { error?: string; errors?: Record<string, string> };
      if (!response.ok) {
        fail(result);
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
      fail({});
    } finally {
      setBusy(null);
    }
  }

  function insertTag(tag: string) {
    const key = focused.current;
    form.update({ name: REMINDER_TEXT_FIELDS[key], value: `${text(key)}{${tag}}` });
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
            <Button
              type="submit"
              form={form.id}
              name="intent"
              value="save"
              variant="secondary"
              disabled={busy !== null || loading || Boolean(empty)}
              loading={busy === "save"}
            >
              Save texts without sending
            </Button>
          ) : null}
          <Button
            type="submit"
            form={form.id}
            name="intent"
            value="send"
            disabled={busy !== null || loading || Boolean(loadError) || (customize && Boolean(empty))}
            loading={busy === "send"}
          >
            Send reminders
          </Button>
        </>
      }
    >
      <form {...getFormProps(form)} className={s.stack}>
        {loadError ? <Alert tone="danger">{loadError}</Alert> : null}
        {form.errors?.length && !loadError ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
        {loading ? (
          <Spinner label="Loading the reminder texts" />
        ) : (
          <>
            <Checkbox
              {...inputProps(fields.customize, { type: "checkbox" })}
              key={fields.customize.key}
              label="Customize the reminder texts"
              description={vocab(
                count === 1
                  ? "Saved on this questionnaire for its automatic reminders too."
                  : "Saved on every selected questionnaire for their automatic reminders too.",
              )}
            />
            {customize ? (
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
            ) : null}
            {/* Always in the form (hidden until customising), so the texts survive turning customising off and on. */}
            <div hidden={!customize}>
              <div className={s.stack}>
                {FIELDS.map((f) => {
                  const meta = field(f.key);
                  // conform's input props, without its `key` and `type` (a textarea has none).
                  // eslint-disable-next-line @typescript-eslint/no-unused-vars
                  const { type, ...props } = inputProps(meta, { type: "text" });
                  const shared = {
                    ...props,
                    label: f.label,
                    required: true,
                    maxLength: REMINDER_TEXT_LIMITS[f.key],
                    onFocus: () => (focused.current = f.key),
                    error: meta.errors?.[0],
                  };
                  return f.rows ? <TextArea key={meta.key} {...shared} rows={f.rows} /> : <TextField key={meta.key} {...shared} />;
                })}
              </div>
            </div>
            {customize && unknown.length ? <Alert tone="warning">{`Not a tag, sent as written: ${unknown.map((t) => `{${t}}`).join(", ")}`}</Alert> : null}
            <div>
              <p className={s.muted}>Email preview (sample client):</p>
              <p className={s.preview} data-testid="reminder-preview">
                <strong>{replaceTags(text("emailSubject"), SAMPLE)}</strong>
                {"\n\n"}
                {replaceTags(text("emailMessage"), SAMPLE)}
              </p>
            </div>
          </>
        )}
      </form>
    </Dialog>
  );
}
