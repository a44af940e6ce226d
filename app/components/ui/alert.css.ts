import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

export const alert = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid",
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
});

/** Full-width strip across the top of a page (read-only, maintenance, archived). */
export const banner = style({
  borderRadius: 0,
  borderWidth: "0 0 1px 0",
  justifyContent: "center",
  padding: `${vars.space.sm} ${vars.space.xl}`,
  "@media": { [mq.mobile]: { justifyContent: "flex-start", padding: `${vars.space.sm} ${vars.space.lg}` } },
});

export const bannerInner = style({ maxWidth: vars.layout.contentWidth });

const toneStyle = (color: string, soft: string) => ({
  background: soft,
  borderColor: `color-mix(in srgb, ${color} 28%, ${soft})`,
});

export const tone = styleVariants({
  info: toneStyle(vars.color.info, vars.color.infoSoft),
  success: toneStyle(vars.color.success, vars.color.successSoft),
  warning: toneStyle(vars.color.warning, vars.color.warningSoft),
  danger: toneStyle(vars.color.danger, vars.color.dangerSoft),
});

export const icon = styleVariants({
  info: { color: vars.color.info, marginTop: "1px", flexShrink: 0 },
  success: { color: vars.color.success, marginTop: "1px", flexShrink: 0 },
  warning: { color: vars.color.warning, marginTop: "1px", flexShrink: 0 },
  danger: { color: vars.color.danger, marginTop: "1px", flexShrink: 0 },
});

export const content = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: vars.space["2xs"] });
export const title = style({ fontWeight: vars.fontWeight.semibold });
export const body = style({ overflowWrap: "anywhere" });
export const actions = style({ display: "flex", alignItems: "center", gap: vars.space.sm, flexShrink: 0, alignSelf: "center" });

export const dismiss = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  margin: "-4px -6px -4px 0",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: { "&:hover": { color: vars.color.text, background: `color-mix(in srgb, ${vars.color.text} 7%, transparent)` } },
});
