import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const skipLink = style({
  position: "fixed",
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1000,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  boxShadow: vars.shadow.md,
  transform: "translateY(-200%)",
  selectors: {
    "&:focus": { transform: "none" },
  },
});
