import { describe, expect, it } from "vitest";
import { ACTIVITIES_PAGE_SIZE, activityFiltersSearch, activityPage, activityTypeLabel, isFiltered, parseActivityFilters } from "~/activity/types";

describe("activity types", () => {
  it("labels the spec's type ids 0 to 8, unknown ones as uncategorized", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(activityTypeLabel)).toEqual([
      "Other",
      "Details",
      "Document",
      "Questionnaire",
      "Message",
      "Tax return",
      "Review and export",
      "Signature",
      "Teal",
    ]);
    expect(activityTypeLabel(42)).toBe("Other");
  });
});

describe("activity filters", () => {
  it("reads the spec's parameter names and ignores bad values", () => {
    const f = parseActivityFilters(new URLSearchParams("company_id=c1&questionnaire_id=q1&type_id=3&search=%20w-2%20&page=4"));
    expect(f).toEqual({ page: 4, companyId: "c1", questionnaireId: "q1", typeId: 3, search: "w-2", signIns: false });
    expect(parseActivityFilters(new URLSearchParams("type_id=9&page=0&company_id=a'b"))).toEqual({
      page: 1,
      companyId: null,
      questionnaireId: null,
      typeId: null,
      search: "",
      signIns: false,
    });
    expect(parseActivityFilters(new URLSearchParams("sign_ins=1")).signIns).toBe(true);
    expect(parseActivityFilters(new URLSearchParams("type_id=0")).typeId).toBe(0);
    // A questionnaire only within its entity.
    expect(parseActivityFilters(new URLSearchParams("questionnaire_id=q1")).questionnaireId).toBeNull();
  });

  it("writes them back, defaults left out", () => {
    expect(activityFiltersSearch({ page: 1, companyId: null, questionnaireId: null, typeId: null, search: "", signIns: false })).toBe("");
    expect(activityFiltersSearch({ page: 2, companyId: "c", questionnaireId: "q", typeId: 0, search: "a b", signIns: true })).toBe(
      "?company_id=c&questionnaire_id=q&type_id=0&search=a+b&sign_ins=1&page=2",
    );
    expect(isFiltered({ page: 3, companyId: null, questionnaireId: null, typeId: null, search: "", signIns: true })).toBe(false);
    expect(isFiltered({ page: 1, companyId: null, questionnaireId: null, typeId: 0, search: "", signIns: false })).toBe(true);
  });

  it("pages by 32 from page 1, past the end shows the last page", () => {
    expect(ACTIVITIES_PAGE_SIZE).toBe(32);
    expect(activityPage(1, 40)).toEqual({ page: 1, pageCount: 2, total: 40, label: "1-32 of 40", offset: 0 });
    expect(activityPage(2, 40)).toEqual({ page: 2, pageCount: 2, total: 40, label: "33-40 of 40", offset: 32 });
    expect(activityPage(9, 40).page).toBe(2);
    expect(activityPage(1, 0)).toEqual({ page: 1, pageCount: 1, total: 0, label: "0 of 0", offset: 0 });
  });
});
