import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const link = style({
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
  },
});

export const linkButton = style({
  all: "unset",
  cursor: "pointer",
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
  },
});

export const cellButton = style({
  all: "unset",
  cursor: "pointer",
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: "underline dotted",
  textUnderlineOffset: 3,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
  },
});

export const cellText = style({ fontSize: vars.fontSize.sm });

export const popover = style({
  zIndex: 300,
  maxWidth: 340,
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
});

export const popoverTitle = style({ margin: 0, marginBottom: vars.space.xs, fontWeight: vars.fontWeight.semibold });

export const plainList = style({ margin: 0, paddingLeft: vars.space.lg, display: "flex", flexDirection: "column", gap: 2 });

export const bulkBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.brandSoft,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const bulkCount = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, marginRight: vars.space.sm });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const voucherRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": { "screen and (max-width: 600px)": { flexDirection: "column", alignItems: "flex-start" } },
});

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

export const reason = style({
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  whiteSpace: "pre-wrap",
});
