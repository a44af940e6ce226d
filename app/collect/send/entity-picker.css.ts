import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const options = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxHeight: 220,
  overflowY: "auto",
  background: vars.color.surface,
  selectors: { "&:empty": { display: "none" } },
});

export const option = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  cursor: "pointer",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:last-child": { borderBottom: 0 },
    "&[data-selected]": { background: vars.color.brandSoft },
    "&[data-focus]": { background: vars.color.surfaceAlt, outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });

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
