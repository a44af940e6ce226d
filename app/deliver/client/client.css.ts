import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../themes";
import { card } from "./cards.css";

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

// ── Tax return page ──
export const page = style({ display: "grid", gap: vars.space.md });
export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.sm });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.bold,
  margin: 0,
  color: vars.color.text,
  overflowWrap: "anywhere",
});
export const titleRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const layout = style({
  display: "grid",
  gridTemplateColumns: "16rem minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "start",
  "@media": { [mq.belowDesktop]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const side = style({
  display: "grid",
  gap: vars.space.md,
  position: "sticky",
  top: vars.space.md,
  "@media": { [mq.belowDesktop]: { position: "static" } },
});
export const panel = style([card, { padding: vars.space.md }]);
export const panelTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, margin: `0 0 ${vars.space.xs}`, color: vars.color.text });
export const outline = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 2 });
export const outlineChildren = style([outline, { paddingLeft: vars.space.md }]);
export const outlineButton = style({
  all: "unset",
  cursor: "pointer",
  display: "block",
  width: "100%",
  boxSizing: "border-box",
  padding: `4px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  selectors: { "&:hover": { background: vars.color.surfaceAlt }, "&:focus-visible": { outline: `2px solid ${vars.color.focus}` } },
});
export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
export const listRow = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const pages = style({ display: "grid", gap: vars.space.md, minWidth: 0 });
export const pageFrame = style({
  position: "relative",
  width: "100%",
  background: "#fff",
  boxShadow: vars.shadow.md,
  border: `1px solid ${vars.color.border}`,
  scrollMarginTop: vars.space.md,
});
globalStyle(`${pageFrame} canvas`, { position: "absolute", inset: 0, display: "block", width: "100%", height: "100%" });
export const pageLabel = style({ position: "absolute", top: 4, right: 6, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

const fieldBase = style({
  position: "absolute",
  boxSizing: "border-box",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: 3,
  fontSize: "clamp(8px, 1.6vw, 14px)",
  overflow: "hidden",
  padding: 0,
  lineHeight: 1,
});
export const fieldMine = style([
  fieldBase,
  {
    border: `2px solid ${vars.color.brand}`,
    background: "rgba(255, 214, 0, 0.35)",
    color: vars.color.text,
    cursor: "pointer",
    selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 1 }, "&:disabled": { cursor: "default" } },
  },
]);
export const fieldDone = style([fieldBase, { border: `1px solid ${vars.color.success}`, background: "rgba(255,255,255,0.6)", color: "#10246a" }]);
export const fieldOther = style([
  fieldBase,
  { border: `1px dashed ${vars.color.borderStrong}`, background: "rgba(120,120,120,0.12)", color: vars.color.textMuted },
]);
export const fieldImage = style({ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" });
export const script = style({ fontFamily: '"Brush Script MT", "Segoe Script", "Apple Chancery", "Snell Roundhand", cursive', fontStyle: "italic" });

export const stickyBar = style({
  position: "sticky",
  bottom: 0,
  zIndex: 5,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "space-between",
  padding: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  borderRadius: vars.radius.md,
});

export const pad = style({
  display: "block",
  width: "100%",
  height: 160,
  touchAction: "none",
  background: "#fff",
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  cursor: "crosshair",
});
export const typedPreview = style([
  script,
  {
    fontSize: 36,
    minHeight: 60,
    padding: vars.space.sm,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: "#fff",
    color: "#10246a",
    overflowWrap: "anywhere",
  },
]);
export const adopted = style({
  height: 40,
  maxWidth: 180,
  objectFit: "contain",
  background: "#fff",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
