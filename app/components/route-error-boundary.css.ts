import { style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";

/** Refresh and the way back, side by side with a gap (wrapping on a phone). */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
