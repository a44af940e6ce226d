import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const list = style({
  display: "flex",
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: "auto",
  scrollbarWidth: "none",
});

export const tab = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: "40px",
  padding: `0 ${vars.space.md}`,
  border: 0,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  whiteSpace: "nowrap",
  cursor: "pointer",
  selectors: {
    "&::after": {
      content: "''",
      position: "absolute",
      left: vars.space.sm,
      right: vars.space.sm,
      bottom: "-1px",
      height: "2px",
      borderRadius: "2px 2px 0 0",
      background: "transparent",
    },
    "&:hover": { color: vars.color.text },
    "&[aria-current='page'], &[aria-selected='true']": { color: vars.color.brandText, fontWeight: vars.fontWeight.semibold },
    "&[aria-current='page']::after, &[aria-selected='true']::after": { background: vars.color.brand },
    "&[aria-disabled='true'], &:disabled": { opacity: 0.55, cursor: "not-allowed", color: vars.color.textMuted },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px", borderRadius: vars.radius.sm },
  },
});

export const panel = style({ paddingTop: vars.space.xl, outline: "none" });
