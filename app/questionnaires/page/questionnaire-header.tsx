import { Badge, Button } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { QuestionData, QuestionnaireData, SectionData } from "../types";
import { formatDate, MESSAGES, type documentChecklist, type PortalMode } from "../rules";
import * as s from "../questionnaire.css";

/** The questionnaire's name, tax year and due date, and the checklist, Message and Back buttons. */
export function QuestionnaireHeader({
  data,
  mode,
  messageHref,
  showChecklist,
  checklist,
  openChecklist,
}: {
  data: QuestionnaireData;
  mode: PortalMode;
  messageHref?: string | null;
  showChecklist: boolean;
  checklist: ReturnType<typeof documentChecklist<SectionData, QuestionData>>;
  openChecklist: () => void;
}) {
  const t = useVocabulary();
  return (
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
          <Button variant="secondary" size="sm" onClick={() => openChecklist()} aria-haspopup="dialog">
            {t("Document checklist")}
            <Badge tone={checklist.provided === checklist.required ? "success" : "neutral"}>
              {checklist.provided}/{checklist.required}
            </Badge>
          </Button>
        ) : null}
        {mode === "client" && messageHref ? (
          <Button to={messageHref} variant="ghost" size="sm">
            Message
          </Button>
        ) : null}
        <Button to="/" variant="secondary" size="sm">
          Back
        </Button>
      </div>
    </div>
  );
}
