/**
 * Activity entries' ids sort in the order they were written (the lists break a tie on the time by
 * id), within a millisecond and when the clock steps back, and never repeat.
 */
import { describe, expect, it } from "vitest";
import { newActivityId } from "../../app/activity/log.server";

describe("newActivityId", () => {
  it("sorts in the order of writing, within a millisecond and across a clock step back", () => {
    const t = Date.UTC(2026, 10, 25, 12);
    const ids = [newActivityId(t), newActivityId(t), newActivityId(t), newActivityId(t + 1)];
    for (let i = 0; i < 20; i++) ids.push(newActivityId(t - 5_000));
    ids.push(newActivityId(t + 2));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^a[0-9a-z]{26}$/);
  });

  it("a later millisecond sorts after an earlier one's many entries", () => {
    const t = Date.UTC(2027, 0, 1);
    const first = Array.from({ length: 2_000 }, () => newActivityId(t));
    const next = newActivityId(t + 1);
    expect([...first].sort()).toEqual(first);
    expect(next > first.at(-1)!).toBe(true);
  });
});
