import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";

export const page = style({ display: "grid", gap: vars.space.md, minWidth: 0 });
export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
export const titleRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs });
export const title = style({ fontSize: vars.fontSize.xl, margin: 0 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const layout = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mq.desktop]: { gridTemplateColumns: "200px minmax(0, 1fr) 340px", alignItems: "start" } },
});
export const bookmarks = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.sm,
  maxHeight: "70vh",
  overflow: "auto",
  "@media": { [mq.desktop]: { position: "sticky", top: `calc(${vars.layout.headerHeight} + ${vars.space.md})` } },
});
export const bookmarkList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space["2xs"] });
export const nested = style({ paddingLeft: vars.space.sm });
export const bookmark = style({
  all: "unset",
  cursor: "pointer",
  display: "block",
  width: "100%",
  boxSizing: "border-box",
  padding: `${vars.space["2xs"]} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  selectors: { "&:hover": { background: vars.color.surfaceAlt }, "&:focus-visible": { outline: `2px solid ${vars.color.focus}` } },
});
export const panel = style({
  display: "grid",
  gap: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.md,
  "@media": {
    [mq.desktop]: {
      position: "sticky",
      top: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
      maxHeight: `calc(100vh - ${vars.layout.headerHeight} - 2rem)`,
      overflow: "auto",
    },
  },
});
export const section = style({ display: "grid", gap: vars.space.xs, border: 0, padding: 0, margin: 0, minWidth: 0 });
export const legend = style({ fontWeight: 600, fontSize: vars.fontSize.md, padding: 0, marginBottom: vars.space.xs });
export const item = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const footer = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, justifyContent: "flex-end" });
export const choices = style({ display: "flex", flexWrap: "wrap", columnGap: vars.space.lg, rowGap: vars.space.xs });
