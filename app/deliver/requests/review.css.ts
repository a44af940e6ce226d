import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";

export const page = style({ display: "grid", gap: vars.space.md, minWidth: 0 });
export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
export const titleRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs });
export const title = style({ fontSize: vars.fontSize.xl, margin: 0, overflowWrap: "anywhere" });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const layout = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mq.desktop]: { gridTemplateColumns: "minmax(0, 1fr) 320px", alignItems: "start" } },
});
export const panel = style({
  display: "grid",
  gap: vars.space.md,
  alignContent: "start",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.md,
  minWidth: 0,
  "@media": { [mq.desktop]: { position: "sticky", top: `calc(${vars.layout.headerHeight} + ${vars.space.md})` } },
});
export const section = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: vars.space.xs, minWidth: 0 });
export const legend = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, padding: 0, margin: `0 0 ${vars.space.xs}` });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const row = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap", fontSize: vars.fontSize.sm });
