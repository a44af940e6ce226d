import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";
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

export const text = style({ display: "flex", flexDirection: "column", gap: vars.space["2xs"], paddingTop: "2px" });
export const labelText = style({ fontWeight: vars.fontWeight.medium });
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: vars.fontWeight.medium });

/**
 * The box's frame. On phones an invisible margin around it takes taps too (a 44 px target) without
 * changing the layout: a tap there lands on the label, which toggles the control. The margin lies
 * beneath the control (its own stacking context, z-index -1), so a tap on the box itself reaches the
 * input, not the margin.
 */
export const boxWrap = style({
  position: "relative",
  isolation: "isolate",
  display: "inline-flex",
  flexShrink: 0,
  marginTop: "1px",
  "@media": { [mq.mobile]: { selectors: { "&::after": { content: '""', position: "absolute", inset: "-12px", zIndex: -1 } } } },
});

const control = {
  appearance: "none",
  margin: 0,
  width: "20px",
  height: "20px",
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  cursor: "inherit",
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease, box-shadow ${vars.motion.fast} ease`,
} as const;

export const box = style({
  ...control,
  borderRadius: vars.radius.sm,
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

/** A radio button: a ring in the firm's colour with a dot when chosen. */
export const radio = style({
  ...control,
  borderRadius: vars.radius.full,
  selectors: {
    "&:hover:not(:disabled)": { borderColor: vars.color.brand },
    "&:checked": { borderColor: vars.color.brand, background: vars.color.brand, boxShadow: `inset 0 0 0 4px ${vars.color.surface}` },
    "&:focus-visible": focusRing,
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&:disabled": { background: vars.color.surfaceAlt, borderColor: vars.color.border },
    "&:checked:disabled": { background: vars.color.borderStrong, borderColor: vars.color.borderStrong, boxShadow: `inset 0 0 0 4px ${vars.color.surfaceAlt}` },
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
