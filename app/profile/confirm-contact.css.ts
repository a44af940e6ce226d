import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const form = style({ display: "grid", gap: vars.space.md });

export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0, display: "grid", gap: vars.space.md });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const entity = style({ textTransform: "none", letterSpacing: "normal", fontWeight: vars.fontWeight.medium });

export const divider = style({ border: 0, borderTop: `1px solid ${vars.color.border}`, margin: 0 });
