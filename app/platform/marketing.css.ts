import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const hero = style({
  maxWidth: "46rem",
  margin: "0 auto",
  padding: `${vars.space["3xl"]} 0 ${vars.space["2xl"]}`,
  textAlign: "center",
  "@media": { [mq.mobile]: { padding: `${vars.space.xl} 0`, textAlign: "left" } },
});

export const eyebrow = style({
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  margin: `0 0 ${vars.space.md}`,
});

export const heroTitle = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["3xl"],
  lineHeight: vars.lineHeight.tight,
  letterSpacing: vars.letterSpacing.heading,
  color: vars.color.text,
  margin: 0,
});

export const heroLead = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.normal,
  margin: `${vars.space.lg} 0 ${vars.space.xl}`,
});

export const heroActions = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.sm,
  "@media": { [mq.mobile]: { alignItems: "flex-start" } },
});

export const heroNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const features = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(15rem, 1fr))",
  gap: vars.space.lg,
  padding: `${vars.space.xl} 0 ${vars.space["3xl"]}`,
});

export const feature = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.sm,
});

export const featureTitle = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  margin: `0 0 ${vars.space.xs}`,
});

export const featureBody = style({ color: vars.color.textMuted, margin: 0, lineHeight: vars.lineHeight.normal });
