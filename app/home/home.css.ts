import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const pageTitle = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.bold,
  letterSpacing: vars.letterSpacing.heading,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  margin: 0,
});

export const pageSubtitle = style({ color: vars.color.textMuted, margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md });

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginBottom: vars.space.xl,
});

export const grid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 1fr) 20rem",
  alignItems: "start",
  "@media": { [mq.belowDesktop]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const stack = style({ display: "grid", gap: vars.space.md });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.lg,
});

export const cardTitle = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const cardHead = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: vars.space.sm, marginBottom: vars.space.sm });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const sectionList = style({ listStyle: "none", padding: 0, margin: `${vars.space.md} 0 0`, display: "grid", gap: vars.space.xs });

export const sectionItem = style({ display: "flex", alignItems: "center", gap: vars.space.xs, fontSize: vars.fontSize.sm, color: vars.color.text });

export const dot = style({ width: 8, height: 8, borderRadius: vars.radius.full, background: vars.color.border, flex: "none" });
export const dotDone = style([dot, { background: vars.color.success }]);

export const selectors = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end" });

export const statGrid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(9.5rem, 1fr))",
  marginBottom: vars.space.xl,
});

export const stat = style([card, { padding: vars.space.md }]);
export const statValue = style({
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
});
export const statLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const tableWrap = style({
  overflowX: "auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  minWidth: "40rem",
});

export const th = style({
  textAlign: "left",
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "nowrap",
});

export const td = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" });

export const firmHtml = style({ color: vars.color.text, fontSize: vars.fontSize.sm, overflowWrap: "anywhere" });

export const cardLink = style({
  color: "inherit",
  textDecoration: "none",
  ":hover": { textDecoration: "underline" },
  ":focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
});

export const cardFoot = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.sm, marginTop: vars.space.md });

export const linkButton = style({
  border: 0,
  padding: 0,
  background: "transparent",
  color: vars.color.brandText,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":hover": { textDecoration: "underline" },
  ":focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
});

/** The firm's instruction under a custom status on a questionnaire card. */
export const statusInstruction = style({ color: vars.color.text, fontSize: vars.fontSize.sm, margin: `0 0 ${vars.space.sm}` });
