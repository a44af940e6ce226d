import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";

export const form = style({ display: "grid", gap: vars.space.md });

/** Two fields side by side; one column on phones. */
export const pair = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.md,
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

/** City, region, zip; stacked on phones. */
export const address = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1.5fr) minmax(0, 1fr)",
  gap: vars.space.md,
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0, display: "grid", gap: vars.space.sm });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const scrollList = style({ maxHeight: "14rem", overflowY: "auto", display: "grid", gap: vars.space.xs, paddingRight: vars.space.xs });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const results = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const result = style({
  display: "flex",
  width: "100%",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: 2,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  textAlign: "left",
  cursor: "pointer",
  selectors: {
    "&:hover, &:focus-visible": { borderColor: vars.color.brand },
    '&[aria-pressed="true"]': { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` },
  },
});

export const resultMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const tagRow = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end", flexWrap: "wrap" });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const chipButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.brandContrast } },
});

export const notes = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });

export const note = style({ display: "grid", gap: vars.space.xs, paddingBottom: vars.space.md, borderBottom: `1px solid ${vars.color.border}` });

export const noteText = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: vars.fontSize.sm, color: vars.color.text });

export const noteMeta = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
