import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";

export const page = style({ display: "grid", gap: vars.space.md, minWidth: 0 });
export const pageHeader = style({ marginBottom: 0 });
export const titleRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: vars.space.md, rowGap: vars.space.xs });
export const status = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });
/** Phones: jump links between the panel and the pages, kept in view under the app header. */
export const jump = style({
  display: "none",
  "@media": {
    [mq.belowDesktop]: {
      display: "flex",
      gap: vars.space.md,
      position: "sticky",
      top: vars.layout.headerHeight,
      zIndex: 2,
      padding: `${vars.space.xs} ${vars.space.sm}`,
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      fontWeight: 600,
    },
  },
});
export const jumpButton = style({
  all: "unset",
  cursor: "pointer",
  color: vars.color.brand,
  fontWeight: 600,
  padding: `${vars.space["2xs"]} ${vars.space.xs}`,
  minHeight: "32px",
  borderRadius: vars.radius.sm,
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}` } },
});
/** Below desktop the panel comes first, so it is not after every page. */
export const pages = style({ minWidth: 0, scrollMarginTop: `calc(${vars.layout.headerHeight} + 3rem)` });
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
  scrollMarginTop: `calc(${vars.layout.headerHeight} + 3rem)`,
  "@media": {
    [mq.belowDesktop]: { order: -1 },
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
