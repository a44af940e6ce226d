import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";
import { mq } from "../../themes/breakpoints";

export const search = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.sm, marginBottom: vars.space.md });

export const list = style({ listStyle: "none", margin: 0, padding: 0 });

export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [mq.mobile]: { gridTemplateColumns: "1fr" } },
});

export const rowTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, overflowWrap: "anywhere" });

export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
});

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

export const progress = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, marginRight: "auto" });

export const sectionHeading = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const item = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "start",
  gap: vars.space.md,
  padding: `${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [mq.mobile]: { gridTemplateColumns: "1fr", gap: vars.space.sm } },
});

export const question = style({ margin: 0, fontWeight: vars.fontWeight.medium, color: vars.color.text, overflowWrap: "anywhere" });

export const answer = style({ margin: `${vars.space.xs} 0 0`, whiteSpace: "pre-wrap", color: vars.color.text, overflowWrap: "anywhere" });

export const note = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: "anywhere" });

export const cards = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

globalStyle(`${item}:last-child, ${row}:last-child`, { borderBottom: "none" });
