import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";
import { mq } from "../../themes/breakpoints";

export const tabs = style({ marginBottom: vars.space.lg });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: "hidden",
});

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });

globalStyle(`${table} th`, {
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "nowrap",
});

globalStyle(`${table} td`, { padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" });
globalStyle(`${table} tr:last-child td`, { borderBottom: 0 });

/** On phones each member is a small card: the header row goes, each cell gets its label. */
globalStyle(`${table} thead`, { "@media": { [mq.mobile]: { display: "none" } } });
globalStyle(`${table} tr`, { "@media": { [mq.mobile]: { display: "block", padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` } } });
globalStyle(`${table} td`, {
  "@media": { [mq.mobile]: { display: "flex", justifyContent: "space-between", gap: vars.space.md, border: 0, padding: `${vars.space.xs} ${vars.space.md}` } },
});
globalStyle(`${table} td[data-label]::before`, {
  "@media": { [mq.mobile]: { content: "attr(data-label)", color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold } },
});

export const name = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });
export const nameText = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const email = style({ color: vars.color.textMuted, overflowWrap: "anywhere" });
export const roleCell = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const muted = style({ color: vars.color.textMuted });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
export const grid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))" });

export const groupRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
export const groupForm = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.sm, padding: vars.space.md });
export const grow = style({ flex: "1 1 220px" });
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.md, marginBottom: vars.space.xl });
export const sectionHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.md,
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const groupItem = style({ listStyle: "none", padding: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
export const groupItemForm = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: vars.space.sm });
export const groupButtons = style({ display: "flex", gap: vars.space.sm });
