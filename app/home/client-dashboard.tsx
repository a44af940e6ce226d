import { Form, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { statusTone } from "~/custom-statuses/colors";
import { EmptyState } from "~/components/ui/empty-state";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Select } from "~/components/ui/select";
import { Button } from "~/components/ui/button";
import { progressSummary, SECTION_STATUS_LABELS, type ProgressCounts } from "~/questionnaires/progress-labels";
import type { SectionStatus } from "~/questionnaires/rules";
import { dueBadge } from "~/questionnaires/status";
import { useVocabulary } from "~/vocabulary";
import { CARD_SECTION_LIMIT, readExpandedCards, showEntitySelector, writeExpandedCards } from "./dashboard-rules";
import { EntitySelector } from "./entity-selector";
import { TaxReturnCards } from "~/deliver/client/cards";
import { SignatureRequestCards } from "~/deliver/requests/cards";
import * as s from "./home.css";

export interface ClientDashboardData {
  name: string;
  /** Questionnaire ids whose card shows all its sections (from the cookie). */
  expanded: string[];
  readonlyUser: boolean;
  firm: { name: string; supportEmail: string | null; communicationDisabled?: boolean };
  home: {
    blocked: boolean;
    entities: { id: string; hashId: string; name: string; entityType: string; readonlyAccess: boolean }[];
    selected: { hashId: string; name: string; entityType: string; readonlyAccess: boolean } | null;
    years: number[];
    year: number | null;
    questionnaires: {
      id: string;
      name: string;
      taxYear: number;
      dueDate: string | null;
      locked: boolean;
      completed: boolean;
      openedAt: string | null;
      inProgress: boolean;
      customStatus: string | null;
      /** What the firm asks of the client at this status. */
      customStatusInstruction: string | null;
      customStatusColor: string | null;
      /** From questionnaires/progress.ts, as every screen shows it. */
      progress: ProgressCounts;
      /** The sections the client was asked. */
      sections: { id: string; name: string; status: SectionStatus }[];
    }[];
    customHtml: string | null;
  };
}

export function ClientDashboard({ data, today }: { data: ClientDashboardData; today: Date }) {
  const t = useVocabulary();
  const [params] = useSearchParams();
  const { home } = data;
  return (
    <>
      <div className={s.header}>
        <div>
          <h1 className={s.pageTitle}>Welcome, {data.name}!</h1>
          {home.selected ? <p className={s.pageSubtitle}>{home.selected.name}</p> : null}
        </div>
        {home.selected ? (
          <div className={s.selectors}>
            {showEntitySelector(home.entities.length) ? <EntitySelector entities={home.entities} selected={home.selected} /> : null}
            {home.years.length > 0 ? (
              <Form method="get" className={s.selectors}>
                <input type="hidden" name="entity" value={home.selected.hashId} />
                <Select
                  label="Tax year"
                  name="year"
                  key={`${params.get("entity")}-${home.year}`}
                  defaultValue={String(home.year ?? "")}
                  options={home.years.map((y) => ({ value: String(y), label: String(y) }))}
                  onChange={(e) => e.currentTarget.form?.requestSubmit()}
                />
                <noscript>
                  <Button type="submit" variant="secondary">
                    Show
                  </Button>
                </noscript>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>

      {data.readonlyUser ? (
        <Alert tone="warning">
          This account is read-only. You can view your information, but changes are turned off. Please contact your firm to make changes.
        </Alert>
      ) : home.selected?.readonlyAccess ? (
        <Alert tone="warning">
          {t("This entity is read-only. You can view its information, but changes are turned off. Please contact your firm to make changes.")}
        </Alert>
      ) : null}

      {home.blocked ? (
        <Alert tone="danger">{t("Your account does not have active entities to view. Please contact your firm.")}</Alert>
      ) : (
        <div className={s.grid}>
          <div className={s.stack}>
            <SignatureRequestCards home={home} />
            <TaxReturnCards home={home} />
            {home.questionnaires.length === 0 ? (
              <EmptyState title={t("No questionnaires found")} description={`Your firm hasn't sent you any ${t("questionnaires")} for this year yet.`} />
            ) : (
              home.questionnaires.map((q) => {
                const badge = dueBadge({ ...q, isDraft: false }, today);
                return (
                  <QuestionnaireCard
                    key={q.id}
                    q={q}
                    companyHash={home.selected?.hashId ?? ""}
                    badge={q.customStatus ? { label: q.customStatus, tone: statusTone(q.customStatusColor) } : badge}
                    initiallyExpanded={data.expanded.includes(q.id)}
                  />
                );
              })
            )}
          </div>
          <aside className={s.stack}>
            <section className={s.card} aria-labelledby="firm-card">
              <h2 className={s.cardTitle} id="firm-card">
                {data.firm.name}
              </h2>
              <p className={s.muted} style={{ marginTop: 8 }}>
                Questions about your {t("questionnaires")} or documents? Your firm is here to help.
              </p>
              {data.firm.supportEmail ? (
                <p style={{ marginTop: 12 }}>
                  <a href={`mailto:${data.firm.supportEmail}`}>{data.firm.supportEmail}</a>
                </p>
              ) : null}
              {!data.firm.communicationDisabled && home.selected ? (
                <div style={{ marginTop: 16 }}>
                  {data.readonlyUser || home.selected.readonlyAccess ? (
                    <Button variant="secondary" disabled title="Messaging is turned off for read-only accounts.">
                      Send a Message
                    </Button>
                  ) : (
                    <Button to={`/inbox/${home.selected.hashId}`} variant="secondary">
                      Send a Message
                    </Button>
                  )}
                </div>
              ) : null}
            </section>
            {home.customHtml ? (
              <section className={s.card} aria-label={`From ${data.firm.name}`}>
                <div className={s.firmHtml} dangerouslySetInnerHTML={{ __html: home.customHtml }} />
              </section>
            ) : null}
          </aside>
        </div>
      )}
    </>
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03-09" → "Mar 9, 2026" (no Intl: it is slow on the server and varies by browser). */
type DashboardQuestionnaire = ClientDashboardData["home"]["questionnaires"][number];

function QuestionnaireCard({
  q,
  companyHash,
  badge,
  initiallyExpanded,
}: {
  q: DashboardQuestionnaire;
  companyHash: string;
  badge: { label: string; tone: BadgeTone } | null;
  initiallyExpanded: boolean;
}) {
  const t = useVocabulary();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const sections = expanded ? q.sections : q.sections.slice(0, CARD_SECTION_LIMIT);
  const href = `/questionnaire/${companyHash}?${new URLSearchParams({ questionnaireId: q.id })}`;

  function toggle() {
    const next = !expanded;
    setExpanded(next);
    // Remembered for a year, so the dashboard renders the same way next time (no flash).
    const ids = readExpandedCards(document.cookie);
    if (next) ids.add(q.id);
    else ids.delete(q.id);
    document.cookie = writeExpandedCards(ids);
  }

  return (
    <article className={s.card} aria-labelledby={`q-${q.id}`}>
      <div className={s.cardHead}>
        <div>
          <h2 className={s.cardTitle} id={`q-${q.id}`}>
            <Link to={href} className={s.cardLink}>
              {t(q.name)}
            </Link>
          </h2>
          <p className={s.muted}>
            Tax year {q.taxYear}
            {q.dueDate ? ` · Due ${formatDate(q.dueDate)}` : ""}
          </p>
        </div>
        {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
      </div>
      {q.customStatus && q.customStatusInstruction ? (
        <p className={s.statusInstruction} data-testid="custom-status-instruction">
          {q.customStatusInstruction}
        </p>
      ) : null}
      <ProgressBar value={q.progress.percent} label="Progress" showValue valueText={progressSummary(q.progress)} />
      {q.sections.length > 0 ? (
        <ul className={s.sectionList} aria-label="Sections">
          {sections.map((section) => (
            <li key={section.id} className={s.sectionItem}>
              <span className={section.status === "completed" ? s.dotDone : s.dot} aria-hidden />
              {t(section.name)}
              {section.status === "completed" || section.status === "pending" ? (
                <span className={s.muted}> · {SECTION_STATUS_LABELS[section.status]}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={s.cardFoot}>
        {q.sections.length > CARD_SECTION_LIMIT ? (
          <button type="button" className={s.linkButton} aria-expanded={expanded} onClick={toggle}>
            {expanded ? "Show fewer sections" : `Show all ${q.sections.length} sections`}
          </button>
        ) : (
          <span />
        )}
        <Button to={href} variant={q.locked || q.completed ? "secondary" : "primary"} size="sm">
          {q.locked || q.completed ? "View" : q.openedAt ? "Continue" : "Start"}
        </Button>
      </div>
    </article>
  );
}

export function formatDate(isoDate: string) {
  const [y, m, d] = isoDate.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}
