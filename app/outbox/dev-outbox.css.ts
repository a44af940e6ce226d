import { style, styleVariants } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const page = style({
  maxWidth: vars.layout.contentWidth,
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.lg}`,
  fontFamily: vars.font.body,
  color: vars.color.text,
  "@media": { [mq.mobile]: { padding: `${vars.space.lg} ${vars.space.md}` } },
});

export const header = style({ marginBottom: vars.space.lg });
export const title = style({ fontFamily: vars.font.heading, fontSize: vars.fontSize["2xl"], letterSpacing: vars.letterSpacing.heading, margin: 0 });
export const lead = style({ color: vars.color.textMuted, margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });

export const message = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sm,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.sm,
});

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const recipient = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold, wordBreak: "break-all" });
export const subject = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const body = style({
  margin: 0,
  padding: vars.space.sm,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const link = style({ color: vars.color.brandText, textDecoration: "underline" });

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

const badgeBase = style({
  display: "inline-block",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
});

export const channel = style([badgeBase, { background: vars.color.infoSoft, color: vars.color.text }]);

export const status = styleVariants({
  sent: [badgeBase, { background: vars.color.successSoft, color: vars.color.text }],
  queued: [badgeBase, { background: vars.color.warningSoft, color: vars.color.text }],
  sending: [badgeBase, { background: vars.color.warningSoft, color: vars.color.text }],
  failed: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.text }],
  withdrawn: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
});

export const empty = style({
  color: vars.color.textMuted,
  padding: vars.space.lg,
  textAlign: "center",
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
