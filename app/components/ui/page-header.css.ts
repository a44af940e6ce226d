import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
});

export const row = style({
  display: "flex",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.lg,
  flexWrap: "wrap",
});

export const titles = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const title = style({
  fontSize: vars.fontSize["3xl"],
  "@media": { [mq.mobile]: { fontSize: vars.fontSize["2xl"] } },
});

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md, maxWidth: "70ch" });

export const actions = style({ display: "flex", alignItems: "center", gap: vars.space.sm, flexWrap: "wrap" });

export const back = style({
  display: "inline-flex",
  alignItems: "center",
  alignSelf: "flex-start",
  gap: vars.space.xs,
  marginLeft: `calc(-1 * ${vars.space.xs})`,
  padding: `${vars.space["2xs"]} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.text, background: `color-mix(in srgb, ${vars.color.text} 6%, transparent)` } },
});
