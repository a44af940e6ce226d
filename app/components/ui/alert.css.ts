import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

/**
 * A grid so the action can drop under the text on phones while the dismiss button stays top right:
 * desktop "icon content action dismiss"; phone "icon content dismiss" / ". action action".
 */
export const alert = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr) auto auto",
  gridTemplateAreas: '"icon content action dismiss"',
  alignItems: "start",
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid",
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.text,
  "@media": {
    [mq.mobile]: {
      gridTemplateColumns: "auto minmax(0, 1fr) auto",
      gridTemplateAreas: '"icon content dismiss" ". action action"',
    },
  },
});

/** Without the tone icon, the first column goes. */
export const noIcon = style({
  gridTemplateColumns: "minmax(0, 1fr) auto auto",
  gridTemplateAreas: '"content action dismiss"',
  "@media": {
    [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr) auto", gridTemplateAreas: '"content dismiss" "action action"' },
  },
});

/** Full-width strip across the top of a page (read-only, maintenance, archived). */
export const banner = style({
  borderRadius: 0,
  borderWidth: "0 0 1px 0",
  justifyContent: "center",
  gridTemplateColumns: "auto minmax(0, auto) auto auto",
  padding: `${vars.space.sm} ${vars.space.xl}`,
  "@media": { [mq.mobile]: { justifyContent: "stretch", padding: `${vars.space.sm} ${vars.space.lg}` } },
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

const iconBase = { gridArea: "icon", marginTop: "1px" } as const;
export const icon = styleVariants({
  info: { ...iconBase, color: vars.color.info },
  success: { ...iconBase, color: vars.color.success },
  warning: { ...iconBase, color: vars.color.warning },
  danger: { ...iconBase, color: vars.color.danger },
});

export const content = style({
  gridArea: "content",
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2xs"],
});
export const title = style({ fontWeight: vars.fontWeight.semibold });
export const body = style({ overflowWrap: "anywhere" });
export const action = style({
  gridArea: "action",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignSelf: "center",
});

export const dismiss = style({
  gridArea: "dismiss",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  margin: "-4px -6px -4px 0",
  alignSelf: "start",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: { "&:hover": { color: vars.color.text, background: `color-mix(in srgb, ${vars.color.text} 7%, transparent)` } },
});
