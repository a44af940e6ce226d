import { style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";

export const steps = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const step = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { "&:first-child": { borderTop: "none" } },
});

export const mark = style({
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 24,
  height: 24,
  borderRadius: "50%",
  border: `2px solid ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const markDone = style({ background: vars.color.success, borderColor: vars.color.success, color: vars.color.textInverse });

export const body = style({ flex: "1 1 220px", minWidth: 0, display: "flex", flexDirection: "column", gap: 2 });

export const title = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const titleDone = style({ color: vars.color.textMuted, textDecoration: "line-through" });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const progress = style({ marginBottom: vars.space.md });

/** Collect's page lays its parts out without gaps of its own: the checklist keeps the table off. */
export const card = style({ marginBottom: vars.space.lg });
