import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  height: "22px",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: "1px solid transparent",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  whiteSpace: "nowrap",
  verticalAlign: "middle",
  fontVariantNumeric: "tabular-nums",
});

export const pill = style({ borderRadius: vars.radius.full, padding: `0 ${vars.space.sm} 0 ${vars.space.sm}` });

export const size = styleVariants({
  sm: { height: "20px", fontSize: vars.fontSize.xs },
  md: { height: "24px", fontSize: vars.fontSize.sm, padding: `0 10px` },
});

const tint = (color: string, soft: string) => ({
  color,
  background: soft,
  borderColor: `color-mix(in srgb, ${color} 22%, ${soft})`,
});

export const tone = styleVariants({
  neutral: { color: vars.color.textMuted, background: vars.color.surfaceAlt, borderColor: vars.color.border },
  brand: tint(vars.color.brandText, vars.color.brandSoft),
  info: tint(vars.color.info, vars.color.infoSoft),
  success: tint(vars.color.success, vars.color.successSoft),
  warning: tint(vars.color.warning, vars.color.warningSoft),
  danger: tint(vars.color.danger, vars.color.dangerSoft),
});

export const dot = style({ width: "6px", height: "6px", borderRadius: vars.radius.full, background: "currentColor" });
