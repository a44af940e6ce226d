import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";

export const columns = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(300px, 1fr))", alignItems: "start" });

export const sectionTitle = style({
  margin: 0,
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const details = style({ margin: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const detailRow = style({
  display: "grid",
  gridTemplateColumns: "140px 1fr",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${detailRow} > dt`, { color: vars.color.textMuted });
globalStyle(`${detailRow} > dd`, { margin: 0, color: vars.color.text, overflowWrap: "anywhere" });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const listItem = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, fontSize: vars.fontSize.sm });

export const muted = style({ color: vars.color.textMuted });

export const entityNav = style({ marginBottom: vars.space.lg });

export const switcher = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const selectedCount = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  minHeight: 36,
});

export const headerActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const cardHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space.sm });

export const cardFoot = style({ marginTop: vars.space.md });

export const ownerRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const ownerMain = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const ownerName = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xs });

export const ownerEmail = style({ color: vars.color.textMuted, overflowWrap: "anywhere" });
