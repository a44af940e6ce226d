import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const row = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))" });

export const drop = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: "center",
  cursor: "pointer",
  transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    "&:hover, &:focus-within, &[data-dragging='true']": { borderColor: vars.color.brand, background: vars.color.brandSoft },
    "&[aria-disabled='true']": { cursor: "not-allowed", opacity: 0.6 },
  },
});

export const dropTitle = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const fileInput = style({ position: "absolute", width: 1, height: 1, opacity: 0, overflow: "hidden" });

export const files = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const file = style({
  display: "grid",
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
});

export const fileHead = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, minWidth: 0 });

export const fileName = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text, overflowWrap: "anywhere", minWidth: 0 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const stats = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, fontSize: vars.fontSize.sm });

globalStyle(`${links} a`, { color: vars.color.brandText });
