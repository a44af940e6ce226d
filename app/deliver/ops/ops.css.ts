import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const entry = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  display: "flex",
  flexDirection: "column",
  gap: 2,
  overflowWrap: "anywhere",
});

export const entryTitle = style({ margin: 0, fontWeight: 600, color: vars.color.text, fontSize: vars.fontSize.sm });

export const entryText = style({ margin: 0, color: vars.color.text, fontSize: vars.fontSize.sm, whiteSpace: "pre-wrap" });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const pager = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });
