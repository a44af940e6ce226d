import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const avatar = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  overflow: "hidden",
  borderRadius: vars.radius.full,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  letterSpacing: "0.02em",
  userSelect: "none",
});

export const size = styleVariants({
  xs: { width: "24px", height: "24px", fontSize: "10px" },
  sm: { width: "32px", height: "32px", fontSize: vars.fontSize.xs },
  md: { width: "40px", height: "40px", fontSize: vars.fontSize.sm },
  lg: { width: "56px", height: "56px", fontSize: vars.fontSize.lg },
});

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const group = style({ display: "inline-flex", alignItems: "center" });
export const groupItem = style({
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  selectors: { "&:not(:first-child)": { marginLeft: "-6px" } },
});
export const more = style({
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`,
});
