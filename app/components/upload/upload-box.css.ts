import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

export const box = style({
  display: "grid",
  justifyItems: "center",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: "center",
  selectors: {
    "&[data-dragging='true']": { borderColor: vars.color.brand, background: vars.color.brandSoft },
    "&[data-disabled='true']": { opacity: 0.6 },
  },
});
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const input = style({ position: "absolute", width: 1, height: 1, opacity: 0, pointerEvents: "none" });
/** For <UploadProgress className={uploadRow}>: the firm's brand on the bar, danger for errors. */
export const uploadRow = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  selectors: { "&[data-upload-status='error']": { color: vars.color.danger } },
});
globalStyle(`${uploadRow} progress`, { accentColor: vars.color.brand, width: "100%" });
