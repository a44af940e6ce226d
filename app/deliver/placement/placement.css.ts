import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";

export const editor = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: 0 });
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  // Sticky below the app header on wide screens only: on a phone it would cover a third of the page.
  "@media": { [mq.desktop]: { position: "sticky", top: vars.layout.headerHeight, zIndex: 2 } },
});
export const kindGroup = style({ display: "flex", gap: vars.space["2xs"] });
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, flexBasis: "100%" });
export const pages = style({ display: "flex", flexDirection: "column", gap: vars.space.md, alignItems: "stretch" });
export const page = style({
  position: "relative",
  background: "#fff",
  boxShadow: "0 1px 3px rgba(0,0,0,0.2)",
  width: "100%",
  scrollMarginTop: `calc(${vars.layout.headerHeight} + 150px)`,
});
export const pageLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, marginBottom: vars.space["2xs"] });
export const canvas = style({ display: "block", width: "100%", height: "100%" });
export const overlay = style({ position: "absolute", inset: 0, cursor: "crosshair" });
export const overlayOff = style({ cursor: "default" });
export const field = style({
  position: "absolute",
  display: "flex",
  alignItems: "stretch",
  border: `2px solid ${vars.color.brand}`,
  background: "rgba(37, 99, 235, 0.12)",
  borderRadius: 4,
  minWidth: 44,
  minHeight: 24,
});
export const dateField = style({ borderStyle: "dashed" });
export const fieldBody = style({
  flex: 1,
  minWidth: 0,
  border: 0,
  background: "transparent",
  color: vars.color.text,
  fontSize: 12,
  fontWeight: 600,
  textAlign: "left",
  padding: "0 4px",
  cursor: "move",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
  touchAction: "none",
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const remove = style({
  border: 0,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontSize: 14,
  lineHeight: 1,
  width: 24,
  cursor: "pointer",
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
