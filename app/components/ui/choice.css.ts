import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { focusRing } from "./shared.css";

export const row = style({
  display: "inline-flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  cursor: "pointer",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  selectors: { "&[data-disabled='true']": { cursor: "not-allowed", color: vars.color.textMuted } },
});

export const text = style({ display: "flex", flexDirection: "column", gap: vars.space["2xs"], paddingTop: "1px" });
export const labelText = style({ fontWeight: vars.fontWeight.medium });
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const boxWrap = style({ position: "relative", display: "inline-flex", flexShrink: 0, marginTop: "1px" });

export const box = style({
  appearance: "none",
  margin: 0,
  width: "18px",
  height: "18px",
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  cursor: "inherit",
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease`,
  selectors: {
    "&:hover:not(:disabled)": { borderColor: vars.color.brand },
    "&:checked": { background: vars.color.brand, borderColor: vars.color.brand },
    "&:indeterminate": { background: vars.color.brand, borderColor: vars.color.brand },
    "&:focus-visible": focusRing,
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&:disabled": { background: vars.color.surfaceAlt, borderColor: vars.color.border },
    "&:checked:disabled": { background: vars.color.borderStrong, borderColor: vars.color.borderStrong },
  },
});

/** The bar of an indeterminate box (some, not all, selected). */
export const dash = style({
  position: "absolute",
  inset: 0,
  margin: "auto",
  width: "10px",
  height: "2px",
  borderRadius: "1px",
  background: vars.color.brandContrast,
  pointerEvents: "none",
  opacity: 0,
  selectors: { [`${box}:indeterminate ~ &`]: { opacity: 1 } },
});

export const check = style({
  position: "absolute",
  inset: 0,
  margin: "auto",
  color: vars.color.brandContrast,
  pointerEvents: "none",
  opacity: 0,
  selectors: { [`${box}:checked + &`]: { opacity: 1 } },
});

export const switchInput = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  margin: 0,
  opacity: 0,
  cursor: "inherit",
});

export const track = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  width: "36px",
  height: "20px",
  padding: "2px",
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  transition: `background-color ${vars.motion.normal} ease`,
  pointerEvents: "none",
  selectors: {
    [`${switchInput}:checked + &`]: { background: vars.color.brand },
    [`${switchInput}:focus-visible + &`]: focusRing,
    [`${switchInput}:disabled + &`]: { opacity: 0.5 },
  },
});

export const thumb = style({
  width: "16px",
  height: "16px",
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: `transform ${vars.motion.normal} ease`,
  selectors: { [`${switchInput}:checked + ${track} &`]: { transform: "translateX(16px)" } },
});
