/**
 * The activity log page's rules (pure): type labels (staff spec §3 activity type ids 0–8), the
 * page size and the 1-based server pages (client spec §9: "Activities page size 32 (server
 * pagination 1-based …)"), and the filters read from the URL.
 */
export const ACTIVITY_TYPE_LABELS: Record<number, string> = {
  0: "Uncategorized",
  1: "Detail change",
  2: "Document",
  3: "Questionnaire",
  4: "Chat",
  5: "Tax return delivery",
  6: "Review and export",
  7: "Signature",
  8: "Teal",
};

export const ACTIVITY_TYPE_IDS = Object.keys(ACTIVITY_TYPE_LABELS).map(Number);

export function activityTypeLabel(typeId: number): string {
  return ACTIVITY_TYPE_LABELS[typeId] ?? ACTIVITY_TYPE_LABELS[0]!;
}

export const ACTIVITIES_PAGE_SIZE = 32;
const MAX_SEARCH = 200;

export interface ActivityFilters {
  /** 1-based. */
  page: number;
  companyId: string | null;
  questionnaireId: string | null;
  typeId: number | null;
  search: string;
}

const idParam = (value: string | null) => {
  const v = value?.trim() ?? "";
  return v && v.length <= 64 && /^[A-Za-z0-9_-]+$/.test(v) ? v : null;
};

/** The filters of a URL (spec names: company_id, questionnaire_id, type_id, search, page); anything invalid is ignored. */
export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  const page = Number(params.get("page"));
  const type = params.get("type_id");
  const typeId = type !== null && type !== "" && ACTIVITY_TYPE_IDS.includes(Number(type)) ? Number(type) : null;
  const companyId = idParam(params.get("company_id"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    companyId,
    // A questionnaire filter only means something within its entity.
    questionnaireId: companyId ? idParam(params.get("questionnaire_id")) : null,
    typeId,
    search: (params.get("search") ?? "").trim().slice(0, MAX_SEARCH),
  };
}

/** The URL search of filters (defaults left out); a filter change goes back to page 1. */
export function activityFiltersSearch(f: ActivityFilters): string {
  const p = new URLSearchParams();
  if (f.companyId) p.set("company_id", f.companyId);
  if (f.companyId && f.questionnaireId) p.set("questionnaire_id", f.questionnaireId);
  if (f.typeId !== null) p.set("type_id", String(f.typeId));
  if (f.search) p.set("search", f.search);
  if (f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function isFiltered(f: ActivityFilters): boolean {
  return Boolean(f.companyId || f.typeId !== null || f.search);
}

export interface ActivityPage {
  page: number;
  pageCount: number;
  total: number;
  /** '1-32 of 40', or '0 of 0'. */
  label: string;
  offset: number;
}

/** The page to show: the requested one, or the last when it is past the end. */
export function activityPage(requested: number, total: number, size = ACTIVITIES_PAGE_SIZE): ActivityPage {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  const offset = (page - 1) * size;
  const label = total === 0 ? "0 of 0" : `${offset + 1}-${Math.min(offset + size, total)} of ${total}`;
  return { page, pageCount, total, label, offset };
}
