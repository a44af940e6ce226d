import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

const enter = keyframes({
  from: { opacity: 0, transform: "translateY(8px)" },
  to: { opacity: 1, transform: "none" },
});

/** Bottom centre, above the page, never in the way of a click beside it. */
export const region = style({
  position: "fixed",
  zIndex: 2100,
  left: 0,
  right: 0,
  bottom: vars.space.lg,
  display: "flex",
  justifyContent: "center",
  pointerEvents: "none",
  "@media": {
    [mq.mobile]: { bottom: `calc(${vars.space.sm} + env(safe-area-inset-bottom, 0px))`, padding: `0 ${vars.space.sm}` },
  },
});

export const bar = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  maxWidth: "100%",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.warning}`,
  boxShadow: vars.shadow.lg,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  animation: `${enter} ${vars.motion.normal} ease-out`,
  "@media": { [mq.reducedMotion]: { animation: "none" } },
});

export const spinner = style({ color: vars.color.warning, flexShrink: 0 });
