/**
 * /activities: the firm's activity log for staff (staff spec §2 navigation "Activities"): type,
 * what happened, entity, questionnaire, who, when; filters by entity, questionnaire (of the
 * entity) and type, a debounced search, 32 per page with 1-based pages in the URL. Routine
 * sign-ins and verification codes are left out until 'Show sign-ins and verification codes' is on.
 * Titles and labels are in the firm's vocabulary.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useRef, useState } from "react";
import { requireStaff } from "~/auth/session.server";
import { FirmPage } from "~/components/firm-page";
import { Badge, Button, EmptyState, PageHeader, Select, TextField, type BadgeTone } from "~/components/ui";
import { Switch } from "~/components/ui/switch";
import { requireFirmSite } from "~/context.server";
import { activityFilterOptions, listActivities } from "~/activity/activities.server";
import { ACTIVITY_TYPE_FILTER_LABELS, activityFiltersSearch, isFiltered, parseActivityFilters, type ActivityFilters } from "~/activity/types";
import * as s from "~/activity/activities.css";
import { formatDateTime, readerTimeZone } from "~/time-zones";
import { firmVocabulary, useVocabulary } from "~/vocabulary";
import { isPortalError } from "~/errors";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Activities") }];

const SEARCH_DEBOUNCE_MS = 300;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = requireFirmSite(context);
  const user = await requireStaff(request, portal);
  const filters = parseActivityFilters(new URL(request.url).searchParams);
  const viewer = { id: user.id, firmAccess: user.firmAccess, firmGroupId: user.firmGroupId };
  try {
    const [list, options] = await Promise.all([listActivities(portal, viewer, filters), activityFilterOptions(portal, viewer, filters.companyId)]);
    const zone = readerTimeZone(user, portal.firm);
    // What happened, in the firm's words (titles are written in the product's).
    const t = firmVocabulary(portal.firm);
    const rows = list.rows.map((r) => ({ ...r, title: t(r.title), typeLabel: t(r.typeLabel), when: formatDateTime(r.createdAt, zone) }));
    return data({ filters: { ...filters, page: list.page.page }, rows, page: list.page, options }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isPortalError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

const TYPE_TONES: Record<number, BadgeTone> = { 1: "info", 2: "brand", 3: "success", 4: "info", 5: "warning", 6: "neutral", 7: "warning", 8: "neutral" };

/** The questionnaire's name, with its tax year unless the name already says it. */
function questionnaireLabel(name: string, taxYear: number | null): string {
  return taxYear && !name.includes(String(taxYear)) ? `${taxYear} ${name}` : name;
}

export default function ActivitiesPage() {
  const { filters, rows, page, options } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const vocab = useVocabulary();
  const go = (next: ActivityFilters, replace = false) => navigate(`/activities${activityFiltersSearch(next)}`, { replace, preventScrollReset: true });
  const current = filters as ActivityFilters;

  const [search, setSearch] = useState(current.search);
  const latest = useRef(current);
  latest.current = current;
  useEffect(() => setSearch(current.search), [current.search]);
  useEffect(() => {
    if (search.trim() === latest.current.search) return;
    const timer = setTimeout(() => go({ ...latest.current, search: search.trim(), page: 1 }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const filtered = isFiltered(current);
  return (
    <FirmPage>
      <PageHeader title="Activities" description={vocab("What happened with your clients, their entities and questionnaires, newest first.")} />
      <section className={s.root} aria-label="Activity log" aria-busy={navigation.state === "loading" || undefined}>
        <div className={s.toolbar}>
          <TextField
            className={s.search}
            label="Search activities"
            type="search"
            name="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            autoComplete="off"
          />
          <Select
            className={s.filter}
            label={vocab("Entity")}
            value={current.companyId ?? ""}
            onChange={(e) => go({ ...current, companyId: e.currentTarget.value || null, questionnaireId: null, page: 1 })}
            options={[{ value: "", label: vocab("All entities") }, ...options.entities]}
          />
          <Select
            className={s.filter}
            label={vocab("Questionnaire")}
            value={current.questionnaireId ?? ""}
            disabled={!current.companyId}
            title={current.companyId ? undefined : vocab("Choose an entity first")}
            onChange={(e) => go({ ...current, questionnaireId: e.currentTarget.value || null, page: 1 })}
            options={[{ value: "", label: vocab(current.companyId ? "All questionnaires" : "Select an entity") }, ...options.questionnaires]}
          />
          <Select
            className={s.filter}
            label="Type"
            value={current.typeId === null ? "" : String(current.typeId)}
            onChange={(e) => go({ ...current, typeId: e.currentTarget.value === "" ? null : Number(e.currentTarget.value), page: 1 })}
            options={[
              { value: "", label: "All types" },
              ...Object.entries(ACTIVITY_TYPE_FILTER_LABELS).map(([value, label]) => ({ value, label: vocab(label) })),
            ]}
          />
          <Switch
            label="Show sign-ins and verification codes"
            checked={current.signIns}
            onChange={(e) => go({ ...current, signIns: e.currentTarget.checked, page: 1 })}
          />
        </div>

        {rows.length === 0 ? (
          <EmptyState
            compact
            title="No activities found"
            titleAs="p"
            description={filtered ? "Try another search or clear the filters." : "Actions on clients, entities and questionnaires will show here."}
            action={
              filtered ? (
                <Button
                  variant="secondary"
                  onClick={() => go({ page: 1, companyId: null, questionnaireId: null, typeId: null, search: "", signIns: current.signIns })}
                >
                  Reset filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ol className={s.list} data-testid="activity-list">
            {rows.map((r) => (
              <li key={r.id} className={s.item}>
                <div>
                  <Badge tone={TYPE_TONES[r.typeId] ?? "neutral"}>{r.typeLabel}</Badge>
                </div>
                <div>
                  <p className={s.title}>{r.title}</p>
                  {r.description ? <p className={s.description}>{r.description}</p> : null}
                  <p className={s.meta}>
                    {r.companyName ? (
                      <span>
                        {vocab("Entity")}: <Link to={`/admin/${r.companyHash}`}>{r.companyName}</Link>
                      </span>
                    ) : null}
                    {r.questionnaireName ? <span>{`${vocab("Questionnaire")}: ${questionnaireLabel(r.questionnaireName, r.taxYear)}`}</span> : null}
                    <span>By {r.actorName ?? "System"}</span>
                    {r.subjectName && r.subjectName !== r.actorName ? <span>About {r.subjectName}</span> : null}
                  </p>
                </div>
                <time className={s.when} dateTime={r.createdAt}>
                  {r.when}
                </time>
              </li>
            ))}
          </ol>
        )}

        <nav className={s.pager} aria-label="Pages">
          <span role="status">{page.label}</span>
          <span className={s.pagerButtons}>
            <Button variant="secondary" size="sm" disabled={page.page <= 1} onClick={() => go({ ...current, page: page.page - 1 })}>
              Previous
            </Button>
            <span aria-current="page" className={s.pageNumber}>{`Page ${page.page} of ${page.pageCount}`}</span>
            <Button variant="secondary" size="sm" disabled={page.page >= page.pageCount} onClick={() => go({ ...current, page: page.page + 1 })}>
              Next
            </Button>
          </span>
        </nav>
      </section>
    </FirmPage>
  );
}
