import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

/** The settings pages' list layout (Custom Statuses, Firm Roles). */
export const header = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  justifyContent: "space-between",
  alignItems: "flex-start",
  marginBottom: vars.space.xl,
  maxWidth: "56rem",
});
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  margin: 0,
  color: vars.color.text,
  letterSpacing: vars.letterSpacing.heading,
});
export const subtitle = style({ color: vars.color.textMuted, margin: `${vars.space.xs} 0 0` });
export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxWidth: "56rem",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  justifyContent: "space-between",
  alignItems: "center",
  padding: vars.space.md,
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.border}` } },
});
export const rowMain = style({ display: "grid", gap: vars.space.xs, justifyItems: "start", minWidth: 0, flex: "1 1 16rem" });
export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const form = style({ display: "grid", gap: vars.space.md });
export const fieldset = style({ border: 0, padding: 0, margin: 0, display: "grid", gap: vars.space.xs });
export const legend = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, color: vars.color.text, marginBottom: vars.space.xs });
export const palette = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const paletteOption = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, cursor: "pointer" });
export const inline = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { [mq.mobile]: { gridTemplateColumns: "1fr" } },
});
