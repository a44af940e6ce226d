/** Style fragments several components share. */
import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

/** The focus ring for controls that draw their own (inputs use a soft halo instead). */
export const focusRing = {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: "2px",
} as const;

/** A soft halo around a focused input, in the focus colour. */
export const focusHalo = `0 0 0 3px color-mix(in srgb, ${vars.color.focus} 28%, transparent)`;
export const dangerHalo = `0 0 0 3px color-mix(in srgb, ${vars.color.danger} 22%, transparent)`;
