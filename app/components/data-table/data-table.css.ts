import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

export const toolbar = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md });

export const search = style({ flex: "1 1 240px", minWidth: 200, maxWidth: 360 });

export const filter = style({ flex: "0 1 190px", minWidth: 150 });

export const columns = style({ position: "relative" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginLeft: "auto", alignItems: "flex-end" });

export const columnsSummary = style({
  cursor: "pointer",
  listStyle: "none",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  selectors: { "&::-webkit-details-marker": { display: "none" }, "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const columnsMenu = style({
  position: "absolute",
  right: 0,
  zIndex: 5,
  marginTop: vars.space.xs,
  minWidth: 220,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});

export const scroller = style({
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm, color: vars.color.text });

export const th = style({
  textAlign: "left",
  whiteSpace: "nowrap",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.xs,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
});

export const sortButton = style({
  all: "unset",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  selectors: {
    "&:hover": { color: vars.color.text },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
  },
});

export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
  whiteSpace: "nowrap",
  selectors: { "tr:last-child > &": { borderBottom: "none" } },
});

export const footer = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md });

export const range = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const pager = style({ display: "flex", alignItems: "center", gap: vars.space.xs });

export const sizeSelect = style({ width: 136 });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const row = style({ selectors: { "&[data-selected]": { background: vars.color.surfaceAlt } } });

export const selectCell = style({
  width: 44,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: "inherit",
  verticalAlign: "middle",
  selectors: { "thead &": { background: vars.color.surfaceAlt }, "tr:last-child > &": { borderBottom: "none" } },
});

export const selectBox = style({ width: 18, height: 18, margin: 0, cursor: "pointer", accentColor: vars.color.brand, verticalAlign: "middle" });
