import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

/** One return or request: its name and facts on the left, its status on the right (both stay on a phone's line). */
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  selectors: { "&:last-child": { borderBottom: "none" } },
});

export const name = style({ overflowWrap: "anywhere" });
