import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const viewer = style({
  display: "grid",
  gap: vars.space.xs,
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: "hidden",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const group = style({ display: "flex", alignItems: "center", gap: vars.space["2xs"] });
export const pageInput = style({
  width: "3.5rem",
  padding: `${vars.space["2xs"]} ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  textAlign: "center",
  color: vars.color.text,
  background: vars.color.surface,
});
export const status = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, whiteSpace: "nowrap" });
export const stage = style({
  position: "relative",
  overflow: "auto",
  background: vars.color.surfaceAlt,
  padding: vars.space.sm,
  minHeight: "16rem",
  maxHeight: "70vh",
  display: "flex",
  justifyContent: "center",
  alignItems: "flex-start",
  "@media": { [mq.mobile]: { padding: vars.space.xs, maxHeight: "60vh" } },
});
export const canvas = style({ display: "block", background: "#fff", boxShadow: vars.shadow.md, flex: "none" });
export const overlay = style({
  position: "absolute",
  inset: 0,
  display: "grid",
  placeItems: "center",
  gap: vars.space.sm,
  alignContent: "center",
  color: vars.color.textMuted,
  padding: vars.space.md,
  textAlign: "center",
});
export const image = style({ display: "block", maxWidth: "100%", height: "auto", margin: "0 auto", background: "#fff", boxShadow: vars.shadow.md });
