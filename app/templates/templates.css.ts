import { style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";

export const editor = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const grid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", alignItems: "start" });

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const questions = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.md });

export const question = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const questionRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(140px, 200px) auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { "screen and (max-width: 640px)": { gridTemplateColumns: "1fr" } },
});

export const questionMeta = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md });

export const rowActions = style({ display: "flex", gap: vars.space["2xs"], alignItems: "center" });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const footer = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const spacer = style({ flex: 1 });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });

export const listItem = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.md,
  alignItems: "center",
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { "screen and (max-width: 640px)": { gridTemplateColumns: "1fr" } },
});

export const itemTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});

export const itemMeta = style({ margin: 0, marginTop: vars.space["2xs"], color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const itemActions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  justifyContent: "flex-end",
  "@media": { "screen and (max-width: 640px)": { justifyContent: "flex-start" } },
});

export const groups = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const pdf = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
});

export const pdfRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const pdfName = style({ flex: "1 1 160px", minWidth: 0, overflowWrap: "anywhere", fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const hiddenInput = style({ position: "absolute", width: 1, height: 1, opacity: 0, pointerEvents: "none" });

export const logic = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  alignItems: "end",
});
