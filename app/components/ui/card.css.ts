import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

export const card = style({
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  color: vars.color.text,
});

export const interactive = style({
  transition: `box-shadow ${vars.motion.normal} ease, border-color ${vars.motion.normal} ease`,
  selectors: { "&:hover": { boxShadow: vars.shadow.md, borderColor: vars.color.borderStrong } },
});

const pad = { md: vars.space.lg, lg: vars.space.xl } as const;

export const padding = styleVariants({
  none: { padding: 0 },
  md: { padding: pad.md },
  lg: { padding: pad.lg, "@media": { [mq.mobile]: { padding: pad.md } } },
});

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.lg,
  marginBottom: vars.space.lg,
});

export const headerPadded = style({
  padding: `${vars.space.lg} ${vars.space.xl}`,
  marginBottom: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [mq.mobile]: { padding: `${vars.space.md} ${vars.space.lg}` } },
});

export const titles = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });
export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
});
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const actions = style({ display: "flex", alignItems: "center", gap: vars.space.sm, flexShrink: 0 });
export const body = style({ flex: 1, minWidth: 0 });

export const footer = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  marginTop: "auto",
  padding: `${vars.space.md} ${vars.space.xl}`,
  background: vars.color.surfaceAlt,
  borderTop: `1px solid ${vars.color.border}`,
  borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}`,
  "@media": { [mq.mobile]: { padding: `${vars.space.md} ${vars.space.lg}` } },
});

export const footerInset = styleVariants({
  none: {},
  md: { margin: `${pad.md} calc(-1 * ${pad.md}) calc(-1 * ${pad.md})` },
  lg: {
    margin: `${pad.lg} calc(-1 * ${pad.lg}) calc(-1 * ${pad.lg})`,
    "@media": { [mq.mobile]: { margin: `${pad.md} calc(-1 * ${pad.md}) calc(-1 * ${pad.md})` } },
  },
});
