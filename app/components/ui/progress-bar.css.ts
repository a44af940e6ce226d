import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const wrap = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });
export const labelRow = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const labelText = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });
export const value = style({ fontVariantNumeric: "tabular-nums" });

export const track = style({
  position: "relative",
  overflow: "hidden",
  borderRadius: vars.radius.full,
  background: `color-mix(in srgb, ${vars.color.text} 10%, transparent)`,
});

export const size = styleVariants({ sm: { height: "6px" }, md: { height: "8px" }, lg: { height: "12px" } });

export const fill = style({
  height: "100%",
  borderRadius: "inherit",
  transition: `width ${vars.motion.normal} ease`,
});

export const tone = styleVariants({
  brand: { background: vars.color.brand },
  success: { background: vars.color.success },
  warning: { background: vars.color.warning },
  danger: { background: vars.color.danger },
});
