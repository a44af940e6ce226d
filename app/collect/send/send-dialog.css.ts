import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minHeight: 320 });

export const grid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  alignItems: "start",
});

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const shortcuts = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, marginTop: vars.space.xs });

export const legend = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2xs"],
  padding: `2px ${vars.space.xs} 2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
  fontSize: vars.fontSize.sm,
  maxWidth: "100%",
});

export const chipName = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const chipRemove = style({
  border: 0,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  padding: 2,
  borderRadius: vars.radius.full,
  display: "inline-flex",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});

export const results = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxHeight: 220,
  overflowY: "auto",
  background: vars.color.surface,
});

export const result = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  width: "100%",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.text,
  textAlign: "left",
  cursor: "pointer",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    "&[aria-pressed='true']": { background: vars.color.brandSoft },
  },
});

globalStyle(`${results} > li:last-child ${result}`, { borderBottom: 0 });

export const resultMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const item = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(120px, 180px) auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { "screen and (max-width: 560px)": { gridTemplateColumns: "1fr" } },
});

export const footer = style({ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: vars.space.sm, width: "100%" });

export const footerNote = style({
  marginRight: "auto",
  alignSelf: "center",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  "@media": { "screen and (max-width: 560px)": { flexBasis: "100%" } },
});
