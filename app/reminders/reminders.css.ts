import { style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const tags = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, margin: 0, padding: 0, listStyle: "none" });

export const tag = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.brand }, "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const preview = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});
