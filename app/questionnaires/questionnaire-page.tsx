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
import { checklistPlacement, documentChecklist, nextBlockedMessage, SECTION_TYPE, sectionViews, submitEnabled } from "./rules";
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

  // A section left (by Next, the section list, or Back and Forward) shows its errors from then on.
  const shownRef = useRef<string | null>(null);
  useEffect(() => {
    const left = shownRef.current;
    shownRef.current = current?.section.id ?? null;
    if (left && left !== current?.section.id) {
      setVisited((v) => new Set(v).add(left));
      setBlocked(null);
    }
  }, [current?.section.id]);

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
    const target = views[Math.max(0, Math.min(views.length - 1, to))];
    if (!target || target.section.id === current.section.id) return;
    // A new history entry (Back returns here); the page scrolls to the top like any navigation.
    setSearchParams((search) => searchWithSection(search, target.section.id));
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

      <QuestionnaireAlerts data={data} mode={mode} readOnly={props.readOnly} splitsProcessing={splits.summary.processing} />

      <div className={s.layout}>
        <SectionNav views={views} index={index} inProgress={data.inProgress} go={go} />

        <main className={s.panel} aria-labelledby="section-title">
          <div>
            <h2 className={s.sectionTitle} id="section-title">
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
