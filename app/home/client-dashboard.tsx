import { Form, useSearchParams } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Select } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { dueBadge } from "~/questionnaires/status";
import { useVocabulary } from "~/vocabulary";
import * as s from "./home.css";

export interface ClientDashboardData {
  name: string;
  readonlyUser: boolean;
  firm: { name: string; supportEmail: string | null };
  home: {
    blocked: boolean;
    entities: { id: string; hashId: string; name: string; entityType: string; readonlyAccess: boolean }[];
    selected: { hashId: string; name: string; readonlyAccess: boolean } | null;
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
      progress: number;
      sections: { id: string; name: string; completed: boolean }[];
    }[];
    customHtml: string | null;
  };
}

const VISIBLE_SECTIONS = 3;

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
        {home.entities.length > 0 ? (
          <Form method="get" className={s.selectors}>
            {home.entities.length > 1 ? (
              <Select
                label={t("Entity")}
                name="entity"
                defaultValue={home.selected?.hashId}
                options={home.entities.map((e) => ({ value: e.hashId, label: e.name }))}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              />
            ) : null}
            {home.years.length > 0 ? (
              <Select
                label="Tax year"
                name="year"
                key={`${params.get("entity")}-${home.year}`}
                defaultValue={String(home.year ?? "")}
                options={home.years.map((y) => ({ value: String(y), label: String(y) }))}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              />
            ) : null}
            <noscript>
              <Button type="submit" variant="secondary">
                Show
              </Button>
            </noscript>
          </Form>
        ) : null}
      </div>

      {data.readonlyUser ? (
        <Alert tone="warning">This account is read-only. You can view your information, but changes are turned off. Please contact your firm to make changes.</Alert>
      ) : home.selected?.readonlyAccess ? (
        <Alert tone="warning">This entity is read-only. You can view its information, but changes are turned off. Please contact your firm to make changes.</Alert>
      ) : null}

      {home.blocked ? (
        <Alert tone="danger">Your account does not have active entities to view. Please contact your firm.</Alert>
      ) : (
        <div className={s.grid}>
          <div className={s.stack}>
            {home.questionnaires.length === 0 ? (
              <EmptyState title={t("No questionnaires found")} description={`Your firm hasn't sent you any ${t("questionnaires")} for this year yet.`} />
            ) : (
              home.questionnaires.map((q) => {
                const badge = dueBadge({ ...q, isDraft: false }, today);
                return (
                  <article key={q.id} className={s.card} aria-labelledby={`q-${q.id}`}>
                    <div className={s.cardHead}>
                      <div>
                        <h2 className={s.cardTitle} id={`q-${q.id}`}>
                          {t(q.name)}
                        </h2>
                        <p className={s.muted}>
                          Tax year {q.taxYear}
                          {q.dueDate ? ` · Due ${formatDate(q.dueDate)}` : ""}
                        </p>
                      </div>
                      {q.customStatus ? <Badge tone="info">{q.customStatus}</Badge> : badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
                    </div>
                    <ProgressBar value={q.progress} label="Progress" showValue />
                    {q.sections.length > 0 ? (
                      <details>
                        <summary className={s.muted} style={{ marginTop: 12, cursor: "pointer" }}>
                          {q.sections.filter((x) => x.completed).length} of {q.sections.length} sections completed
                        </summary>
                        <ul className={s.sectionList}>
                          {q.sections.slice(0, VISIBLE_SECTIONS * 10).map((section) => (
                            <li key={section.id} className={s.sectionItem}>
                              <span className={section.completed ? s.dotDone : s.dot} aria-hidden />
                              {t(section.name)}
                              {section.completed ? <span className={s.muted}> · Completed</span> : null}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </article>
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
export function formatDate(isoDate: string) {
  const [y, m, d] = isoDate.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}
