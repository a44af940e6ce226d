import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

// The client dashboard's tax return cards (./cards.tsx): apart from the return page's styles, so the dashboard loads only these.
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.lg,
});
export const cardHead = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: vars.space.sm, marginBottom: vars.space.sm });
export const cardTitle = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
  color: vars.color.text,
});
export const cardLink = style({ color: "inherit", textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });
export const cardFoot = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.sm, marginTop: vars.space.md });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
