/**
 * The advisor questionnaire preview dialog (staff spec §2): tabs Sections, Documents, Activities,
 * Unattached; header buttons Copy Link (not for drafts), Preview (the preview route; the dialog
 * closes when the path changes), Lock/Unlock with a confirm, Request additional items (disabled
 * while locked); and the other actions: completed / not completed, track changes, deposit, due
 * dates, reminders, delete and restore. Data and actions go through /api/staff/questionnaires/{id}.
 */
import { useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ProgressBar,
  Select,
  Spinner,
  Switch,
  Tabs,
  TextArea,
  TextField,
  useToast,
} from "~/components/ui";
import { apiFetch } from "~/auth/api-fetch";
import { DepositStatus } from "~/payments/deposit-status";
import { statusTone, type CustomStatusChoice } from "~/custom-statuses/rules";
import { SetStatusDialog } from "~/custom-statuses/set-status-dialog";
import { ExportDialog } from "~/exports/export-dialog";
import { askedSections } from "~/questionnaires/answer-summary";
import { AnswerView } from "~/questionnaires/answer-view";
import { NoteThreads } from "~/questionnaires/page/notes";
import { progressSummary, SECTION_STATUS_LABELS } from "~/questionnaires/progress";
import { questionStatus, type SectionStatus } from "~/questionnaires/rules";
import { useVocabulary } from "~/vocabulary";
import type { PreviewData } from "../questionnaire-actions.server";
import { DueDateDialog } from "../overview/due-date-dialog";
import { formatDay, statusBadge } from "../overview/format";
import * as s from "../overview/collect.css";
import {
  addDays,
  additionalItemError,
  additionalItemsReady,
  ADDITIONAL_ITEM_TYPES,
  COLLECT_MESSAGES,
  DEFAULT_DUE_DAYS,
  type AdditionalItemInput,
} from "./rules";

type ActionResult = { ok: true; message: string; count: number; link?: string } | { ok?: undefined; error: string };
type Confirm = null | "lock" | "unlock" | "complete" | "uncomplete" | "delete" | "restore";

export function PreviewDialog({
  questionnaireId,
  isAdvisor,
  today,
  focusQuestionId,
  statuses = [],
  onClose,
}: {
  questionnaireId: string;
  isAdvisor: boolean;
  today: string;
  /** The firm's custom statuses (Set status shows when there are some). */
  statuses?: CustomStatusChoice[];
  /** Bring this question into view (Collect's notes column opens the dialog at the client's note). */
  focusQuestionId?: string | null;
  onClose: () => void;
}) {
  const tr = useVocabulary();
  const toast = useToast();
  const location = useLocation();
  const loader = useFetcher<PreviewData>();
  const revalidator = useRevalidator();
  const action = useFetcher<ActionResult>();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [sub, setSub] = useState<null | "due" | "reminders" | "items" | "status">(null);
  const [exporting, setExporting] = useState(false);
  const endpoint = `/api/staff/questionnaires/${encodeURIComponent(questionnaireId)}`;

  // The dialog closes when the path changes (e.g. Preview).
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname !== firstPath.current) onClose();
  }, [location.pathname, onClose]);

  useEffect(() => {
    loader.load(endpoint);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint]);

  const lastIntent = useRef<string>("");
  const run = (body: Record<string, unknown>) => {
    lastIntent.current = String(body.intent);
    action.submit(body as never, { method: "post", action: endpoint, encType: "application/json" });
  };
  useEffect(() => {
    if (action.state !== "idle" || !action.data) return;
    const result = action.data;
    if (result.ok) {
      if (result.link) {
        void navigator.clipboard?.writeText(result.link).then(
          () => toast.success(COLLECT_MESSAGES.linkCopied),
          () => toast.info(result.link!),
        );
      } else toast.success(result.message);
      setConfirm(null);
      setSub(null);
      if (lastIntent.current === "delete") onClose();
      else loader.load(endpoint);
    } else {
      const fallback =
        lastIntent.current === "restore"
          ? COLLECT_MESSAGES.restoreFailed
          : lastIntent.current === "reminders"
            ? COLLECT_MESSAGES.reminderFailed
            : lastIntent.current === "attach"
              ? COLLECT_MESSAGES.attachFailed
              : COLLECT_MESSAGES.failed;
      toast.error(result.error && result.error !== "Malformed request" ? result.error : fallback);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action.state, action.data]);

  /** A staff reply to a client's note: saved at once, then the dialog reloads to show it. */
  async function reply(noteId: string, body: string): Promise<boolean> {
    try {
      const response = await apiFetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "reply_note", noteId, body }),
      });
      const result = (await response.json().catch(() => ({}))) as Partial<ActionResult> & { error?: string };
      if (!response.ok || !("ok" in result && result.ok)) {
        toast.error(result.error && result.error !== "Malformed request" ? result.error : COLLECT_MESSAGES.failed);
        return false;
      }
      toast.success(COLLECT_MESSAGES.replySaved);
      loader.load(endpoint);
      return true;
    } catch {
      toast.error(COLLECT_MESSAGES.failed);
      return false;
    }
  }

  const data = loader.data;
  const q = data?.questionnaire;
  const customStatus = statuses.find((st) => st.id === q?.firmCustomStatusId) ?? null;
  const busy = action.state !== "idle";
  const badge = q ? (q.deleted ? { label: "Deleted", tone: "danger" as const } : statusBadge({ ...q }, today)) : null;
  const depositKnown = q && q.depositAmountCents && q.depositStatus;

  const confirmText: Record<Exclude<Confirm, null>, { title: string; message: string; label: string; body: Record<string, unknown>; danger?: boolean }> = {
    lock: {
      title: `Lock this ${tr("questionnaire")}?`,
      message: "The client can still view it but cannot change any answer.",
      label: "Lock",
      body: { intent: "lock", locked: true },
    },
    unlock: {
      title: `Unlock this ${tr("questionnaire")}?`,
      message: "The client can answer and upload again.",
      label: "Unlock",
      body: { intent: "lock", locked: false },
    },
    complete: {
      title: tr("Mark questionnaire completed?"),
      message: "It becomes read-only for the client.",
      label: "Mark completed",
      body: { intent: "complete", completed: true },
    },
    uncomplete: {
      title: tr("Mark questionnaire not completed?"),
      message: "The client can continue answering.",
      label: "Mark not completed",
      body: { intent: "complete", completed: false },
    },
    delete: {
      title: `Delete this ${tr("questionnaire")}?`,
      message: "It disappears from the client's dashboard. You can restore it from Collect (Show: Deleted only).",
      label: "Delete",
      body: { intent: "delete" },
      danger: true,
    },
    restore: {
      title: `Restore this ${tr("questionnaire")}?`,
      message: "It shows on the client's dashboard again.",
      label: "Restore",
      body: { intent: "restore" },
    },
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={q ? tr(q.name) : `${tr("Questionnaire")}`}
      description={q ? `${q.companyName} · ${q.taxYear}${q.dueDate ? ` · Due ${formatDay(q.dueDate)}` : ""}` : undefined}
    >
      {!data ? (
        loader.state === "idle" ? (
          <Alert tone="danger" title={tr(COLLECT_MESSAGES.failed)}>
            This {tr("questionnaire")} could not be loaded. It may have been removed.
          </Alert>
        ) : (
          <div className={s.inline} style={{ justifyContent: "center", padding: 32 }}>
            <Spinner label={`Loading ${tr("questionnaire")}`} />
          </div>
        )
      ) : (
        <>
          <div className={s.dialogHeader} role="toolbar" aria-label={`${tr("Questionnaire")} actions`}>
            {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
            {customStatus ? (
              <Badge tone={statusTone(customStatus.color)} title="Custom status">
                {customStatus.name}
              </Badge>
            ) : null}
            {q!.deleted ? (
              <Button size="sm" disabled={!isAdvisor || busy} onClick={() => setConfirm("restore")}>
                Restore
              </Button>
            ) : (
              <>
                {!q!.isDraft ? (
                  <Button size="sm" variant="secondary" disabled={busy} onClick={() => run({ intent: "link" })}>
                    Copy Link
                  </Button>
                ) : null}
                <Button size="sm" variant="secondary" to={`/preview/${encodeURIComponent(q!.companyId)}/questionnaire/${encodeURIComponent(q!.id)}`}>
                  Preview
                </Button>
                <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setConfirm(q!.locked ? "unlock" : "lock")}>
                  {q!.locked ? "Unlock" : "Lock"}
                </Button>
                <Button
                  size="sm"
                  disabled={!isAdvisor || busy || q!.locked}
                  onClick={() => setSub("items")}
                  title={q!.locked ? tr(COLLECT_MESSAGES.isLocked) : undefined}
                >
                  Request additional items
                </Button>
                <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setExporting(true)}>
                  Export
                </Button>
              </>
            )}
          </div>

          {!q!.deleted ? (
            <div className={s.inline} style={{ marginBottom: 16 }}>
              <Button size="sm" variant="ghost" disabled={!isAdvisor || busy} onClick={() => setConfirm(q!.completed ? "uncomplete" : "complete")}>
                {q!.completed ? "Mark not completed" : "Mark completed"}
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setSub("due")}>
                Edit due date
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setSub("reminders")}>
                Edit reminders
              </Button>
              {statuses.length ? (
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => setSub("status")}>
                  Set status
                </Button>
              ) : null}
              {depositKnown ? <DepositStatus depositStatus={q!.depositStatus} depositAmountCents={q!.depositAmountCents} /> : null}
              {depositKnown ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={!isAdvisor || busy || !["pending", "unpaid", "marked_paid"].includes(q!.depositStatus!)}
                  onClick={() => run({ intent: "deposit", paid: q!.depositStatus !== "marked_paid" })}
                >
                  {q!.depositStatus === "marked_paid" ? "Mark deposit unpaid" : "Mark deposit paid"}
                </Button>
              ) : null}
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirm("delete")}>
                Delete
              </Button>
              <Switch
                label="Track changes"
                checked={q!.trackChanges}
                disabled={busy}
                onChange={(e) => run({ intent: "track_changes", trackChanges: e.currentTarget.checked })}
              />
            </div>
          ) : null}

          <Tabs
            label={`${tr("Questionnaire")} details`}
            tabs={[
              { id: "sections", label: "Sections", content: <SectionsTab data={data} focusQuestionId={focusQuestionId} onReply={reply} /> },
              { id: "documents", label: `Documents (${data.documents.length})`, content: <DocumentsTab data={data} /> },
              { id: "activities", label: "Activities", content: <ActivitiesTab data={data} /> },
              {
                id: "unattached",
                label: `Unattached (${data.unattached.length})`,
                content: <UnattachedTab data={data} busy={busy} onAttach={(ids) => run({ intent: "attach", extractedDocumentIds: ids })} />,
              },
            ]}
          />

          {exporting ? (
            <ExportDialog
              questionnaireIds={[q!.id]}
              onClose={() => setExporting(false)}
              locked={q!.locked}
              trackChanges={q!.trackChanges}
              onLock={() => run({ intent: "lock", locked: true })}
              onTrackChanges={() => run({ intent: "track_changes", trackChanges: true })}
            />
          ) : null}
          {confirm ? (
            <ConfirmDialog
              open
              title={confirmText[confirm].title}
              message={confirmText[confirm].message}
              confirmLabel={confirmText[confirm].label}
              tone={confirmText[confirm].danger ? "danger" : "primary"}
              busy={busy}
              onConfirm={() => run(confirmText[confirm].body)}
              onCancel={() => setConfirm(null)}
            />
          ) : null}
          <DueDateDialog
            open={sub === "due"}
            today={today}
            busy={busy}
            initial={q!.dueDate}
            initialRemindersDisabled={q!.remindersDisabled}
            onCancel={() => setSub(null)}
            onSave={(dueDate, remindersDisabled) => run({ intent: "due_date", dueDate, remindersDisabled })}
          />
          <RemindersDialog
            open={sub === "reminders"}
            data={data}
            busy={busy}
            onCancel={() => setSub(null)}
            onSave={(body) => run({ intent: "reminders", ...body })}
          />
          <SetStatusDialog
            open={sub === "status"}
            questionnaireIds={[q!.id]}
            statuses={statuses}
            currentStatusId={q!.firmCustomStatusId}
            onClose={() => setSub(null)}
            onDone={() => {
              loader.load(endpoint);
              revalidator.revalidate();
            }}
          />
          <AdditionalItemsDialog
            open={sub === "items"}
            today={today}
            busy={busy}
            onCancel={() => setSub(null)}
            onSave={(body) => run({ intent: "additional_items", ...body })}
          />
        </>
      )}
    </Dialog>
  );
}

const SECTION_TONE = { completed: "success", pending: "warning", incomplete: "neutral", error: "danger" } as const;

function SectionsTab({
  data,
  focusQuestionId,
  onReply,
}: {
  data: PreviewData;
  focusQuestionId?: string | null;
  onReply: (noteId: string, body: string) => Promise<boolean>;
}) {
  const tr = useVocabulary();
  const asked = askedSections(data.sections, data.questions);
  const statusOf = new Map(data.progress.sections.map((p) => [p.id, p.status]));
  // Opened from Collect's notes: the first question with a client note comes into view.
  useEffect(() => {
    if (!focusQuestionId) return;
    document.getElementById(`preview-question-${focusQuestionId}`)?.scrollIntoView({ block: "center" });
  }, [focusQuestionId]);
  if (asked.length === 0) return <EmptyState compact titleAs="p" title="No sections." />;
  return (
    <div className={s.stack}>
      <ProgressBar value={data.progress.percent} label="Progress" showValue valueText={progressSummary(data.progress)} />
      {asked.map(({ section, questions }) => (
        <section key={section.id} className={s.stack} style={{ gap: 8 }} aria-label={tr(section.name)}>
          <h3 className={s.sectionTitle}>
            {tr(section.name)}
            <SectionBadge status={statusOf.get(section.id)} />
          </h3>
          {questions.length ? (
            <ul className={s.list}>
              {questions.map((question) => {
                const status = questionStatus(question);
                return (
                  <li key={question.id} id={`preview-question-${question.id}`} className={s.listItem} data-question={question.id}>
                    <div className={s.questionBody}>
                      <div>{tr(question.text)}</div>
                      <AnswerView q={question} uploads={data.uploads} companyHash={data.questionnaire.companyHash} />
                      <NoteThreads q={question} onReply={data.questionnaire.deleted ? undefined : onReply} />
                    </div>
                    <Badge tone={status === "completed" ? "success" : status === "pending" ? "warning" : "neutral"}>
                      {status === "completed" ? "Completed" : status === "pending" ? "Pending" : "Incomplete"}
                    </Badge>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={s.muted}>No questions in this section.</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** A section's status from questionnaires/progress.ts; a triggered section the client was not asked reads 'Not asked'. */
function SectionBadge({ status }: { status: SectionStatus | undefined }) {
  if (!status) return <Badge tone="neutral">Not asked</Badge>;
  return <Badge tone={SECTION_TONE[status]}>{SECTION_STATUS_LABELS[status]}</Badge>;
}

function DocumentsTab({ data }: { data: PreviewData }) {
  if (data.documents.length === 0) return <EmptyState compact titleAs="p" title="No documents uploaded yet." />;
  return (
    <ul className={s.list}>
      {data.documents.map((d) => (
        <li key={d.id} className={s.listItem}>
          <span>{d.name}</span>
          <span className={s.muted}>
            {d.path} · {formatDay(d.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ActivitiesTab({ data }: { data: PreviewData }) {
  if (data.activities.length === 0) return <EmptyState compact titleAs="p" title="No activity yet." />;
  return (
    <ul className={s.list}>
      {data.activities.map((a) => (
        <li key={a.id} className={s.listItem}>
          <span>
            {a.title}
            {a.description ? <div className={s.muted}>{a.description}</div> : null}
          </span>
          <span className={s.muted}>{new Date(a.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</span>
        </li>
      ))}
    </ul>
  );
}

function UnattachedTab({ data, busy, onAttach }: { data: PreviewData; busy: boolean; onAttach: (ids: string[]) => void }) {
  const tr = useVocabulary();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const q = data.questionnaire;
  if (data.unattached.length === 0)
    return (
      <EmptyState
        compact
        titleAs="p"
        title="No unattached documents."
        description={tr("Documents from the last 3 months that are not attached to any questionnaire show here.")}
      />
    );
  const canAttach = !q.locked && !q.deleted;
  return (
    <div className={s.stack}>
      {data.attachTargets.length === 0 ? <Alert tone="warning">{tr(COLLECT_MESSAGES.allLocked)}</Alert> : null}
      {!canAttach && data.attachTargets.length > 0 ? <Alert tone="info">{tr(COLLECT_MESSAGES.isLocked)}</Alert> : null}
      <ul className={s.list}>
        {data.unattached.map((d) => (
          <li key={d.id} className={s.listItem}>
            <label className={s.inline}>
              <input
                type="checkbox"
                className={s.rowCheck}
                checked={chosen.has(d.id)}
                disabled={!canAttach}
                onChange={() =>
                  setChosen((prev) => {
                    const next = new Set(prev);
                    if (next.has(d.id)) next.delete(d.id);
                    else next.add(d.id);
                    return next;
                  })
                }
              />
              {d.name}
            </label>
            <span className={s.muted}>
              {d.documentType ?? "Document"} · {formatDay(d.createdAt)}
            </span>
          </li>
        ))}
      </ul>
      <div className={s.inline} style={{ justifyContent: "flex-end" }}>
        <Button disabled={!canAttach || chosen.size === 0} loading={busy} onClick={() => onAttach([...chosen])}>
          {tr(`Attach ${chosen.size ? `${chosen.size} ` : ""}to this questionnaire`)}
        </Button>
      </div>
    </div>
  );
}

function RemindersDialog({
  open,
  data,
  busy,
  onCancel,
  onSave,
}: {
  open: boolean;
  data: PreviewData;
  busy: boolean;
  onCancel: () => void;
  onSave: (body: Record<string, unknown>) => void;
}) {
  const q = data.questionnaire;
  const [on, setOn] = useState(!q.remindersDisabled);
  const [subject, setSubject] = useState(q.reminderEmailSubject ?? "");
  const [message, setMessage] = useState(q.reminderEmailMessage ?? "");
  const [sms, setSms] = useState(q.reminderSmsMessage ?? "");
  useEffect(() => {
    if (!open) return;
    setOn(!q.remindersDisabled);
    setSubject(q.reminderEmailSubject ?? "");
    setMessage(q.reminderEmailMessage ?? "");
    setSms(q.reminderSmsMessage ?? "");
  }, [open, q]);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Edit reminders"
      description="Leave a text empty to use the firm's default. Tags such as {client_fname}, {questionnaire_name} and {by_due_date} are filled in when sent."
      persistent={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={() => onSave({ remindersDisabled: !on, reminderEmailSubject: subject, reminderEmailMessage: message, reminderSmsMessage: sms })}
          >
            Save
          </Button>
        </>
      }
    >
      <div className={s.stack}>
        <Switch label="Automatic reminders" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} />
        <TextField label="Email subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.currentTarget.value)} />
        <TextArea label="Email message" value={message} maxLength={5000} rows={4} onChange={(e) => setMessage(e.currentTarget.value)} />
        <TextArea label="Text message" value={sms} maxLength={500} rows={2} onChange={(e) => setSms(e.currentTarget.value)} />
      </div>
    </Dialog>
  );
}

const emptyItem = (): AdditionalItemInput & { optionsText: string } => ({ text: "", questionType: "upload", options: [], optionsText: "" });

function AdditionalItemsDialog({
  open,
  today,
  busy,
  onCancel,
  onSave,
}: {
  open: boolean;
  today: string;
  busy: boolean;
  onCancel: () => void;
  onSave: (body: Record<string, unknown>) => void;
}) {
  const [items, setItems] = useState([emptyItem()]);
  const [dueDate, setDueDate] = useState(addDays(today, DEFAULT_DUE_DAYS));
  useEffect(() => {
    if (open) {
      setItems([emptyItem()]);
      setDueDate(addDays(today, DEFAULT_DUE_DAYS));
    }
  }, [open, today]);
  const parsed = items.map((i) => ({
    text: i.text,
    questionType: i.questionType,
    options: i.optionsText
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
  }));
  const dueError = !/^\d{4}-\d{2}-\d{2}$/.test(dueDate) ? COLLECT_MESSAGES.validDueDate : dueDate < today ? COLLECT_MESSAGES.futureDueDate : null;
  const ready = additionalItemsReady(parsed) && parsed.every((p) => additionalItemError(p) === null) && !dueError;
  const update = (index: number, patch: Partial<(typeof items)[number]>) => setItems((prev) => prev.map((it, i) => (i === index ? { ...it, ...patch } : it)));
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Request Additional Items"
      description="The client gets a new list of items to answer or upload."
      size="lg"
      persistent={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button disabled={!ready} loading={busy} onClick={() => onSave({ dueDate, items: parsed })}>
            Request items
          </Button>
        </>
      }
    >
      <div className={s.stack}>
        {items.map((item, index) => {
          const optionError = item.questionType === "upload" && /[/.]/.test(item.optionsText) ? COLLECT_MESSAGES.itemOptions : undefined;
          return (
            <div key={index} className={s.item}>
              <TextField
                label={`Item ${index + 1}`}
                value={item.text}
                maxLength={1000}
                required
                onChange={(e) => update(index, { text: e.currentTarget.value })}
              />
              <Select
                label="Type"
                value={item.questionType}
                onChange={(e) => update(index, { questionType: e.currentTarget.value as AdditionalItemInput["questionType"] })}
                options={ADDITIONAL_ITEM_TYPES.map((t) => ({ value: t, label: t === "upload" ? "Document" : t === "boolean" ? "Yes / No" : "Text" }))}
              />
              <Button
                variant="ghost"
                size="sm"
                disabled={items.length === 1}
                onClick={() => setItems((prev) => prev.filter((_, i) => i !== index))}
                aria-label={`Remove item ${index + 1}`}
              >
                Remove
              </Button>
              {item.questionType === "upload" ? (
                <TextField
                  label="Document options (comma separated, optional)"
                  value={item.optionsText}
                  error={optionError}
                  onChange={(e) => update(index, { optionsText: e.currentTarget.value })}
                />
              ) : null}
            </div>
          );
        })}
        <div>
          <Button variant="secondary" size="sm" disabled={items.length >= 50} onClick={() => setItems((prev) => [...prev, emptyItem()])}>
            Add item
          </Button>
        </div>
        <TextField
          label="Due date"
          type="date"
          min={today}
          value={dueDate}
          error={dueError ?? undefined}
          onChange={(e) => setDueDate(e.currentTarget.value)}
          required
        />
      </div>
    </Dialog>
  );
}
