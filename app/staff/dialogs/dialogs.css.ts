import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const fieldset = style({ border: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const grid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))" });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const tagRow = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end", flexWrap: "wrap" });

export const tagList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  maxHeight: 320,
  overflowY: "auto",
});

export const tagItem = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.md, flexWrap: "wrap" });
