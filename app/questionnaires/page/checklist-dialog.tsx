import { Alert, Button, Dialog } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData, SectionData } from "../types";
import { questionNumbers, type documentChecklist, type sectionViews } from "../rules";
import * as s from "../questionnaire.css";
import { SPLIT_MESSAGES } from "~/documents/splits/split-rules";
import { QuestionItem } from "./question-item";
import type { SectionBodyProps } from "./types";

/** The Document checklist: every upload question, grouped by section, answerable in place. */
export function ChecklistDialog({
  open,
  onClose,
  checklist,
  questions,
  views,
  readOnly,
  body,
}: {
  open: boolean;
  onClose: () => void;
  checklist: ReturnType<typeof documentChecklist<SectionData, QuestionData>>;
  questions: QuestionData[];
  views: ReturnType<typeof sectionViews<SectionData>>;
  readOnly: boolean;
  /** What every question gets from the page. */
  body: Omit<SectionBodyProps, "section" | "readOnly">;
}) {
  const t = useVocabulary();
  const { splits } = body;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("Document checklist")}
      description={t(`${checklist.provided} of ${checklist.required} required ${checklist.required === 1 ? "document" : "documents"} provided`)}
      size="lg"
      footer={<Button onClick={onClose}>Done</Button>}
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
  );
}
