import { Badge, ProgressBar } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import type { SectionData } from "../types";
import type { SectionStatus } from "../rules";
import { SECTION_STATUS_LABELS, SECTION_STATUS_ORDER, type QuestionnaireProgress } from "../progress";
import * as s from "../questionnaire.css";

/** A status icon (its own shape and colour), named for screen readers. */
function StatusIcon({ status }: { status: SectionStatus }) {
  return <span className={s.dot[status]} role="img" aria-label={SECTION_STATUS_LABELS[status]} />;
}

/** The list of sections with their status, the count of completed sections, the progress bar and the icons' legend. */
export function SectionNav({ progress, index, go }: { progress: QuestionnaireProgress<SectionData>; index: number; go: (to: number) => void }) {
  const t = useVocabulary();
  return (
    <nav className={s.nav} aria-label="Sections">
      <p className={s.muted} data-testid="section-count">
        {progress.done} / {progress.total} sections completed
      </p>
      <ProgressBar value={progress.percent} label="Progress" showValue />
      <ol className={s.navList}>
        {progress.sections.map((v, i) => (
          <li key={v.section.id}>
            <button type="button" className={s.navItem} aria-current={i === index ? "step" : undefined} disabled={v.locked} onClick={() => go(i)}>
              <StatusIcon status={v.status} />
              <span>{t(v.section.name)}</span>
              {v.required ? <Badge tone="warning">Required</Badge> : null}
            </button>
          </li>
        ))}
      </ol>
      <div className={s.legend}>
        <p className={s.legendTitle} id="section-status-legend">
          Status icons
        </p>
        <ul className={s.legendList} aria-labelledby="section-status-legend">
          {SECTION_STATUS_ORDER.map((status) => (
            <li key={status} className={s.legendItem}>
              <span className={s.dot[status]} aria-hidden="true" />
              <span>{SECTION_STATUS_LABELS[status]}</span>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
