import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const empty = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: vars.space.sm,
  padding: `${vars.space["3xl"]} ${vars.space.xl}`,
  color: vars.color.textMuted,
});

export const compact = style({ padding: `${vars.space.xl} ${vars.space.lg}` });

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "48px",
  height: "48px",
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.full,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
});

export const title = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  letterSpacing: "normal",
});

export const description = style({ maxWidth: "44ch", fontSize: vars.fontSize.md });
export const action = style({
  marginTop: vars.space.md,
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  justifyContent: "center",
});
