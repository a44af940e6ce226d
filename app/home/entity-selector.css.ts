import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { mq } from "../../themes/breakpoints";

export const root = style({ position: "relative", display: "grid", gap: vars.space.xs, minWidth: "14rem" });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text });
export const trigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: 40,
  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  textAlign: "left",
  ":focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
});
export const value = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: "18rem" });
/**
 * Under the trigger, in place (not portalled: a portalled panel brings focus guards that axe
 * reports). Right-aligned beside the tax year; on phones the selector starts at the left edge, so
 * the panel grows to the right.
 */
export const panel = style({
  position: "absolute",
  top: "100%",
  right: 0,
  zIndex: 20,
  marginTop: vars.space.xs,
  width: "min(22rem, calc(100vw - 2rem))",
  "@media": { [mq.mobile]: { right: "auto", left: 0 } },
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  padding: vars.space.xs,
});
export const filter = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  margin: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
});
export const filterInput = style({
  border: 0,
  outline: "none",
  background: "transparent",
  font: "inherit",
  color: vars.color.text,
  padding: `${vars.space.xs} 0`,
  width: "100%",
});
export const list = style({ listStyle: "none", margin: 0, padding: 0, maxHeight: "18rem", overflowY: "auto" });
export const option = style({
  display: "grid",
  width: "100%",
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  ":hover": { background: vars.color.surfaceAlt },
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
});
export const optionSelected = style([option, { background: vars.color.brandSoft }]);
export const optionName = style({ fontWeight: vars.fontWeight.medium });
export const optionType = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const empty = style({ padding: vars.space.sm, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const showAll = style({
  width: "100%",
  marginTop: vars.space.xs,
  padding: vars.space.xs,
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.brandText,
  font: "inherit",
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
});
