/**
 * The activity log page's rules (pure): type labels (staff spec §3 activity type ids 0–8), the
 * page size and the 1-based server pages (client spec §9: "Activities page size 32 (server
 * pagination 1-based …)"), and the filters read from the URL.
 *
 * Labels are the firm's words for what happened (a row's badge), and the Type filter's choices
 * in the plural; both go through the firm's vocabulary on the page.
 */
export const ACTIVITY_TYPE_LABELS: Record<number, string> = {
  0: "Other",
  1: "Details",
  2: "Document",
  3: "Questionnaire",
  4: "Message",
  5: "Tax return",
  6: "Review and export",
  7: "Signature",
  8: "Teal",
};

/** The Type filter's choices (type id → label). */
export const ACTIVITY_TYPE_FILTER_LABELS: Record<number, string> = {
  0: "Other (accounts and sign-ins)",
  1: "Changes to details",
  2: "Documents",
  3: "Questionnaires",
  4: "Messages",
  5: "Tax returns",
  6: "Review and export",
  7: "Signatures",
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
  /** Sign-ins, sign-outs, verification codes and sign-in links are left out unless asked for (`sign_ins=1`). */
  signIns: boolean;
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
    signIns: params.get("sign_ins") === "1",
  };
}

/** The URL search of filters (defaults left out); a filter change goes back to page 1. */
export function activityFiltersSearch(f: ActivityFilters): string {
  const p = new URLSearchParams();
  if (f.companyId) p.set("company_id", f.companyId);
  if (f.companyId && f.questionnaireId) p.set("questionnaire_id", f.questionnaireId);
  if (f.typeId !== null) p.set("type_id", String(f.typeId));
  if (f.search) p.set("search", f.search);
  if (f.signIns) p.set("sign_ins", "1");
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
