import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { dangerHalo, focusHalo } from "./shared.css";

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  lineHeight: vars.lineHeight.snug,
});

export const required = style({ color: vars.color.danger, marginLeft: vars.space["2xs"] });

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, lineHeight: vars.lineHeight.snug });

export const error = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  lineHeight: vars.lineHeight.snug,
  fontWeight: vars.fontWeight.medium,
});

export const errorIcon = style({ marginTop: "1px" });

export const labelRow = style({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: vars.space.sm });

export const counter = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontVariantNumeric: "tabular-nums" });

/** Inputs, selects and textareas share one look. */
export const control = style({
  width: "100%",
  minHeight: "40px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  boxShadow: vars.shadow.sm,
  transition: `border-color ${vars.motion.fast} ease, box-shadow ${vars.motion.fast} ease`,
  appearance: "none",
  selectors: {
    "&::placeholder": { color: vars.color.textMuted, opacity: 0.85 },
    "&:hover:not(:disabled):not(:focus)": {
      borderColor: `color-mix(in srgb, ${vars.color.borderStrong} 60%, ${vars.color.text})`,
    },
    "&:focus": { outline: "none", borderColor: vars.color.focus, boxShadow: focusHalo },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&[aria-invalid='true']:focus": { boxShadow: dangerHalo },
    "&:disabled": {
      background: vars.color.surfaceAlt,
      color: vars.color.textMuted,
      cursor: "not-allowed",
      boxShadow: "none",
    },
    "&[readonly]": { background: vars.color.surfaceAlt },
  },
});

export const textarea = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: "96px",
  resize: "vertical",
  lineHeight: vars.lineHeight.normal,
});

export const controlWrap = style({ position: "relative", display: "flex", alignItems: "center" });

export const withEnd = style({ paddingRight: "44px" });
export const withStart = style({ paddingLeft: "38px" });

export const startAdornment = style({
  position: "absolute",
  left: vars.space.md,
  display: "inline-flex",
  color: vars.color.textMuted,
  pointerEvents: "none",
});

export const endAdornment = style({
  position: "absolute",
  right: vars.space.xs,
  display: "inline-flex",
  alignItems: "center",
});

export const select = style({ paddingRight: "40px", cursor: "pointer" });

export const selectChevron = style({
  position: "absolute",
  right: vars.space.md,
  color: vars.color.textMuted,
  pointerEvents: "none",
});

export const revealButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "34px",
  height: "32px",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceAlt },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "0" },
  },
});
