import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { dueBadge, staffStatusLabel } from "~/questionnaires/status";
import { useVocabulary } from "~/vocabulary";
import { formatDate } from "./client-dashboard";
import * as s from "./home.css";

export interface StaffHomeData {
  name: string;
  counts: Record<"total" | "draft" | "sent" | "opened" | "in_progress" | "completed" | "locked" | "overdue", number>;
  clientCount: number;
  entityCount: number;
  recent: {
    id: string;
    name: string;
    taxYear: number;
    dueDate: string | null;
    isDraft: boolean;
    locked: boolean;
    completed: boolean;
    openedAt: string | null;
    inProgress: boolean;
    lastActivity: string | null;
    lastActivityAt: string | null;
    company: { name: string; hashId: string; entityType: string };
  }[];
}

const STATS: { key: keyof StaffHomeData["counts"]; label: string }[] = [
  { key: "sent", label: "Sent" },
  { key: "opened", label: "Opened" },
  { key: "in_progress", label: "In Progress" },
  { key: "completed", label: "Completed" },
  { key: "overdue", label: "Overdue" },
  { key: "locked", label: "Locked" },
  { key: "draft", label: "Drafts" },
];

export function StaffHome({ data, today }: { data: StaffHomeData; today: Date }) {
  const t = useVocabulary();
  return (
    <>
      <div className={s.header}>
        <div>
          <h1 className={s.pageTitle}>Collect</h1>
          <p className={s.pageSubtitle}>
            {data.counts.total} {t("questionnaires")} · {data.entityCount} {t("entities")} · {data.clientCount} clients
          </p>
        </div>
      </div>
      <div className={s.statGrid}>
        {STATS.map((stat) => (
          <div key={stat.key} className={s.stat}>
            <div className={s.statValue}>{data.counts[stat.key]}</div>
            <div className={s.statLabel}>{stat.label}</div>
          </div>
        ))}
      </div>
      <h2 className={s.cardTitle} style={{ marginBottom: 12 }}>
        Recent activity
      </h2>
      {data.recent.length === 0 ? (
        <EmptyState title={t("No questionnaires found")} description={`${t("Questionnaires")} you send to clients will show up here.`} />
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table}>
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  {t("Entity")}
                </th>
                <th className={s.th} scope="col">
                  {t("Questionnaire")}
                </th>
                <th className={s.th} scope="col">
                  Year
                </th>
                <th className={s.th} scope="col">
                  Status
                </th>
                <th className={s.th} scope="col">
                  Due date
                </th>
                <th className={s.th} scope="col">
                  Last activity
                </th>
              </tr>
            </thead>
            <tbody>
              {data.recent.map((q) => {
                const badge = dueBadge(q, today);
                return (
                  <tr key={q.id}>
                    <td className={s.td}>
                      <strong>{q.company.name}</strong>
                      <div className={s.muted}>{t(q.company.entityType)}</div>
                    </td>
                    <td className={s.td}>{t(q.name)}</td>
                    <td className={s.td}>{q.taxYear}</td>
                    <td className={s.td}>
                      <Badge tone={q.locked ? "neutral" : q.completed ? "success" : "info"}>{q.locked ? "Locked" : staffStatusLabel(q)}</Badge>
                    </td>
                    <td className={s.td}>
                      {q.dueDate ? formatDate(q.dueDate) : "—"}
                      {badge && badge.tone === "danger" ? <div className={s.muted}>{badge.label}</div> : null}
                    </td>
                    <td className={s.td}>
                      {q.lastActivity ?? "—"}
                      {q.lastActivityAt ? <div className={s.muted}>{formatDate(q.lastActivityAt.slice(0, 10))}</div> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
