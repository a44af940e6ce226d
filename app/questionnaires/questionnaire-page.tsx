/**
 * The questionnaire page (client mode; advisor preview modes mock saves locally). Answers are
 * saved one question at a time through POST /api/questionnaires/{companyHash}; on failure the
 * answer rolls back and the spec's message shows.
 *
 * Advisor modes never call the server: admin-preview answers (and notes) live in this page's state
 * only; admin-template is read-only with notes and signing disabled.
 */
import { apiFetch } from "~/auth/api-fetch";
import { useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, Badge, Button, Checkbox, ConfirmDialog, Dialog, Pill, ProgressBar, Select, TextArea, TextField, UploadIcon, useToast } from "~/components/ui";
import { uploadWithProgress } from "~/components/upload";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData, QuestionnaireData, SectionData } from "./types";
import {
  answerLaterError,
  answerValues,
  canAnswerLater,
  characterCounter,
  defaultAnswerLaterDate,
  depositOutstanding,
  formatDate,
  isDocumentSectionType,
  MESSAGES,
  missingSections,
  MULTI_SEPARATOR,
  checklistPlacement,
  documentChecklist,
  nextBlockedMessage,
  nextIncompleteSectionIndex,
  progressPercent,
  questionNumbers,
  questionStatus,
  READ_ONLY_MESSAGES,
  SAVED_TICK_MS,
  SECTION_TYPE,
  sectionCounts,
  sectionViews,
  signatureState,
  specialAnswerMessage,
  submitEnabled,
  visibleQuestions,
  type PortalMode,
  type ReadOnlyReason,
  type SectionStatus,
} from "./rules";
import * as s from "./questionnaire.css";
import { ChecklistSummary, DocumentSection } from "./document-sections";
import { FilePreviewDialog } from "~/pdf/file-preview-dialog";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import { staffCanPreview, UploadedFile, useUploadSplits, type UploadSplits } from "./upload-splits";

export interface QuestionnairePageProps {
  data: QuestionnaireData;
  mode: PortalMode;
  userId: string | null;
  today: string;
  readOnly: ReadOnlyReason | null;
  firstSectionRequired: boolean;
  disableProvidedElsewhere: boolean;
  firmDisablesAnswerLater: boolean;
  initialSectionId: string | null;
  /** Who a note added in preview is shown as (the firm's team name); clients' notes come from the server. */
  viewerName?: string;
  /** The entity's inbox (client mode; null when the firm turned messaging off). */
  messageHref?: string | null;
  /** Firm preference require_one_signature_per_section (a PDF to sign is done once one signer signs). */
  onePerSection?: boolean;
  /** Admin preview: the advisor may split PDFs (bulk upload processor); the server decides again. */
  canSplit?: boolean;
  /** Firm preference hide_document_uploads_within_sections: uploads are answered from the Document checklist. */
  hideDocumentUploadsWithinSections?: boolean;
}

type ActionBody = Record<string, unknown> & { intent: string };
type ActionReply = {
  ok?: true;
  error?: string;
  message?: string;
  question?: Partial<QuestionData> & { id: string };
  sections?: (Partial<SectionData> & { id: string })[];
  upload?: { key: string; grant: Parameters<typeof uploadWithProgress>[0] };
  url?: string;
  next?: { id: string; name: string; hashId: string } | null;
  note?: { questionId: string; id: string; text: string };
  uploads?: QuestionnaireData["uploads"];
};

const STATUS_LABEL: Record<SectionStatus, string> = { completed: "Completed", pending: "Pending", incomplete: "Incomplete", error: "Needs attention" };
const AUTOSAVE_MS = 600;

export function QuestionnairePage(props: QuestionnairePageProps) {
  const { data, mode } = props;
  const t = useVocabulary();
  const toast = useToast();
  const navigate = useNavigate();
  const [questions, setQuestions] = useState(data.questions);
  const [sections, setSections] = useState(data.sections);
  const [visited, setVisited] = useState<Set<string>>(new Set());
  const [agreed, setAgreed] = useState(false);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [submitted, setSubmitted] = useState<{ next: ActionReply["next"] } | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [checklistOpen, setChecklistOpen] = useState(false);
  const readOnly = props.readOnly !== null || data.completed || mode === "admin-template";

  // Fresh data from the server replaces the page's copy (not a change of only the deposit, say: an advisor's mock answers stay).
  useEffect(() => setQuestions(data.questions), [data.questions]);
  useEffect(() => setSections(data.sections), [data.sections]);

  const deposit = { depositStatus: data.depositStatus, depositAmountCents: data.depositAmountCents };
  const views = useMemo(
    () => sectionViews(sections, questions, { firstSectionRequired: props.firstSectionRequired, visited, deposit, onePerSection: props.onePerSection }),
    // The deposit object is new on every render: its status is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sections, questions, visited, props.firstSectionRequired, deposit.depositStatus],
  );
  const initialIndex = Math.max(
    0,
    views.findIndex((v) => v.section.id === (props.initialSectionId ?? data.currentSectionId)),
  );
  const [index, setIndex] = useState(initialIndex);
  const current = views[Math.min(index, views.length - 1)];
  const counts = sectionCounts(views);
  const hasReview = views.some((v) => v.section.sectionType === SECTION_TYPE.review_and_submit);
  const canSubmit = submitEnabled({ hasReviewSection: hasReview, agreed, deposit, mode, readOnly: props.readOnly !== null || data.completed });
  const missing = missingSections(views);
  const splits = useUploadSplits({ data, questions, mode, canSplit: props.canSplit ?? false, send });
  const placement = checklistPlacement(data, props.hideDocumentUploadsWithinSections ?? false);
  const checklist = useMemo(() => documentChecklist(views, questions), [views, questions]);
  const showChecklist = placement.dialog && checklist.groups.length > 0;

  async function send(body: ActionBody): Promise<ActionReply> {
    if (mode !== "client") return mockReply(body);
    try {
      const response = await apiFetch(`/api/questionnaires/${data.company.hashId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...body, questionnaireId: data.id }),
      });
      const reply = (await response.json().catch(() => ({}))) as ActionReply;
      if (!response.ok) return { error: response.status >= 500 ? MESSAGES.saveFailed : (reply.error ?? MESSAGES.saveFailed) };
      return reply;
    } catch {
      return { error: MESSAGES.saveFailed };
    }
  }

  /** Advisor modes: nothing is saved; the page behaves as if it were. */
  function mockReply(body: ActionBody): ActionReply {
    if (mode === "admin-template") return { error: "This is a template preview: nothing can be changed here." };
    if (body.intent === "complete_section") return { ok: true, sections: [{ id: body.sectionId as string, markedCompleted: true }] };
    if (body.intent === "submit") return { ok: true, next: null };
    const q = questions.find((x) => x.id === body.questionId);
    if (!q) return { error: "Not available in preview." };
    if (body.intent === "answer") return { ok: true, question: { id: q.id, answer: (body.answer as string) || null, answerBy: null, specialAnswer: null } };
    if (body.intent === "special")
      return { ok: true, question: { id: q.id, answer: null, answerBy: null, specialAnswer: body.special as QuestionData["specialAnswer"] } };
    if (body.intent === "undo")
      return {
        ok: true,
        message: MESSAGES.undo,
        question: { id: q.id, answer: null, answerBy: null, specialAnswer: null, entries: q.questionType === "entries" ? [] : undefined },
      };
    if (body.intent === "answer_now") return { ok: true, question: { id: q.id, answerBy: null } };
    if (body.intent === "add_note")
      return { ok: true, note: { questionId: q.id, id: `preview-${Date.now()}`, text: `${props.viewerName ?? "You"}: ${String(body.body).trim()}` } };
    if (body.intent === "add_entry" || body.intent === "remove_entry" || body.intent === "save_entry") {
      const entries = mockEntries(q, body);
      return {
        ok: true,
        question: { id: q.id, answer: String(new Set(entries.map((e) => e.entryNumber)).size), answerBy: null, specialAnswer: null, entries },
      };
    }
    return { error: "Not available in preview." };
  }

  function apply(reply: ActionReply) {
    if (reply.note) {
      const note = reply.note;
      setQuestions((list) => list.map((q) => (q.id === note.questionId ? { ...q, notes: [...q.notes, { id: note.id, text: note.text }] } : q)));
    }
    if (reply.question) {
      const saved = reply.question;
      setQuestions((list) => list.map((q) => (q.id === saved.id ? { ...q, ...saved, entries: saved.entries ?? q.entries } : q)));
    }
    if (reply.sections?.length) {
      const changed = new Map(reply.sections.map((x) => [x.id, x]));
      setSections((list) => list.map((x) => (changed.has(x.id) ? { ...x, ...changed.get(x.id)! } : x)));
    }
    if (reply.uploads) splits.merge(reply.uploads);
  }

  async function act(body: ActionBody): Promise<ActionReply> {
    const reply = await send(body);
    if (reply.error) toast.error(reply.error);
    else {
      apply(reply);
      if (reply.message) toast.success(reply.message);
    }
    return reply;
  }

  // Opening a section records progress; a custom section completes when opened.
  const openedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!current || readOnly || mode !== "client" || openedRef.current === current.section.id || current.locked) return;
    openedRef.current = current.section.id;
    void send({ intent: "open_section", sectionId: current.section.id }).then((reply) => !reply.error && apply(reply));
  }, [current?.section.id]); // eslint-disable-line react-hooks/exhaustive-deps

  function go(to: number) {
    if (!current) return;
    const message = to > index ? nextBlockedMessage(views, index, props.firstSectionRequired) : null;
    if (message) {
      setBlocked(message);
      return;
    }
    setBlocked(null);
    setVisited((v) => new Set(v).add(current.section.id));
    setIndex(Math.max(0, Math.min(views.length - 1, to)));
    if (typeof window !== "undefined") window.scrollTo({ top: 0 });
  }

  async function submit() {
    const reply = await send({ intent: "submit", agreed });
    setConfirmSubmit(false);
    if (reply.error) toast.error(reply.error);
    else setSubmitted({ next: reply.next ?? null });
  }

  /** What every section body and checklist question gets from the page (each adds its section and read-only state). */
  const body: Omit<SectionBodyProps, "section" | "readOnly"> = {
    questions,
    mode,
    props,
    act,
    send,
    apply,
    views,
    splits,
    agreed,
    setAgreed,
    disclaimer: data.disclaimer,
    hideUploads: placement.hideInSections && showChecklist,
    openChecklist: () => setChecklistOpen(true),
  };

  if (!current) {
    return <Alert tone="info">{t("This questionnaire has no sections yet.")}</Alert>;
  }
  const isLast = index === views.length - 1;

  return (
    <div>
      <div className={s.header}>
        <div>
          <h1 className={s.title}>{t(data.name)}</h1>
          <p className={s.muted}>
            Tax year {mode === "admin-template" ? data.taxYear - 1 : data.taxYear}
            {data.dueDate ? ` · Due ${formatDate(data.dueDate)}` : ""} · {MESSAGES.autosaved}
          </p>
        </div>
        <div className={s.headerActions}>
          {showChecklist ? (
            <Button variant="secondary" size="sm" onClick={() => setChecklistOpen(true)} aria-haspopup="dialog">
              {t("Document checklist")}
              <Badge tone={checklist.provided === checklist.required ? "success" : "neutral"}>
                {checklist.provided}/{checklist.required}
              </Badge>
            </Button>
          ) : null}
          {mode === "client" && props.messageHref ? (
            <Button to={props.messageHref} variant="ghost" size="sm">
              Message
            </Button>
          ) : null}
          <Button to="/" variant="secondary" size="sm">
            Back
          </Button>
        </div>
      </div>

      {mode === "admin-template" ? <Alert tone="info">{MESSAGES.templateBanner}</Alert> : null}
      {mode === "admin-preview" ? <Alert tone="info">{t("Preview: answers you give here are not saved.")}</Alert> : null}
      {props.readOnly ? <Alert tone="warning">{READ_ONLY_MESSAGES[props.readOnly]}</Alert> : null}
      {splits.summary.processing ? (
        <Alert tone="info" role="status">
          {SPLIT_MESSAGES.started}
        </Alert>
      ) : null}
      {depositOutstanding(deposit) ? (
        <Alert tone="warning" title={`Deposit due: $${((data.depositAmountCents ?? 0) / 100).toFixed(2)}`}>
          Online payment isn&apos;t available yet. Please contact your firm to pay the deposit; they will mark it paid. You can submit once it is paid.
        </Alert>
      ) : null}

      <div className={s.layout}>
        <nav className={s.nav} aria-label="Sections">
          <p className={s.muted}>
            {counts.done} / {counts.total} sections completed
          </p>
          <ProgressBar
            value={progressPercent(
              views.map((v) => ({ completed: v.status === "completed" })),
              data.inProgress || counts.done > 0,
            )}
            label="Progress"
          />
          <ol className={s.navList}>
            {views.map((v, i) => (
              <li key={v.section.id}>
                <button type="button" className={s.navItem} aria-current={i === index ? "step" : undefined} disabled={v.locked} onClick={() => go(i)}>
                  <span className={s.dot[v.status]} aria-label={STATUS_LABEL[v.status]} role="img" />
                  <span>{t(v.section.name)}</span>
                  {v.required ? <Badge tone="warning">Required</Badge> : null}
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <main className={s.panel} aria-labelledby="section-title">
          <div>
            <h2 className={s.sectionTitle} id="section-title">
              {t(current.section.name)}
            </h2>
            {current.section.instruction ? <p className={s.muted}>{t(current.section.instruction)}</p> : null}
          </div>

          {missing.length > 0 && (isLast || current.section.sectionType === SECTION_TYPE.review_and_submit) && !data.completed ? (
            <Alert
              tone="warning"
              title={`${missing.length} ${missing.length === 1 ? "section is" : "sections are"} not completed yet`}
              action={
                nextIncompleteSectionIndex(views, index) !== null ? (
                  <Button size="sm" variant="secondary" onClick={() => go(nextIncompleteSectionIndex(views, index)!)}>
                    Next Incomplete Section
                  </Button>
                ) : undefined
              }
            >
              {missing.map((m) => t(m.section.name)).join(", ")}
            </Alert>
          ) : null}

          {current.locked ? (
            <Alert
              tone="warning"
              title={t(MESSAGES.firstSectionRequired)}
              action={
                <Button size="sm" variant="secondary" onClick={() => go(0)}>
                  Go to the first section
                </Button>
              }
            >
              {t(`This section opens once "${views[0]?.section.name ?? ""}" is completed.`)}
            </Alert>
          ) : null}

          <SectionBody {...body} section={current.section} readOnly={readOnly || current.locked} />

          {blocked ? <Alert tone="danger">{blocked}</Alert> : null}
          <div className={s.footer}>
            <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
              Previous
            </Button>
            {isLast ? (
              <Button disabled={!canSubmit} onClick={() => setConfirmSubmit(true)}>
                Submit
              </Button>
            ) : (
              <Button onClick={() => go(index + 1)}>Next</Button>
            )}
          </div>
        </main>
      </div>

      <ConfirmDialog
        open={confirmSubmit}
        title={t("Submit questionnaire?")}
        message={t("Once submitted, you can no longer change your answers.")}
        confirmLabel="Submit"
        onConfirm={() => void submit()}
        onCancel={() => setConfirmSubmit(false)}
      />
      <Dialog
        open={checklistOpen && showChecklist}
        onClose={() => setChecklistOpen(false)}
        title={t("Document checklist")}
        description={t(`${checklist.provided} of ${checklist.required} required ${checklist.required === 1 ? "document" : "documents"} provided`)}
        size="lg"
        footer={<Button onClick={() => setChecklistOpen(false)}>Done</Button>}
      >
        <div className={s.entries} data-testid="document-checklist">
          {splits.summary.split ? <Alert tone="info">{SPLIT_MESSAGES.clientNote}</Alert> : null}
          {checklist.groups.map((group) => {
            const numbers = questionNumbers(questions.filter((q) => q.sectionId === group.section.id));
            const locked = views.find((v) => v.section.id === group.section.id)?.locked ?? false;
            return (
              <section key={group.section.id} aria-label={t(group.section.name)} className={s.entries}>
                <h3 className={s.checklistHeading}>{t(group.section.name)}</h3>
                {group.questions.map((q) => (
                  <QuestionItem
                    key={q.id}
                    q={q}
                    number={numbers.get(q.id) ?? ""}
                    {...body}
                    idPrefix="checklist-"
                    section={group.section}
                    readOnly={readOnly || locked}
                    hideUploads={false}
                  />
                ))}
              </section>
            );
          })}
        </div>
      </Dialog>
      <Dialog
        open={submitted !== null}
        onClose={() => navigate("/")}
        title={t("Thank you!")}
        description={t("Your questionnaire was submitted to your firm.")}
        footer={
          <>
            <Button variant="secondary" to="/">
              Back to Dashboard
            </Button>
            {submitted?.next ? <Button to={`/questionnaire/${submitted.next.hashId}?questionnaireId=${submitted.next.id}`}>Start the next item</Button> : null}
          </>
        }
      >
        {submitted?.next ? <p>{t(`Next: ${submitted.next.name}`)}</p> : null}
      </Dialog>
    </div>
  );
}

interface SectionBodyProps {
  section: SectionData;
  questions: QuestionData[];
  readOnly: boolean;
  mode: PortalMode;
  props: QuestionnairePageProps;
  act: (body: ActionBody) => Promise<ActionReply>;
  send: (body: ActionBody) => Promise<ActionReply>;
  apply: (reply: ActionReply) => void;
  views: ReturnType<typeof sectionViews<SectionData>>;
  splits: UploadSplits;
  agreed: boolean;
  setAgreed: (v: boolean) => void;
  disclaimer: string | null;
  /** Questionnaire sections leave their upload questions to the Document checklist. */
  hideUploads: boolean;
  openChecklist: () => void;
  /** Element ids of questions rendered a second time (the Document checklist) get this prefix. */
  idPrefix?: string;
}

function SectionBody(b: SectionBodyProps) {
  const t = useVocabulary();
  const { section } = b;
  if (section.sectionType === SECTION_TYPE.agreement_signature) return <Agreement {...b} />;
  if (section.sectionType === SECTION_TYPE.review_and_submit) {
    return (
      <div className={s.entries}>
        <ul className={s.pills} aria-label="Sections">
          {b.views
            .filter((v) => v.section.sectionType !== SECTION_TYPE.review_and_submit)
            .map((v) => (
              <li key={v.section.id} className={s.pillRow}>
                <span>{t(v.section.name)}</span>
                <Pill tone={v.status === "completed" ? "success" : "warning"}>{v.status === "completed" ? "Completed" : "Incomplete"}</Pill>
              </li>
            ))}
        </ul>
        {b.disclaimer ? <p className={s.letter}>{t(b.disclaimer)}</p> : null}
        <Checkbox label="I Agree" checked={b.agreed} disabled={b.readOnly} onChange={(e) => b.setAgreed(e.currentTarget.checked)} />
      </div>
    );
  }
  if (isDocumentSectionType(section.sectionType)) {
    return (
      <DocumentSection
        section={section}
        readOnly={b.readOnly}
        mode={b.mode}
        userId={b.props.userId}
        act={b.act}
        send={b.send}
        companyHash={b.props.data.company.hashId}
      />
    );
  }
  if (section.sectionType === SECTION_TYPE.payment_request) {
    return <p className={s.muted}>{t("The deposit is shown above. Online payment isn't available yet; your firm marks the deposit paid.")}</p>;
  }
  const hideUploads = b.hideUploads && section.sectionType === SECTION_TYPE.questionnaire;
  const own = b.questions.filter((q) => q.sectionId === section.id && !(hideUploads && q.questionType === "upload"));
  const shown = visibleQuestions(own);
  const numbers = questionNumbers(own);
  const leftToChecklist = hideUploads
    ? visibleQuestions(b.questions.filter((q) => q.sectionId === section.id)).filter((q) => q.questionType === "upload").length
    : 0;
  return (
    <div className={s.entries}>
      {section.customElement ? <p className={s.letter}>{t(section.customElement)}</p> : null}
      {leftToChecklist > 0 ? (
        <Alert
          tone="info"
          action={
            <Button size="sm" variant="secondary" onClick={b.openChecklist}>
              {t("Open the document checklist")}
            </Button>
          }
        >
          {t(
            `${leftToChecklist === 1 ? "The document" : `The ${leftToChecklist} documents`} for this section ${leftToChecklist === 1 ? "is" : "are"} on your document checklist.`,
          )}
        </Alert>
      ) : null}
      {section.sectionType === SECTION_TYPE.document_checklist ? (
        <ChecklistSummary section={section} questions={b.questions} readOnly={b.readOnly} mode={b.mode} act={b.act} splitNote={b.splits.summary.split} />
      ) : null}
      {shown.length === 0 && leftToChecklist === 0 && section.sectionType !== SECTION_TYPE.custom ? (
        <p className={s.muted}>{t("Nothing to answer in this section.")}</p>
      ) : null}
      {shown.map((q) => (
        <QuestionItem key={q.id} q={q} number={numbers.get(q.id) ?? ""} {...b} />
      ))}
    </div>
  );
}

function Agreement(b: SectionBodyProps) {
  const t = useVocabulary();
  const [text, setText] = useState("");
  const { revalidate } = useRevalidator();
  const [printing, setPrinting] = useState(false);
  const signingDisabled = b.readOnly || b.mode === "admin-template";
  const advisor = b.mode !== "client";
  return (
    <div className={s.entries}>
      {b.section.customElement ? <p className={s.letter}>{t(b.section.customElement)}</p> : null}
      {!b.props.data.hideSignaturePrintOption ? (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setPrinting(true)}>
            Print and Sign
          </Button>
        </div>
      ) : null}
      {b.section.signatures.length === 0 || (advisor && b.section.markedCompleted) ? <p className={s.muted}>{MESSAGES.signatureNotRequired}</p> : null}
      {b.mode === "admin-template" ? <p className={s.muted}>{t("Signing is turned off in a template preview.")}</p> : null}
      {printing ? (
        <PrintAndSignDialog
          title={t(b.section.name)}
          letter={b.section.customElement ? t(b.section.customElement) : ""}
          signers={b.section.signatures}
          onClose={() => setPrinting(false)}
        />
      ) : null}
      {b.section.signatures.map((sig) => {
        const state = signatureState(sig);
        const mine = sig.userId === b.props.userId;
        return (
          <div key={sig.id} className={s.question}>
            <p className={s.questionText}>{sig.userName}</p>
            {state === "signed" ? (
              <>
                <span className={s.signature}>{sig.signature}</span>
                <p className={s.muted}>Signed {sig.signedAt ? formatDate(sig.signedAt) : ""}</p>
                {mine && !signingDisabled ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      void b.act({ intent: "remove_signature", sectionId: b.section.id, signatureId: sig.id }).then((r) => !r.error && revalidate())
                    }
                  >
                    Remove signature
                  </Button>
                ) : null}
              </>
            ) : state === "not_needed" ? (
              <Badge tone="neutral">Not Needed</Badge>
            ) : mine && !signingDisabled ? (
              <div className={s.row}>
                <TextField label="Type your full name to sign" value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={200} />
                <Button
                  disabled={text.trim() === ""}
                  onClick={() =>
                    void b
                      .act({ intent: "sign", sectionId: b.section.id, signatureId: sig.id, signature: text.trim(), clientTime: new Date().toString() })
                      .then((r) => !r.error && revalidate())
                  }
                >
                  Sign
                </Button>
              </div>
            ) : (
              <Badge tone="warning">Not signed yet</Badge>
            )}
          </div>
        );
      })}
    </div>
  );
}

function QuestionItem({ q, number, ...b }: SectionBodyProps & { q: QuestionData; number: string }) {
  const t = useVocabulary();
  const toast = useToast();
  const [value, setValue] = useState(q.answer ?? "");
  const [savedTick, setSavedTick] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [laterOpen, setLaterOpen] = useState(false);
  const [option, setOption] = useState("");
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [preview, setPreview] = useState<{ key: string; name: string } | null>(null);
  /** Switching an upload question that has files away from its documents asks first (the files are deleted). */
  const [confirmSwitch, setConfirmSwitch] = useState<"provided_elsewhere" | "later" | null>(null);
  const hasFiles = q.questionType === "upload" && answerValues(q.answer).length > 0;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaved = useRef(q.answer ?? "");
  const status = questionStatus(q);
  const disabled = b.readOnly || busy;

  useEffect(() => {
    if (timer.current === null) {
      setValue(q.answer ?? "");
      lastSaved.current = q.answer ?? "";
    }
  }, [q.answer]);

  async function save(next: string) {
    timer.current = null;
    if (next === lastSaved.current) return;
    const reply = await b.send({ intent: "answer", questionId: q.id, answer: next });
    if (reply.error) {
      setValue(lastSaved.current);
      setError(reply.error);
      toast.error(reply.error);
      return;
    }
    setError(null);
    lastSaved.current = next;
    b.apply(reply);
    setSavedTick(true);
    setTimeout(() => setSavedTick(false), SAVED_TICK_MS);
  }

  function change(next: string, immediate = false) {
    setValue(next);
    if (timer.current) clearTimeout(timer.current);
    if (immediate) void save(next);
    else timer.current = setTimeout(() => void save(next), AUTOSAVE_MS);
  }

  async function upload(file: File) {
    if (q.options.length > 0 && !option) {
      toast.error("Please choose an option first.");
      return;
    }
    setBusy(true);
    try {
      const grant = await b.send({ intent: "upload_grant", questionId: q.id, fileName: file.name, contentType: file.type || "application/octet-stream" });
      if (grant.error || !grant.upload) throw new Error(grant.error ?? "File upload failed, please try again.");
      setProgress({ name: file.name, percent: 0 });
      await uploadWithProgress(grant.upload.grant, file, ({ percent }) => setProgress({ name: file.name, percent }));
      const confirmed = await b.act({
        intent: "upload_confirm",
        questionId: q.id,
        key: grant.upload.key,
        contentType: file.type,
        option: option || undefined,
        fileName: file.name,
      });
      if (!confirmed.error) toast.success("Document(s) uploaded successfully");
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "File upload failed, please try again.");
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const laterAllowed = canAnswerLater({
    disableAnswerLater: q.disableAnswerLater,
    firmDisablesAnswerLater: b.props.firmDisablesAnswerLater,
    dueDate: b.props.data.dueDate,
    today: b.props.today,
    mode: b.mode,
  });
  const id = `${b.idPrefix ?? ""}q-${q.id}`;
  const label = (
    <span className={s.questionText}>
      <span>{number}</span>
      <span>{t(q.text)}</span>
      {q.optional ? <span className={s.muted}>(optional)</span> : null}
    </span>
  );

  let control: JSX.Element | null = null;
  if (q.specialAnswer) {
    control = <p className={s.special}>{specialAnswerMessage(q.specialAnswer)}</p>;
  } else if (q.answerBy) {
    control = <p className={s.special}>{t(`You chose to answer this by ${formatDate(q.answerBy)}.`)}</p>;
  } else if (q.questionType === "boolean" || q.questionType === "select") {
    const options = q.questionType === "boolean" ? ["Yes", "No"] : q.options;
    control = (
      <div className={s.row} role="radiogroup" aria-labelledby={id}>
        {options.map((o) => (
          <label key={o} className={s.choice}>
            <input type="radio" name={id} value={o} checked={value === o} disabled={disabled} onChange={() => change(o, true)} />
            {t(o)}
          </label>
        ))}
      </div>
    );
  } else if (q.questionType === "multiple") {
    const chosen = answerValues(value);
    control = (
      <div className={s.row} role="group" aria-labelledby={id}>
        {q.options.map((o) => (
          <label key={o} className={s.choice}>
            <input
              type="checkbox"
              checked={chosen.includes(o)}
              disabled={disabled}
              onChange={(e) => change((e.currentTarget.checked ? [...chosen, o] : chosen.filter((c) => c !== o)).join(MULTI_SEPARATOR), true)}
            />
            {t(o)}
          </label>
        ))}
      </div>
    );
  } else if (q.questionType === "date") {
    control = (
      <TextField
        label="Date"
        hideLabel
        type="date"
        value={value}
        disabled={disabled}
        onChange={(e) => change(e.currentTarget.value, true)}
        aria-labelledby={id}
      />
    );
  } else if (q.questionType === "textarea") {
    control = (
      <TextArea
        label="Answer"
        hideLabel
        value={value}
        maxLength={q.numberOfCharacters ?? undefined}
        disabled={disabled}
        onChange={(e) => change(e.currentTarget.value)}
        onBlur={() => timer.current && change(value, true)}
        aria-labelledby={id}
      />
    );
  } else if (q.questionType === "text" || q.questionType === "password") {
    control = (
      <TextField
        label="Answer"
        hideLabel
        type={q.questionType === "password" ? "password" : "text"}
        autoComplete="off"
        value={value}
        maxLength={q.numberOfCharacters ?? undefined}
        hint={characterCounter(value, q.numberOfCharacters) ?? undefined}
        disabled={disabled}
        onChange={(e) => change(e.currentTarget.value)}
        onBlur={() => timer.current && change(value, true)}
        aria-labelledby={id}
      />
    );
  } else if (q.questionType === "entries") {
    const numbers = [...new Set(q.entries.map((e) => e.entryNumber))].sort((a, b) => a - b);
    control = (
      <div className={s.entries}>
        {numbers.map((n) => (
          <EntryRow key={`${n}-${q.answer}`} q={q} n={n} disabled={disabled} act={b.act} />
        ))}
        {!disabled ? (
          <div>
            <Button size="sm" variant="secondary" onClick={() => void b.act({ intent: "add_entry", questionId: q.id })}>
              Add entry
            </Button>
          </div>
        ) : null}
      </div>
    );
  } else if (q.questionType === "upload") {
    const files = answerValues(q.answer);
    control = (
      <div className={s.entries}>
        {files.map((key) => {
          const name = b.splits.uploads[key]?.name ?? fileLabel(key);
          const canPreview = b.mode === "client" || staffCanPreview(b.splits, key);
          return (
            <UploadedFile
              key={key}
              fileKey={key}
              fallbackName={fileLabel(key)}
              splits={b.splits}
              onPreview={canPreview ? () => setPreview({ key, name }) : null}
              onRemove={!disabled && b.mode === "client" ? () => void b.act({ intent: "upload_remove", questionId: q.id, key }) : null}
            />
          );
        })}
        {files.some((key) => b.splits.uploads[key]?.split?.status === "split_succeeded") ? <p className={s.muted}>{SPLIT_MESSAGES.clientNote}</p> : null}
        {!disabled && b.mode !== "client" && files.length === 0 ? <p className={s.muted}>{t("The client uploads documents here.")}</p> : null}
        {!disabled && b.mode === "client" ? (
          <div className={s.row}>
            {q.options.length > 0 ? (
              <Select
                label="Document type"
                options={q.options.map((o) => ({ value: o, label: t(o) }))}
                placeholder="Choose…"
                value={option}
                onChange={(e) => setOption(e.currentTarget.value)}
              />
            ) : null}
            <label className={s.uploadButton} data-disabled={busy || (q.options.length > 0 && !option)}>
              <UploadIcon aria-hidden />
              {busy ? "Uploading…" : "Upload a file"}
              <input
                className={s.hiddenFile}
                type="file"
                accept=".pdf,.png,.gif,.jpg,.jpeg,.heic"
                disabled={busy || (q.options.length > 0 && !option)}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = "";
                  if (file) void upload(file);
                }}
              />
            </label>
          </div>
        ) : null}
        {progress ? <ProgressBar value={progress.percent} label={`Uploading ${progress.name}`} /> : null}
        {q.uploadedLastYear ? <p className={s.muted}>{t("You uploaded this last year.")}</p> : null}
        <FilePreviewDialog
          file={preview ? { id: preview.key, name: preview.name, contentType: b.splits.uploads[preview.key]?.contentType ?? null } : null}
          onClose={() => setPreview(null)}
          getUrl={async () => {
            if (b.mode === "admin-preview") return b.splits.viewUrl(preview?.key ?? "");
            const reply = await b.send({ intent: "file_url", questionId: q.id, key: preview?.key ?? "" });
            if (reply.error || !reply.url) throw new Error(reply.error ?? "There was a problem downloading the document.");
            return reply.url;
          }}
        />
      </div>
    );
  }

  return (
    <section
      id={`${b.idPrefix ?? ""}question${q.id}`}
      className={`${s.question} ${q.followUpQuestionId ? s.followUp : ""}`}
      aria-labelledby={id}
      data-status={status}
    >
      <div id={id}>{label}</div>
      {q.priorYearValue ? <p className={s.muted}>Last year: {q.priorYearValue}</p> : null}
      {control}
      {error ? <p className={s.error}>{error}</p> : null}
      {savedTick ? (
        <span className={s.saved} role="status">
          Saved
        </span>
      ) : null}
      <Notes q={q} canAdd={!b.readOnly} act={b.act} />
      {!b.readOnly ? (
        <div className={s.row}>
          {q.specialAnswer ? (
            <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "undo", questionId: q.id })}>
              {q.specialAnswer === "not_applicable" ? "Make Applicable" : "Undo"}
            </Button>
          ) : q.answerBy ? (
            <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "answer_now", questionId: q.id })}>
              Answer Now
            </Button>
          ) : (
            <>
              {laterAllowed ? (
                <Button size="sm" variant="ghost" onClick={() => (hasFiles ? setConfirmSwitch("later") : setLaterOpen(true))}>
                  {q.questionType === "upload" ? "Upload Later" : "Answer Later"}
                </Button>
              ) : null}
              {!q.disableNotApplicable ? (
                <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "special", questionId: q.id, special: "not_applicable" })}>
                  Mark N/A
                </Button>
              ) : null}
              {!b.props.disableProvidedElsewhere ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    hasFiles ? setConfirmSwitch("provided_elsewhere") : void b.act({ intent: "special", questionId: q.id, special: "provided_elsewhere" })
                  }
                >
                  Provided Elsewhere
                </Button>
              ) : null}
              {status !== "completed" ? (
                <Button size="sm" variant="ghost" onClick={() => void b.act({ intent: "special", questionId: q.id, special: "marked_completed" })}>
                  Mark Completed
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmSwitch !== null}
        title={t("Delete the uploaded documents?")}
        message={t(
          confirmSwitch === "later"
            ? "Uploading later deletes the documents already uploaded for this question and clears its answer."
            : "Marking this provided elsewhere deletes the documents already uploaded for this question and clears its answer.",
        )}
        confirmLabel="Delete and continue"
        tone="danger"
        onCancel={() => setConfirmSwitch(null)}
        onConfirm={() => {
          const choice = confirmSwitch;
          setConfirmSwitch(null);
          if (choice === "later") setLaterOpen(true);
          else void b.act({ intent: "special", questionId: q.id, special: "provided_elsewhere" });
        }}
      />
      {laterOpen ? <AnswerLaterDialog q={q} today={b.props.today} dueDate={b.props.data.dueDate} onClose={() => setLaterOpen(false)} act={b.act} /> : null}
    </section>
  );
}

function EntryRow({ q, n, disabled, act }: { q: QuestionData; n: number; disabled: boolean; act: SectionBodyProps["act"] }) {
  const initial = Object.fromEntries(q.entries.filter((e) => e.entryNumber === n).map((e) => [e.field, e.value ?? ""]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  return (
    <div className={s.entry}>
      {q.options.map((field) => (
        <TextField
          key={field}
          label={field}
          value={values[field] ?? ""}
          disabled={disabled}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [field]: value }));
          }}
          onBlur={() =>
            values[field] !== initial[field] && void act({ intent: "save_entry", questionId: q.id, entryNumber: n, values: { [field]: values[field] ?? "" } })
          }
        />
      ))}
      {!disabled ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove entry ${n}`}
          onClick={() => void act({ intent: "remove_entry", questionId: q.id, entryNumber: n })}
        >
          Remove
        </Button>
      ) : null}
    </div>
  );
}

function AnswerLaterDialog({
  q,
  today,
  dueDate,
  onClose,
  act,
}: {
  q: QuestionData;
  today: string;
  dueDate: string | null;
  onClose: () => void;
  act: SectionBodyProps["act"];
}) {
  const [date, setDate] = useState(defaultAnswerLaterDate(today));
  const problem = answerLaterError(date, today, dueDate);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Answer question later"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={problem !== null}
            onClick={() => void act({ intent: "answer_later", questionId: q.id, answerBy: date }).then((r) => !r.error && onClose())}
          >
            Save
          </Button>
        </>
      }
    >
      <TextField label="Remind me on" type="date" value={date} error={problem ?? undefined} onChange={(e) => setDate(e.currentTarget.value)} />
    </Dialog>
  );
}

/** Notes on a question ('Author: body', oldest first) and, unless read-only, a way to add one. */
function Notes({ q, canAdd, act }: { q: QuestionData; canAdd: boolean; act: SectionBodyProps["act"] }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    const reply = await act({ intent: "add_note", questionId: q.id, body: body.trim() });
    setBusy(false);
    if (!reply.error) {
      setBody("");
      setOpen(false);
    }
  }
  return (
    <>
      {q.notes.length ? (
        <ul className={s.pills} aria-label="Notes">
          {q.notes.map((n) => (
            <li key={n.id} className={s.muted}>
              {n.text}
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd && open ? (
        <div className={s.entries}>
          <TextArea label="Note" value={body} maxLength={2000} onChange={(e) => setBody(e.currentTarget.value)} />
          <div className={s.row}>
            <Button size="sm" disabled={body.trim() === "" || busy} onClick={() => void save()}>
              Save Note
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : canAdd ? (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
            Add Note
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The name an upload's key carries ("{random}-{name}" → "name"). */
function fileLabel(key: string): string {
  return (
    key
      .split("/")
      .pop()
      ?.replace(/^[A-Za-z0-9]+-/, "") ?? key
  );
}

/** Preview: entries added, edited and removed in the page only (same renumbering as the server). */
function mockEntries(q: QuestionData, body: ActionBody): QuestionData["entries"] {
  const entries = q.entries.map((e) => ({ ...e }));
  const count = new Set(entries.map((e) => e.entryNumber)).size;
  if (body.intent === "add_entry") return [...entries, ...q.options.map((field) => ({ entryNumber: count + 1, field, value: "" }))];
  const n = Number(body.entryNumber);
  if (body.intent === "remove_entry")
    return entries.filter((e) => e.entryNumber !== n).map((e) => (e.entryNumber > n ? { ...e, entryNumber: e.entryNumber - 1 } : e));
  const values = (body.values ?? {}) as Record<string, string>;
  return entries.map((e) => (e.entryNumber === n && e.field in values ? { ...e, value: values[e.field] ?? "" } : e));
}

/**
 * 'Print and Sign': the engagement letter as a plain page with a signature line per signer,
 * printed from a blank frame so nothing of the portal's screen comes along.
 */
function PrintAndSignDialog({ title, letter, signers, onClose }: { title: string; letter: string; signers: SectionData["signatures"]; onClose: () => void }) {
  function print() {
    const frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.style.cssText = "position:fixed;width:0;height:0;border:0;right:0;bottom:0";
    document.body.appendChild(frame);
    const doc = frame.contentDocument;
    const win = frame.contentWindow;
    if (!doc || !win) return frame.remove();
    doc.title = title;
    const style = doc.createElement("style");
    style.textContent =
      "body{font:12pt/1.5 Georgia,serif;margin:2cm;color:#000}h1{font-size:16pt}p{white-space:pre-wrap}.sig{margin-top:2.5em;display:flex;gap:2em}.line{flex:1;border-top:1px solid #000;padding-top:4px}";
    doc.head.appendChild(style);
    const h1 = doc.createElement("h1");
    h1.textContent = title;
    const body = doc.createElement("p");
    body.textContent = letter;
    doc.body.append(h1, body);
    for (const signer of signers.length ? signers : [{ userName: "" }]) {
      const row = doc.createElement("div");
      row.className = "sig";
      for (const label of [`Signature${signer.userName ? ` — ${signer.userName}` : ""}`, "Date"]) {
        const cell = doc.createElement("div");
        cell.className = "line";
        cell.textContent = label;
        row.appendChild(cell);
      }
      doc.body.appendChild(row);
    }
    win.focus();
    win.print();
    setTimeout(() => frame.remove(), 1000);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Print and Sign"
      description="Print the engagement letter, sign it by hand and send it to your firm."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={print}>Print</Button>
        </>
      }
    >
      <article aria-label="Engagement letter" className={s.entries}>
        <h3 className={s.sectionTitle}>{title}</h3>
        <p className={s.letter}>{letter}</p>
        {signers.map((signer) => (
          <div key={signer.id} className={s.printLine}>
            <span>Signature — {signer.userName}</span>
            <span>Date</span>
          </div>
        ))}
      </article>
    </Dialog>
  );
}
