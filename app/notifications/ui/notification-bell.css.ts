import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

export const root = style({ position: "relative" });

export const bell = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "40px",
  height: "40px",
  border: "1px solid transparent",
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceAlt, borderColor: vars.color.border },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const badge = style({
  position: "absolute",
  top: "2px",
  right: "0",
  minWidth: "18px",
  height: "18px",
  padding: "0 5px",
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.textInverse,
  fontSize: "11px",
  fontWeight: vars.fontWeight.bold,
  lineHeight: "18px",
  textAlign: "center",
});

export const panel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  zIndex: 300,
  width: "min(380px, calc(100vw - 24px))",
  maxHeight: "min(520px, calc(100vh - 96px))",
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: "none",
  "@media": {
    [mq.mobile]: { position: "fixed", left: "12px", right: "12px", top: "64px", width: "auto" },
  },
});

export const head = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const textButton = style({
  border: 0,
  background: "transparent",
  color: vars.color.brandText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  selectors: {
    "&:disabled": { color: vars.color.textMuted, cursor: "default" },
    "&:hover:not(:disabled)": { textDecoration: "underline" },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}` },
  },
});

export const list = style({ listStyle: "none", margin: 0, padding: 0, overflowY: "auto" });

export const item = style({
  display: "grid",
  gridTemplateColumns: "10px 1fr",
  gap: vars.space.sm,
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  textAlign: "left",
  background: "transparent",
  border: 0,
  cursor: "pointer",
  font: "inherit",
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
  },
});

export const dot = style({ width: "8px", height: "8px", marginTop: "6px", borderRadius: vars.radius.full, background: vars.color.brand });
export const dotRead = style({ visibility: "hidden" });

export const itemText = style({ fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.snug, overflowWrap: "anywhere" });
export const itemTextUnread = style({ fontWeight: vars.fontWeight.semibold });
export const meta = style({ display: "block", marginTop: vars.space["2xs"], fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const empty = style({ padding: `${vars.space.xl} ${vars.space.md}`, textAlign: "center", color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const foot = style({ display: "flex", justifyContent: "center", padding: vars.space.sm });
