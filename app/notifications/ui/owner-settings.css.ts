import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";

export const stack = style({ display: "grid", gap: vars.space.lg });

/** One owner: their name, then a switch per notification type. */
export const owner = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md, margin: 0, minWidth: 0 });

export const ownerName = style({ padding: `0 ${vars.space.xs}`, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const switches = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
