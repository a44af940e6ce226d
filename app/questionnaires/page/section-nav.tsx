import { Badge, ProgressBar } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { SectionData } from "../types";
import { progressPercent, sectionCounts, type SectionStatus, type sectionViews } from "../rules";
import * as s from "../questionnaire.css";

const STATUS_LABEL: Record<SectionStatus, string> = { completed: "Completed", pending: "Pending", incomplete: "Incomplete", error: "Needs attention" };

/** The list of sections with their status, the count of completed sections and the progress bar. */
export function SectionNav({
  views,
  index,
  inProgress,
  go,
}: {
  views: ReturnType<typeof sectionViews<SectionData>>;
  index: number;
  /** The questionnaire was started (progress shows even before a section is completed). */
  inProgress: boolean;
  go: (to: number) => void;
}) {
  const t = useVocabulary();
  const counts = sectionCounts(views);
  return (
    <nav className={s.nav} aria-label="Sections">
      <p className={s.muted}>
        {counts.done} / {counts.total} sections completed
      </p>
      <ProgressBar
        value={progressPercent(
          views.map((v) => ({ completed: v.status === "completed" })),
          inProgress || counts.done > 0,
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
  );
}
