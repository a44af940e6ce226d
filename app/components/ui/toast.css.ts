import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

const enter = keyframes({
  from: { opacity: 0, transform: "translateY(-6px) scale(0.98)" },
  to: { opacity: 1, transform: "none" },
});

const enterMobile = keyframes({
  from: { opacity: 0, transform: "translateY(8px)" },
  to: { opacity: 1, transform: "none" },
});

/** Top-right stack on desktop; bottom, full width on phones. */
export const region = style({
  position: "fixed",
  zIndex: 2000,
  top: vars.space.lg,
  right: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  width: "380px",
  maxWidth: `calc(100vw - 2 * ${vars.space.lg})`,
  pointerEvents: "none",
  "@media": {
    [mq.mobile]: {
      top: "auto",
      bottom: 0,
      left: 0,
      right: 0,
      width: "100%",
      maxWidth: "none",
      padding: vars.space.sm,
      paddingBottom: `calc(${vars.space.sm} + env(safe-area-inset-bottom, 0px))`,
      flexDirection: "column-reverse",
    },
  },
});

export const toast = style({
  pointerEvents: "auto",
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "start",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: "4px",
  boxShadow: vars.shadow.lg,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  animation: `${enter} ${vars.motion.normal} ease-out`,
  "@media": { [mq.mobile]: { animationName: enterMobile } },
});

export const tone = styleVariants({
  info: { borderLeftColor: vars.color.info },
  success: { borderLeftColor: vars.color.success },
  warning: { borderLeftColor: vars.color.warning },
  error: { borderLeftColor: vars.color.danger },
});

export const icon = styleVariants({
  info: { color: vars.color.info, marginTop: "1px" },
  success: { color: vars.color.success, marginTop: "1px" },
  warning: { color: vars.color.warning, marginTop: "1px" },
  error: { color: vars.color.danger, marginTop: "1px" },
});

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space["2xs"], minWidth: 0, paddingTop: "1px" });
export const title = style({ fontWeight: vars.fontWeight.semibold });
export const message = style({ color: vars.color.text, overflowWrap: "anywhere" });
export const withTitle = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const close = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  margin: "-3px -2px 0 0",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt, color: vars.color.text },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "0" },
  },
});

export const action = style({
  marginTop: vars.space.xs,
  alignSelf: "flex-start",
  padding: 0,
  border: 0,
  background: "none",
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
});
