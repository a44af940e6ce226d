import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minHeight: 320 });

export const loading = style([body, { alignItems: "center", justifyContent: "center" }]);

export const grid = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  alignItems: "start",
});

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const grow = style({ flex: 1, minWidth: 0 });

export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const shortcuts = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, marginTop: vars.space.xs });

export const legend = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });

export const item = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(120px, 180px) auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { "screen and (max-width: 560px)": { gridTemplateColumns: "1fr" } },
});

export const footer = style({ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: vars.space.sm, width: "100%" });

export const footerNote = style({
  marginRight: "auto",
  alignSelf: "center",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  "@media": { "screen and (max-width: 560px)": { flexBasis: "100%" } },
});
