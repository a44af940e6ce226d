import { style } from "@vanilla-extract/css";
import { vars } from "../../themes/contract.css";
import { mq } from "../../themes/breakpoints";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
  "@media": { [mq.mobile]: { flexDirection: "column", alignItems: "stretch" } },
});

export const search = style({ flex: "1 1 240px", minWidth: 200, maxWidth: 360, "@media": { [mq.mobile]: { flex: "0 0 auto", maxWidth: "none" } } });

export const filter = style({ flex: "0 1 200px", minWidth: 160, "@media": { [mq.mobile]: { flex: "0 0 auto" } } });

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: "hidden",
});

export const item = style({
  display: "grid",
  gridTemplateColumns: "150px minmax(0, 1fr) 190px",
  gap: vars.space.md,
  alignItems: "start",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  selectors: { "&:first-child": { borderTop: "none" } },
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.xs } },
});

export const title = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });

export const description = style({ margin: 0, color: vars.color.textMuted, overflowWrap: "anywhere", whiteSpace: "pre-line" });

export const meta = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.sm}`, margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const when = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs, textAlign: "right", "@media": { [mq.mobile]: { textAlign: "left" } } });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const pagerButtons = style({ display: "flex", gap: vars.space.xs });

export const pageNumber = style({ alignSelf: "center", padding: `0 ${vars.space.xs}`, whiteSpace: "nowrap" });
