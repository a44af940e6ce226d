import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

/**
 * Icon, text, action and dismiss in a row. On phones the action wraps under the text (aligned with
 * it) while the dismiss button stays at the top right.
 */
export const alert = style({
  display: "flex",
  alignItems: "flex-start",
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid",
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
  "@media": { [mq.mobile]: { flexWrap: "wrap" } },
});

export const noIcon = style({});

/** Full-width strip across the top of a page (read-only, maintenance, archived). */
export const banner = style({
  borderRadius: 0,
  borderWidth: "0 0 1px 0",
  justifyContent: "center",
  padding: `${vars.space.sm} ${vars.space.xl}`,
  "@media": { [mq.mobile]: { padding: `${vars.space.sm} ${vars.space.lg}` } },
});

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

const iconBase = { marginTop: "1px", flexShrink: 0 } as const;
export const icon = styleVariants({
  info: { ...iconBase, color: vars.color.info },
  success: { ...iconBase, color: vars.color.success },
  warning: { ...iconBase, color: vars.color.warning },
  danger: { ...iconBase, color: vars.color.danger },
});

export const content = style({
  flex: 1,
  minWidth: 0,
  // A banner centres its text on wide screens; on phones the text takes the row, next to the icon.
  "@media": { [mq.tablet]: { selectors: { [`${banner} &`]: { flex: "0 1 auto" } } } },
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2xs"],
});
export const title = style({ fontWeight: vars.fontWeight.semibold });
export const body = style({ overflowWrap: "anywhere" });
export const action = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  flexWrap: "wrap",
  flexShrink: 0,
  alignSelf: "center",
  "@media": {
    [mq.mobile]: { order: 3, flexBasis: "100%", alignSelf: "flex-start", paddingLeft: `calc(20px + ${vars.space.md})` },
  },
  selectors: { [`${noIcon} &`]: { paddingLeft: 0 } },
});

export const dismiss = style({
  order: 2,
  flexShrink: 0,
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
