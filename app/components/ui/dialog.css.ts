import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: "translateY(8px) scale(0.98)" },
  to: { opacity: 1, transform: "none" },
});
const sheetIn = keyframes({ from: { transform: "translateY(24px)", opacity: 0 }, to: { transform: "none", opacity: 1 } });

/**
 * The native <dialog> covers the viewport and is itself the backdrop (so the backdrop colour comes
 * from the theme); the panel sits centred inside it. Clicks whose target is the <dialog> are
 * backdrop clicks.
 */
export const dialog = style({
  position: "fixed",
  inset: 0,
  width: "100%",
  height: "100%",
  maxWidth: "none",
  maxHeight: "none",
  margin: 0,
  padding: vars.space.xl,
  border: 0,
  background: vars.color.overlay,
  color: vars.color.text,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  overflow: "hidden",
  outline: "none",
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  selectors: {
    "&:not([open])": { display: "none" },
    "&::backdrop": { background: "transparent" },
  },
  "@media": {
    [mq.mobile]: { padding: 0, paddingTop: vars.space.xl, alignItems: "flex-end" },
  },
});

export const panel = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  width: "100%",
  maxHeight: "100%",
  background: vars.color.surface,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  border: `1px solid ${vars.color.border}`,
  animation: `${popIn} ${vars.motion.normal} ease-out`,
  outline: "none",
  "@media": {
    [mq.mobile]: {
      borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
      borderBottom: 0,
      animationName: sheetIn,
      paddingBottom: "env(safe-area-inset-bottom, 0px)",
    },
  },
});

export const size = styleVariants({
  sm: { maxWidth: "420px" },
  md: { maxWidth: "560px" },
  lg: { maxWidth: "800px" },
  full: {
    maxWidth: "none",
    height: "100%",
    borderRadius: vars.radius.lg,
    "@media": { [mq.mobile]: { borderRadius: 0 } },
  },
});

export const fullDialog = style({
  padding: vars.space.lg,
  "@media": { [mq.mobile]: { padding: 0 } },
});

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.lg,
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.md}`,
  "@media": { [mq.mobile]: { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}` } },
});

export const titles = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

export const title = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.snug });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md });

export const close = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "32px",
  height: "32px",
  margin: "-4px -8px 0 0",
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt, color: vars.color.text },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "0" },
  },
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  padding: `${vars.space.sm} ${vars.space.xl} ${vars.space.xl}`,
  "@media": { [mq.mobile]: { padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}` } },
});

export const footer = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  flexWrap: "wrap",
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  borderRadius: `0 0 ${vars.radius.xl} ${vars.radius.xl}`,
  "@media": {
    [mq.mobile]: {
      padding: `${vars.space.md} ${vars.space.lg}`,
      borderRadius: 0,
      flexDirection: "column-reverse",
      alignItems: "stretch",
    },
  },
});

globalStyle(`${footer} > *`, { "@media": { [mq.mobile]: { width: "100%" } } });

/** Locks page scroll while a dialog is open. */
export const scrollLocked = style({ overflow: "hidden" });
