import { Alert, Button } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { SectionData } from "../types";
import { MESSAGES, missingSections, nextIncompleteSectionIndex, SECTION_TYPE, type sectionViews } from "../rules";

/** Above a section: the sections not completed yet (on the last and review sections) and why a locked section is locked. */
export function SectionAlerts({
  views,
  index,
  isLast,
  completed,
  go,
}: {
  views: ReturnType<typeof sectionViews<SectionData>>;
  index: number;
  isLast: boolean;
  /** The questionnaire was submitted. */
  completed: boolean;
  go: (to: number) => void;
}) {
  const t = useVocabulary();
  const current = views[Math.min(index, views.length - 1)]!;
  const missing = missingSections(views);
  return (
    <>
      {missing.length > 0 && (isLast || current.section.sectionType === SECTION_TYPE.review_and_submit) && !completed ? (
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
    </>
  );
}
