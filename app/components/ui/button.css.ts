import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { focusRing } from "./shared.css";

/** Hover and pressed shades: the colour mixed with the theme's text colour (a near-black). */
const darker = (color: string, percent: number) => `color-mix(in srgb, ${color} ${100 - percent}%, ${vars.color.text})`;

export const base = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  margin: 0,
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  whiteSpace: "nowrap",
  textDecoration: "none",
  cursor: "pointer",
  userSelect: "none",
  WebkitTapHighlightColor: "transparent",
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease, box-shadow ${vars.motion.fast} ease, color ${vars.motion.fast} ease, transform ${vars.motion.fast} ease`,
  selectors: {
    "&:focus-visible": focusRing,
    "&:active:not(:disabled):not([aria-disabled='true'])": { transform: "translateY(0.5px)" },
    "&:disabled, &[aria-disabled='true']": { cursor: "not-allowed", opacity: 0.55, boxShadow: "none" },
    "&[aria-busy='true']": { cursor: "progress", opacity: 1 },
  },
});

export const size = styleVariants({
  sm: { height: "32px", padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm, borderRadius: vars.radius.sm },
  md: { height: "40px", padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.md },
  lg: { height: "48px", padding: `0 ${vars.space.xl}`, fontSize: vars.fontSize.lg },
});

/** Square buttons that hold only an icon. */
export const iconOnly = styleVariants({
  sm: { width: "32px", padding: 0 },
  md: { width: "40px", padding: 0 },
  lg: { width: "48px", padding: 0 },
});

const enabled = "&:hover:not(:disabled):not([aria-disabled='true'])";
const pressed = "&:active:not(:disabled):not([aria-disabled='true'])";

export const variant = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.brandContrast,
    boxShadow: `${vars.shadow.sm}, inset 0 1px 0 color-mix(in srgb, ${vars.color.brandContrast} 10%, transparent)`,
    selectors: {
      [enabled]: { background: darker(vars.color.brand, 10) },
      [pressed]: { background: darker(vars.color.brand, 18) },
    },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    boxShadow: vars.shadow.sm,
    selectors: {
      [enabled]: { background: vars.color.surfaceAlt, borderColor: darker(vars.color.borderStrong, 8) },
      [pressed]: { background: vars.color.border },
    },
  },
  ghost: {
    background: "transparent",
    color: vars.color.text,
    selectors: {
      [enabled]: { background: `color-mix(in srgb, ${vars.color.text} 6%, transparent)` },
      [pressed]: { background: `color-mix(in srgb, ${vars.color.text} 10%, transparent)` },
    },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.textInverse,
    boxShadow: vars.shadow.sm,
    selectors: {
      [enabled]: { background: darker(vars.color.danger, 10) },
      [pressed]: { background: darker(vars.color.danger, 18) },
    },
  },
});

export const fullWidth = style({ width: "100%" });

/** While loading, the label stays (keeping the width) but the spinner takes the icon's place. */
export const label = style({ display: "inline-flex", alignItems: "center", gap: vars.space.sm });
