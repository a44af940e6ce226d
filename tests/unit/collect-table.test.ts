import { describe, expect, it } from "vitest";
import { defaultState, readTableState } from "~/components/data-table/state";
import { COLLECT_TABLE, collectQuery, compareQuestionnaires, orderQuestionnaires, orderRank, statusCondition } from "~/collect/overview/table";
import { entityVisibleSql } from "~/staff/visibility";
import {
  additionalItemError,
  additionalItemText,
  additionalItemsReady,
  bulkIntentSchema,
  dueDateError,
  firstIssue,
  questionnaireIntentSchema,
} from "~/collect/preview/rules";

const partner = { id: "usr_p", firmAccess: "partner" as const };
const group = { id: "usr_g", firmAccess: "group" as const };
const opts = { today: "2026-11-21", hiddenEntityType: "drop_link" };

describe("questionnaire ordering rule", () => {
  it("puts unlocked first, then completed, then locked, then by due date (none last)", () => {
    const list = [
      { id: "locked-early", locked: true, completed: false, dueDate: "2026-01-01" },
      { id: "completed", locked: false, completed: true, dueDate: "2026-01-01" },
      { id: "open-late", locked: false, completed: false, dueDate: "2026-12-01" },
      { id: "open-none", locked: false, completed: false, dueDate: null },
      { id: "open-early", locked: false, completed: false, dueDate: "2026-02-01" },
      { id: "locked-completed", locked: true, completed: true, dueDate: "2025-01-01" },
    ];
    expect(orderQuestionnaires(list).map((q) => q.id)).toEqual(["open-early", "open-late", "open-none", "completed", "locked-completed", "locked-early"]);
    expect(orderRank({ locked: true, completed: true })).toBe(2);
    expect(compareQuestionnaires(list[0]!, list[0]!)).toBe(0);
  });
});

describe("Collect table state → SQL", () => {
  it("defaults to last activity, newest first, with deleted rows and the drop-link entity left out", () => {
    const q = collectQuery(defaultState(COLLECT_TABLE), partner, opts);
    expect(q.orderBy.startsWith("(CASE WHEN q.last_activity_at IS NULL THEN '-infinity'::timestamptz ELSE q.last_activity_at END) DESC")).toBe(true);
    expect(q.where).toContain("q.deleted_at IS NULL");
    expect(q.where).toContain("x.deleted_at IS NOT NULL OR x.entity_type = $1");
    expect(q.values).toEqual(["drop_link"]);
    expect(q.where).not.toContain("firm_group_id");
  });

  it("turns every filter into parameters, never into SQL text", () => {
    const params = new URLSearchParams(
      "status=overdue&status=locked&year=2025&advisor=usr_a&custom_status=none&group=grp_1&entity_type=Trust&q=50%25_off&sort=status&dir=asc",
    );
    const state = readTableState(params, null, COLLECT_TABLE);
    const q = collectQuery(state, partner, opts);
    expect(q.values).toEqual(["drop_link", "%50\\%\\_off%", "2026-11-21", [2025], "usr_a", "grp_1", "Trust"]);
    expect(q.where).toContain("q.due_date < $3::date");
    expect(q.where).toContain("(q.locked)");
    expect(q.where).toContain("q.tax_year = ANY($4::int[])");
    expect(q.where).toContain("eo.assigned_advisor_id = $5");
    expect(q.where).toContain("q.firm_custom_status_id IS NULL");
    expect(q.where).toContain("eo.firm_group_id = $6");
    expect(q.where).toContain("ec.entity_type = $7");
    expect(q.orderBy.startsWith("(CASE WHEN q.locked THEN 2 WHEN q.completed THEN 1 ELSE 0 END) ASC, q.due_date ASC NULLS LAST")).toBe(true);
    expect(q.where).not.toContain("Trust");
  });

  it("ignores unknown sorts and filter values, and shows only deleted rows on request", () => {
    const state = readTableState(new URLSearchParams("sort=1;drop table&status=bogus&year=abc&deleted=only"), null, COLLECT_TABLE);
    expect(state.sort).toBe("last_activity");
    const q = collectQuery(state, partner, opts);
    expect(q.where).toContain("q.deleted_at IS NOT NULL");
    expect(q.where).not.toContain("bogus");
    expect(q.where).not.toContain("tax_year");
    expect(statusCondition("bogus", () => "$9")).toBeNull();
  });

  it("limits group-access staff to their group and owners in no group", () => {
    const q = collectQuery(defaultState(COLLECT_TABLE), group, opts);
    // The group-access door's condition on the entity (visibility.ts), the viewer's group read by their id.
    expect(q.where).toContain(
      `q.company_id IN (SELECT ec.id FROM companies ec LEFT JOIN users eo ON eo.id = ec.primary_owner_id WHERE ${entityVisibleSql(group, "ec", () => "$2")})`,
    );
    expect(q.values).toEqual(["drop_link", "usr_g"]);
  });
});

describe("action rules", () => {
  it("checks due dates with the spec's messages", () => {
    expect(dueDateError("2026-11-21", "2026-11-21")).toBeNull();
    expect(dueDateError("2026-11-20", "2026-11-21")).toBe("Due date must be in the future");
    expect(dueDateError("2026-02-30", "2026-11-21")).toBe("Please select a valid due date");
    expect(dueDateError("", "2026-11-21")).toBe("Please select a valid due date");
  });
  it("checks additional items: text, no slashes or periods in document options, 'Please upload ' prefix unless turned off", () => {
    expect(additionalItemError({ text: "  ", questionType: "text", options: [] })).toBe("Please enter the item's text");
    expect(additionalItemError({ text: "W-2", questionType: "upload", options: ["Employer 1.0"] })).toBe("Document options cannot contain slashes or periods");
    expect(additionalItemError({ text: "W-2", questionType: "upload", options: ["a/b"] })).not.toBeNull();
    expect(additionalItemError({ text: "W-2", questionType: "upload", options: ["Employer A"] })).toBeNull();
    expect(additionalItemText({ text: "Your W-2", questionType: "upload" }, false)).toBe("Please upload your W-2");
    expect(additionalItemText({ text: "Please upload the 1099", questionType: "upload" }, false)).toBe("Please upload the 1099");
    expect(additionalItemText({ text: "Your W-2", questionType: "upload" }, true)).toBe("Your W-2");
    expect(additionalItemText({ text: "Any changes?", questionType: "text" }, false)).toBe("Any changes?");
    expect(
      additionalItemsReady([
        { text: "a", questionType: "text", options: [] },
        { text: "", questionType: "text", options: [] },
      ]),
    ).toBe(false);
  });
  it("parses intents and refuses malformed ones", () => {
    expect(questionnaireIntentSchema.parse({ intent: "lock", locked: "true" })).toEqual({ intent: "lock", locked: true });
    expect(questionnaireIntentSchema.safeParse({ intent: "lock" }).success).toBe(false);
    expect(questionnaireIntentSchema.safeParse({ intent: "drop" }).success).toBe(false);
    const empty = bulkIntentSchema.safeParse({ intent: "lock", questionnaireIds: [] });
    expect(empty.success).toBe(false);
    expect(firstIssue(empty.error!)).toBe("Please select at least one questionnaire");
  });
});

describe("queue polling", () => {
  it("polls every 3 s while the count is above zero, reloads 1 s after it drops to zero, and stops after 5 minutes", async () => {
    const { nextPollState, QUEUE_POLL_MS, QUEUE_POLL_MAX_MS } = await import("~/collect/overview/polling");
    expect(QUEUE_POLL_MS).toBe(3000);
    const start = { count: null, startedAt: 0, stopped: false, reloadAt: null };
    const first = nextPollState(start, 4, 10);
    expect(first).toMatchObject({ count: 4, continue: true, reloadAt: null });
    const dropped = nextPollState(first, 0, 3010);
    expect(dropped).toMatchObject({ count: 0, continue: false, reloadAt: 4010 });
    expect(nextPollState(start, 0, 10)).toMatchObject({ continue: false, reloadAt: null });
    expect(nextPollState(first, 2, QUEUE_POLL_MAX_MS)).toMatchObject({ continue: false, stopped: true });
    expect(nextPollState({ ...first, stopped: true }, 2, 20)).toMatchObject({ continue: false });
    // A failed request keeps the last count and polls on.
    expect(nextPollState(first, null, 20)).toMatchObject({ count: 4, continue: true });
  });
});
