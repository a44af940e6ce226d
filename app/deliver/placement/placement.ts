/**
 * Signature and date boxes on PDF pages, pure: positions are fractions of the page (0..1, origin
 * top-left) so they hold at any rendering size. Used by the placement editor for tax returns and
 * signature requests alike.
 */
export type PlacementKind = "signature" | "date";

export interface PlacementSigner {
  key: string;
  /** Shown on the boxes ("Jordan Rivera"). */
  label: string;
}

export interface PlacementField {
  signerKey: string;
  kind: PlacementKind;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Default box sizes, as fractions of a Letter page (a signature line, a date). */
export const BOX_SIZE: Record<PlacementKind, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.05 },
  date: { width: 0.16, height: 0.035 },
};

/** One arrow key press moves a box this much (Shift: NUDGE_LARGE). */
export const NUDGE = 0.005;
export const NUDGE_LARGE = 0.05;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const round = (v: number) => Math.round(v * 10000) / 10000;

/** `field` moved to (x, y), kept whole on the page. */
export function moveTo<F extends PlacementField>(field: F, x: number, y: number): F {
  return { ...field, x: round(clamp(x, 0, 1 - field.width)), y: round(clamp(y, 0, 1 - field.height)) };
}

/** A new box centred on (cx, cy), kept whole on the page. */
export function placeAt(signerKey: string, kind: PlacementKind, page: number, cx: number, cy: number): PlacementField {
  const { width, height } = BOX_SIZE[kind];
  return moveTo({ signerKey, kind, page, x: 0, y: 0, width, height }, cx - width / 2, cy - height / 2);
}

/** The move an arrow key makes, or null for other keys. */
export function nudge<F extends PlacementField>(field: F, key: string, large: boolean): F | null {
  const step = large ? NUDGE_LARGE : NUDGE;
  const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const move = moves[key];
  return move ? moveTo(field, field.x + move[0], field.y + move[1]) : null;
}

export const kindLabel = (kind: PlacementKind) => (kind === "signature" ? "Signature" : "Date");
