/**
 * /review-and-export: the submitted questionnaires the staff member may see, 10 a page (paged on
 * the server), searched by questionnaire, entity or client name; each opens its review screen.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { Badge, Button, Card, EmptyState, PageHeader, TextField } from "~/components/ui";
import { formatDate } from "~/staff/format";
import type { ReviewList } from "./review.server";
import * as s from "./review.css";
import { rangeLabel, REVIEW_TEXT } from "./rules";

function pageLink(page: number, q: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/review-and-export${search ? `?${search}` : ""}`;
}

export function ReviewListPage({ data }: { data: ReviewList }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/review-and-export";
  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <PageHeader title={REVIEW_TEXT.title} description={REVIEW_TEXT.lead} />
      <Form method="get" role="search" aria-label="Questionnaires" className={s.search}>
        <TextField label="Search" name="q" type="search" defaultValue={data.q ?? ""} placeholder="Questionnaire, entity or client" />
        <Button type="submit" variant="secondary" loading={loading}>
          Search
        </Button>
      </Form>
      <Card padding="none" aria-busy={loading || undefined} aria-label="Submitted questionnaires">
        {data.rows.length === 0 ? (
          <EmptyState
            title={data.q ? REVIEW_TEXT.emptySearch : REVIEW_TEXT.empty}
            description={data.q ? undefined : "Questionnaires appear here once a client submits them."}
            action={
              data.q ? (
                <Button to="/review-and-export" variant="secondary">
                  Reset search
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className={s.list}>
              {data.rows.map((r) => (
                <li key={r.id} className={s.row}>
                  <div>
                    <Link to={`/review-and-export/${encodeURIComponent(r.id)}`} className={s.rowTitle}>
                      {r.entityName} — {r.name} ({r.taxYear})
                    </Link>
                    <div className={s.meta}>{r.submittedAt ? `Submitted ${formatDate(r.submittedAt)}` : "Marked completed"}</div>
                  </div>
                  <div>
                    {r.locked ? (
                      <Badge tone="neutral">Locked</Badge>
                    ) : r.completed ? (
                      <Badge tone="success">Completed</Badge>
                    ) : (
                      <Badge tone="info">Submitted</Badge>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <nav className={s.pager} aria-label="Pages">
              <span aria-live="polite">{rangeLabel(data.page, data.pageSize, data.total)}</span>
              <Button to={pageLink(data.page - 1, data.q)} variant="secondary" size="sm" disabled={data.page <= 1}>
                Previous
              </Button>
              <Button to={pageLink(data.page + 1, data.q)} variant="secondary" size="sm" disabled={data.page >= lastPage}>
                Next
              </Button>
            </nav>
          </>
        )}
      </Card>
    </>
  );
}
