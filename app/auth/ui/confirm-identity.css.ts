import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";

export const confirm = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, alignItems: "stretch" });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal });
