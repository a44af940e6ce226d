/**
 * The questionnaire page (client mode; advisor preview modes mock saves locally). Answers are
 * saved one question at a time through POST /api/questionnaires/{companyHash}; on failure the
 * answer rolls back and the spec's message shows.
 *
 * Advisor modes never call the server: admin-preview answers (and notes) live in this page's state
 * only; admin-template is read-only with notes and signing disabled.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, Badge, Button, ConfirmDialog, Dialog, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import {
  checklistPlacement,
  depositOutstanding,
  documentChecklist,
  formatDate,
  MESSAGES,
  missingSections,
  nextBlockedMessage,
  nextIncompleteSectionIndex,
  questionNumbers,
  READ_ONLY_MESSAGES,
  SECTION_TYPE,
  sectionViews,
  submitEnabled,
} from "./rules";
import * as s from "./questionnaire.css";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import { useUploadSplits } from "./upload-splits";
import { QuestionItem } from "./page/question-item";
import { SectionBody } from "./page/section-body";
import { SectionNav } from "./page/section-nav";
import type { ActionReply, QuestionnairePageProps, SectionBodyProps } from "./page/types";
import { useQuestionnaireAutosave } from "./page/use-questionnaire-autosave";

export type { QuestionnairePageProps } from "./page/types";

export function QuestionnairePage(props: QuestionnairePageProps) {
  const { data, mode } = props;
  const t = useVocabulary();
  const toast = useToast();
  const navigate = useNavigate();
  const { questions, sections, send, apply, act } = useQuestionnaireAutosave({
    data,
    mode,
    viewerName: props.viewerName,
    onUploads: (uploads) => splits.merge(uploads),
  });
  const [visited, setVisited] = useState<Set<string>>(new Set());
  const [agreed, setAgreed] = useState(false);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [submitted, setSubmitted] = useState<{ next: ActionReply["next"] } | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [checklistOpen, setChecklistOpen] = useState(false);
  const readOnly = props.readOnly !== null || data.completed || mode === "admin-template";

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
  const hasReview = views.some((v) => v.section.sectionType === SECTION_TYPE.review_and_submit);
  const canSubmit = submitEnabled({ hasReviewSection: hasReview, agreed, deposit, mode, readOnly: props.readOnly !== null || data.completed });
  const missing = missingSections(views);
  const splits = useUploadSplits({ data, questions, mode, canSplit: props.canSplit ?? false, send });
  const placement = checklistPlacement(data, props.hideDocumentUploadsWithinSections ?? false);
  const checklist = useMemo(() => documentChecklist(views, questions), [views, questions]);
  const showChecklist = placement.dialog && checklist.groups.length > 0;

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
        <SectionNav views={views} index={index} inProgress={data.inProgress} go={go} />

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
