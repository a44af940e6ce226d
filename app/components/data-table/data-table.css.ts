import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

/** The row checkbox's column width: the first data column is pinned just after it. */
const SELECT_WIDTH = 44;

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

/**
 * The toolbar wraps in whole groups: the search with the filters (wrapping among themselves), then
 * the actions with the Columns menu, which move to their own line together when there is no room.
 * Every control is 40 px high (inputs, selects, buttons, the Columns menu).
 */
export const toolbar = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md });

export const filterGroup = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md, flex: "1 1 480px", minWidth: 0 });

export const search = style({ flex: "1 1 240px", minWidth: 200, maxWidth: 360, "@media": { [mq.mobile]: { maxWidth: "none" } } });

export const filter = style({ flex: "1 1 160px", minWidth: 140, maxWidth: 220, "@media": { [mq.mobile]: { maxWidth: "none" } } });

/** TableFilters: on phones the filters fold under a Filters button; on wider screens they sit in the toolbar. */
export const filters = style({
  display: "contents",
  "@media": {
    [mq.mobile]: {
      selectors: {
        '&[data-open="false"]': { display: "none" },
        '&[data-open="true"]': { display: "flex", flexDirection: "column", gap: vars.space.sm, width: "100%" },
      },
    },
  },
});

export const filtersToggle = style({ display: "none", "@media": { [mq.mobile]: { display: "inline-flex" } } });

export const columns = style({ position: "relative" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginLeft: "auto", alignItems: "flex-end", justifyContent: "flex-end" });

export const columnsSummary = style({
  cursor: "pointer",
  listStyle: "none",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  height: 40,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  selectors: { "&::-webkit-details-marker": { display: "none" }, "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const columnsMenu = style({
  position: "absolute",
  right: 0,
  zIndex: 5,
  marginTop: vars.space.xs,
  minWidth: 220,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});

export const scroller = style({
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

// Separate borders: collapsed ones do not move with pinned (sticky) cells.
export const table = style({ width: "100%", borderCollapse: "separate", borderSpacing: 0, fontSize: vars.fontSize.sm, color: vars.color.text });

/** Headers wrap between words (NEXT / REMINDER) rather than widen a column of short values. */
export const th = style({
  textAlign: "left",
  verticalAlign: "bottom",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.xs,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
});

export const sortButton = style({
  all: "unset",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  selectors: {
    "&:hover": { color: vars.color.text },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2, borderRadius: vars.radius.sm },
  },
});

/** Cells wrap their text (a long name takes two lines) so the table fits before it scrolls. */
export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
  selectors: { "tr:last-child > &": { borderBottom: "none" } },
  // On phones the table scrolls anyway: one line per cell reads better than narrow columns.
  "@media": { [mq.mobile]: { whiteSpace: "nowrap" } },
});

export const nowrap = style({ whiteSpace: "nowrap" });

/** Pinned cells scroll with the rows but not sideways; they need the row's background. */
const pinned = {
  position: "sticky",
  zIndex: 1,
  background: vars.color.surface,
  selectors: { "thead &": { background: vars.color.surfaceAlt }, "tr[data-selected] > &": { background: vars.color.surfaceAlt } },
} as const;

/** The row's name: kept at the left; on phones at most 45% of the screen so the rest can scroll. */
export const pinStart = style({
  ...pinned,
  left: 0,
  minWidth: 140,
  maxWidth: 260,
  boxShadow: `inset -1px 0 0 ${vars.color.border}`,
  "@media": { [mq.mobile]: { maxWidth: "45vw", minWidth: 0, whiteSpace: "normal" } },
});

export const pinStartAfterSelect = style([pinStart, { left: SELECT_WIDTH }]);

/** The row's actions: kept at the right from tablet width up (on phones the table just scrolls). */
export const pinEnd = style({
  whiteSpace: "nowrap",
  "@media": { [mq.tablet]: { ...pinned, right: 0, boxShadow: `inset 1px 0 0 ${vars.color.border}` } },
});

export const footer = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md });

export const range = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const pager = style({ display: "flex", alignItems: "center", gap: vars.space.xs });

export const sizeSelect = style({ width: 136 });

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const row = style({ selectors: { "&[data-selected]": { background: vars.color.surfaceAlt } } });

export const selectCell = style({
  position: "sticky",
  left: 0,
  zIndex: 1,
  boxSizing: "border-box",
  width: SELECT_WIDTH,
  minWidth: SELECT_WIDTH,
  background: vars.color.surface,
  padding: `${vars.space.sm} 0`,
  textAlign: "center",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
  selectors: {
    "thead &": { background: vars.color.surfaceAlt },
    "tr[data-selected] > &": { background: vars.color.surfaceAlt },
    "tr:last-child > &": { borderBottom: "none" },
  },
});

export const selectBox = style({ width: 18, height: 18, margin: 0, cursor: "pointer", accentColor: vars.color.brand, verticalAlign: "middle" });
