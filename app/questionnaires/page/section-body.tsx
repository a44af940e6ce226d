import { Alert, Button, Checkbox, Pill } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { isDocumentSectionType, questionNumbers, SECTION_TYPE, visibleQuestions } from "../rules";
import * as s from "../questionnaire.css";
import { ChecklistSummary, DocumentSection } from "../document-sections";
import { Agreement } from "./agreement";
import { QuestionItem } from "./question-item";
import type { SectionBodyProps } from "./types";
import { DepositPayment } from "~/payments/deposit-payment";

export function SectionBody(b: SectionBodyProps) {
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
    const data = b.props.data;
    return (
      <div className={s.entries}>
        <DepositPayment
          variant="section"
          facts={{ depositStatus: data.depositStatus, depositAmountCents: data.depositAmountCents }}
          questionnaireId={data.id}
          companyHash={data.company.hashId}
          connected={b.mode === "client" ? b.props.cardPayments : undefined}
          disabled={b.mode !== "client" || b.props.readOnly === "readonly_user" || b.props.readOnly === "readonly_entity" || data.company.readonlyAccess}
        />
      </div>
    );
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
