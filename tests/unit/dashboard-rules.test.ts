import { describe, expect, it } from "vitest";
import { COOKIE_MAX_AGE, readExpandedCards, showEntityFilter, showEntitySelector, visibleEntities, writeExpandedCards } from "~/home/dashboard-rules";

const entities = ["Alpha LLC", "Beta Trust", "Gamma Inc", "Delta Partners", "Epsilon", "Zeta Farms", "Eta Corp"].map((name) => ({ name }));

describe("entity selector", () => {
  it("shows only with more than one entity, and a filter above five", () => {
    expect(showEntitySelector(1)).toBe(false);
    expect(showEntitySelector(2)).toBe(true);
    expect(showEntityFilter(5)).toBe(false);
    expect(showEntityFilter(6)).toBe(true);
  });
  it("lists five until Show All", () => {
    expect(visibleEntities(entities, "", false)).toHaveLength(5);
    expect(visibleEntities(entities, "", true)).toHaveLength(7);
  });
  it("filters by name, case-insensitively, beyond the first five", () => {
    expect(visibleEntities(entities, "eta", false).map((e) => e.name)).toEqual(["Beta Trust", "Zeta Farms", "Eta Corp"]);
    expect(visibleEntities(entities, "  FARMS ", false).map((e) => e.name)).toEqual(["Zeta Farms"]);
  });
});

describe("expanded cards cookie", () => {
  it("round-trips ids and keeps a year", () => {
    const header = writeExpandedCards(new Set(["q1", "q_2"]));
    expect(header).toContain(`Max-Age=${COOKIE_MAX_AGE}`);
    const cookie = header.split(";")[0];
    expect([...readExpandedCards(`a=b; ${cookie}; c=d`)]).toEqual(["q1", "q_2"]);
  });
  it("ignores junk", () => {
    expect([...readExpandedCards("dashboard_expanded=%3Cscript%3E,ok")]).toEqual(["ok"]);
    expect(readExpandedCards(null).size).toBe(0);
  });
});
