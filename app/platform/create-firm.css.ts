import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const layout = style({
  maxWidth: "32rem",
  margin: "0 auto",
  padding: `${vars.space["2xl"]} 0`,
  "@media": { [mq.mobile]: { padding: `${vars.space.lg} 0` } },
});
export const intro = style({ marginBottom: vars.space.lg });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  color: vars.color.text,
  margin: 0,
  letterSpacing: vars.letterSpacing.heading,
});
export const lead = style({ color: vars.color.textMuted, margin: `${vars.space.xs} 0 0` });
export const card = style({
  display: "grid",
  gap: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space.xl,
  "@media": { [mq.mobile]: { padding: vars.space.lg } },
});
export const row = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: vars.space.md, "@media": { [mq.mobile]: { gridTemplateColumns: "1fr" } } });
