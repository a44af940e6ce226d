/**
 * Turns a firm's brand colour into the four brand tokens of the theme contract.
 * Pure and dependency-free so it runs in the server, the browser, the seed and unit tests.
 */
export interface BrandColors {
  /** The brand colour itself, normalised to `#RRGGBB`. */
  brand: string;
  /** `#FFFFFF` or `#000000`: white when it reaches 4.5:1 on the brand, black otherwise. */
  brandContrast: string;
  /** A pale tint of the brand (same hue, 95 % lightness) for soft backgrounds. */
  brandSoft: string;
  /** The brand, darkened if needed, so it reads as text (4.5:1) on white and on `brandSoft`. */
  brandText: string;
}

/** A 3- or 6-digit hex colour, `#` optional. */
export const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

type Rgb = [number, number, number];

/** `#RRGGBB` in upper case, or null when the input is not a 3- or 6-digit hex colour. */
export function normaliseHex(input: string): string | null {
  const match = HEX.exec(input.trim());
  if (!match) return null;
  let digits = match[1];
  if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
  return `#${digits.toUpperCase()}`;
}

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")
    .toUpperCase()}`;
}

/** WCAG 2 relative luminance of a `#RRGGBB` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two `#RRGGBB` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Hue (0..360), saturation and lightness (0..1) of a colour. */
function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rs, gs, bs] = [r / 255, g / 255, b / 255];
  const max = Math.max(rs, gs, bs);
  const min = Math.min(rs, gs, bs);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rs ? (gs - bs) / d + (gs < bs ? 6 : 0) : max === gs ? (bs - rs) / d + 2 : (rs - gs) / d + 4;
  return [h * 60, s, l];
}

function fromHsl([h, s, l]: [number, number, number]): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * A pale tint that keeps the brand's hue: dark, muted brands (navy, forest green) would turn grey
 * if simply mixed with white, so saturation is kept at a visible minimum.
 */
function tint(hex: string): string {
  const [h, s] = toHsl(toRgb(hex));
  if (s < 0.04) return mix(hex, WHITE, 0.92);
  return toHex(fromHsl([h, Math.min(Math.max(s, 0.4), 0.7), 0.95]));
}

/** Mixes `amount` (0..1) of `other` into `base`. */
function mix(base: string, other: string, amount: number): string {
  const a = toRgb(base);
  const b = toRgb(other);
  return toHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * amount) as Rgb);
}

const WHITE = "#FFFFFF";
const BLACK = "#000000";
const AA = 4.5;

/**
 * The brand tokens for a hex colour. Throws a RangeError for anything that is not a hex colour,
 * so a bad value in the database or a form never reaches a stylesheet.
 */
export function brandColors(input: string): BrandColors {
  const brand = normaliseHex(input);
  if (!brand) throw new RangeError(`Not a hex colour: ${JSON.stringify(input)}`);
  const brandContrast = contrastRatio(WHITE, brand) >= AA ? WHITE : BLACK;
  const brandSoft = tint(brand);
  let brandText = brand;
  for (let step = 1; step <= 20 && contrastRatio(brandText, brandSoft) < AA; step++) {
    brandText = mix(brand, BLACK, step * 0.05);
  }
  return { brand, brandContrast, brandSoft, brandText };
}

/** Like `brandColors`, but null for an invalid or missing colour (use the theme's own). */
export function safeBrandColors(input: string | null | undefined): BrandColors | null {
  if (!input) return null;
  try {
    return brandColors(input);
  } catch {
    return null;
  }
}
