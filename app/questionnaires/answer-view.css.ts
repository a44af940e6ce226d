import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const chips = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const text = style({ margin: 0, color: vars.color.textMuted, whiteSpace: "pre-wrap", wordBreak: "break-word" });

/** An entries answer: scrolls sideways on phones rather than squeezing its columns. */
export const tableWrap = style({ overflowX: "auto", maxWidth: "100%" });

export const table = style({
  borderCollapse: "collapse",
  fontSize: vars.fontSize.xs,
  minWidth: "100%",
});

export const cell = style({
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space["2xs"]} ${vars.space.sm}`,
  textAlign: "left",
  verticalAlign: "top",
  whiteSpace: "nowrap",
});

export const headCell = style([cell, { background: vars.color.surfaceAlt, fontWeight: vars.fontWeight.semibold }]);

export const files = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const file = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const fileName = style({ wordBreak: "break-all" });

export const threads = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const note = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  background: vars.color.warningSoft,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
});

export const replies = style({
  listStyle: "none",
  margin: `${vars.space.xs} 0 0 ${vars.space.md}`,
  padding: `0 0 0 ${vars.space.sm}`,
  borderLeft: `2px solid ${vars.color.border}`,
  display: "grid",
  gap: vars.space["2xs"],
});

export const reply = style({ fontSize: vars.fontSize.sm, color: vars.color.text, whiteSpace: "pre-wrap", wordBreak: "break-word" });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const replyForm = style({ display: "grid", gap: vars.space.xs, marginTop: vars.space.xs });

export const row = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });
