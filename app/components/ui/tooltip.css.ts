import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const anchor = style({ position: "relative", display: "inline-flex", maxWidth: "100%" });

export const tip = style({
  position: "absolute",
  zIndex: 1500,
  left: "50%",
  width: "max-content",
  maxWidth: "260px",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
  textAlign: "center",
  whiteSpace: "normal",
  boxShadow: vars.shadow.md,
  pointerEvents: "none",
  opacity: 0,
  visibility: "hidden",
  transition: `opacity ${vars.motion.fast} ease`,
  selectors: { "&[data-open='true']": { opacity: 1, visibility: "visible" } },
});

export const placement = styleVariants({
  top: { bottom: "calc(100% + 6px)", transform: "translateX(-50%)" },
  bottom: { top: "calc(100% + 6px)", transform: "translateX(-50%)" },
  right: { left: "calc(100% + 6px)", top: "50%", transform: "translateY(-50%)" },
});
