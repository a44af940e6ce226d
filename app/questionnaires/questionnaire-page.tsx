/**
 * The questionnaire page (client mode; advisor preview modes mock saves locally). Answers are
 * saved one question at a time through POST /api/questionnaires/{companyHash}; on failure the
 * answer rolls back and the spec's message shows.
 *
 * Advisor modes never call the server: admin-preview answers (and notes) live in this page's state
 * only; admin-template is read-only with notes and signing disabled.
 */
import { useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, Button, ConfirmDialog, useToast } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { checklistPlacement, documentChecklist, missingSections, nextBlockedMessage, SECTION_TYPE, submitEnabled } from "./rules";
import { questionnaireProgress } from "./progress";
import * as s from "./questionnaire.css";
import { useUploadSplits } from "./upload-splits";
import { SECTION_PARAM, searchWithSection } from "./section-url";
import { agreementLetter } from "./letter";
import { SectionBody } from "./page/section-body";
import { SectionNav } from "./page/section-nav";
import { QuestionnaireHeader } from "./page/questionnaire-header";
import { SectionAlerts } from "./page/section-alerts";
import { QuestionnaireAlerts } from "./page/questionnaire-alerts";
import { ChecklistDialog } from "./page/checklist-dialog";
import { SubmittedDialog } from "./page/submitted-dialog";
import type { ActionReply, QuestionnairePageProps, SectionBodyProps } from "./page/types";
import { useQuestionnaireAutosave } from "./page/use-questionnaire-autosave";

export type { QuestionnairePageProps } from "./page/types";

export function QuestionnairePage(props: QuestionnairePageProps) {
  const { data, mode } = props;
  const t = useVocabulary();
  const toast = useToast();
  const { questions, sections, send, apply, act } = useQuestionnaireAutosave({
    data,
    mode,
    viewerName: props.viewerName,
    onUploads: (uploads) => splits.merge(uploads),
  });
  // Sections whose missing required answers show as errors: flagged when the client tries to submit or
  // to continue past the required first section, never just for leaving a section.
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  // Opening a section starts the questionnaire (the server sets in_progress): the 5% rule applies from then on.
  const [started, setStarted] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [submitted, setSubmitted] = useState<{ next: ActionReply["next"] } | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [checklistOpen, setChecklistOpen] = useState(false);
  const readOnly = props.readOnly !== null || data.completed || mode === "admin-template";

  const deposit = { depositStatus: data.depositStatus, depositAmountCents: data.depositAmountCents };
  const progress = useMemo(
    () =>
      questionnaireProgress({
        sections,
        questions,
        questionnaire: { ...deposit, completed: data.completed, inProgress: data.inProgress || started },
        firstSectionRequired: props.firstSectionRequired,
        onePerSection: props.onePerSection,
        flagged,
      }),
    // The deposit object is new on every render: its status is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sections, questions, flagged, started, data.completed, data.inProgress, props.firstSectionRequired, props.onePerSection, deposit.depositStatus],
  );
  const views = progress.sections;
  // The open section is the URL's (?sectionId=); without one, the section the client was last on.
  const [searchParams, setSearchParams] = useSearchParams();
  const [fallbackSectionId] = useState(() => props.initialSectionId ?? data.currentSectionId);
  const wantedSectionId = searchParams.get(SECTION_PARAM) ?? fallbackSectionId;
  const index = Math.max(
    0,
    views.findIndex((v) => v.section.id === wantedSectionId),
  );
  const current = views[Math.min(index, views.length - 1)];
  const hasReview = views.some((v) => v.section.sectionType === SECTION_TYPE.review_and_submit);
  const canSubmit = submitEnabled({ hasReviewSection: hasReview, agreed, deposit, mode, readOnly: props.readOnly !== null || data.completed });
  const splits = useUploadSplits({ data, questions, mode, canSplit: props.canSplit ?? false, send });
  const placement = checklistPlacement(data, props.hideDocumentUploadsWithinSections ?? false);
  const checklist = useMemo(() => documentChecklist(views, questions), [views, questions]);
  const showChecklist = placement.dialog && checklist.groups.length > 0;

  // Leaving a section (by Next, Previous, the section list, or Back and Forward) clears the blocked
  // message and moves focus to the new section's heading (not on the page's first load).
  const shownRef = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const left = shownRef.current;
    shownRef.current = current?.section.id ?? null;
    if (left && left !== current?.section.id) {
      setBlocked(null);
      headingRef.current?.focus({ preventScroll: true });
    }
  }, [current?.section.id]);

  // Opening a section records progress; a custom section completes when opened.
  const openedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!current || readOnly || mode !== "client" || openedRef.current === current.section.id || current.locked) return;
    openedRef.current = current.section.id;
    void send({ intent: "open_section", sectionId: current.section.id }).then((reply) => {
      if (reply.error) return;
      setStarted(true);
      apply(reply);
    });
  }, [current?.section.id]); // eslint-disable-line react-hooks/exhaustive-deps

  function go(to: number) {
    if (!current) return;
    const message = to > index ? nextBlockedMessage(views, index, props.firstSectionRequired) : null;
    if (message) {
      setBlocked(message);
      setFlagged((f) => new Set(f).add(current.section.id));
      return;
    }
    setBlocked(null);
    const target = views[Math.max(0, Math.min(views.length - 1, to))];
    if (!target || target.section.id === current.section.id) return;
    // A new history entry (Back returns here); the page scrolls to the top like any navigation.
    setSearchParams((search) => searchWithSection(search, target.section.id));
  }

  /** Submit asks for confirmation; the sections still missing answers show as errors from then on. */
  function trySubmit() {
    setFlagged(new Set(missingSections(views).map((v) => v.section.id)));
    setConfirmSubmit(true);
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
  // An engagement letter kept in the instruction is shown as the letter, in the section's body.
  const letterInInstruction =
    current.section.sectionType === SECTION_TYPE.agreement_signature && agreementLetter(current.section) === current.section.instruction;

  return (
    <div>
      <QuestionnaireHeader
        data={data}
        mode={mode}
        messageHref={props.messageHref}
        showChecklist={showChecklist}
        checklist={checklist}
        openChecklist={() => setChecklistOpen(true)}
      />

      <QuestionnaireAlerts
        data={data}
        mode={mode}
        readOnly={props.readOnly}
        splitsProcessing={splits.summary.processing}
        cardPayments={props.cardPayments}
        userReadonly={props.readOnly === "readonly_user" || props.readOnly === "readonly_entity"}
      />

      <div className={s.layout}>
        <SectionNav progress={progress} index={index} go={go} />

        <main className={s.panel} aria-labelledby="section-title">
          <div>
            <h2 className={s.sectionTitle} id="section-title" tabIndex={-1} ref={headingRef}>
              {t(current.section.name)}
            </h2>
            {current.section.instruction && !letterInInstruction ? <p className={s.muted}>{t(current.section.instruction)}</p> : null}
          </div>

          <SectionAlerts views={views} index={index} isLast={isLast} completed={data.completed} go={go} />

          <SectionBody {...body} section={current.section} readOnly={readOnly || current.locked} />

          {blocked ? <Alert tone="danger">{blocked}</Alert> : null}
          <div className={s.footer}>
            <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
              Previous
            </Button>
            {isLast ? (
              <Button disabled={!canSubmit} onClick={trySubmit}>
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
      <ChecklistDialog
        open={checklistOpen && showChecklist}
        onClose={() => setChecklistOpen(false)}
        checklist={checklist}
        questions={questions}
        views={views}
        readOnly={readOnly}
        body={body}
      />
      <SubmittedDialog submitted={submitted} />
    </div>
  );
}
