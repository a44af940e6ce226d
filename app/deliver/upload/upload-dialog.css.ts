import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

export const body = style({ display: "grid", gap: vars.space.md });
export const options = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxHeight: 200,
  overflowY: "auto",
  background: vars.color.surface,
  selectors: { "&:empty": { display: "none" } },
});
export const option = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  cursor: "pointer",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:last-child": { borderBottom: 0 },
    "&[data-selected]": { background: vars.color.brandSoft },
    "&[data-focus]": { background: vars.color.surfaceAlt, outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
export const files = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space["2xs"] });
export const file = style({ display: "flex", justifyContent: "space-between", gap: vars.space.xs, fontSize: vars.fontSize.sm, alignItems: "center" });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const locked = style({ margin: 0 });
