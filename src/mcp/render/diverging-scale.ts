/**
 * The colour scale of the residual heatmap: ColorBrewer RdBu, 7 classes (a diverging scheme
 * ColorBrewer marks colour-blind safe), blue for cells above independence and red below, with
 * breaks at 1, 1.96 (the 5% level) and 3 in absolute value. Text on each swatch is black or
 * white, whichever has the higher WCAG 2 contrast ratio against it.
 */

export interface ScaleClass {
  fill: string;
  text: string;
  /** Legend label of the class. */
  label: string;
}

const RDBU_7 = ['#b2182b', '#ef8a62', '#fddbc7', '#f7f7f7', '#d1e5f0', '#67a9cf', '#2166ac'] as const;
const LABELS = ['\u2264 \u22123', '\u22123 to \u22121.96', '\u22121.96 to \u22121', '\u22121 to 1', '1 to 1.96', '1.96 to 3', '\u2265 3'] as const;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (k: number): number => {
    const c = parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function textColourOn(fill: string): string {
  return contrastRatio(fill, '#000000') >= contrastRatio(fill, '#ffffff') ? '#000000' : '#ffffff';
}

export const SCALE: readonly ScaleClass[] = RDBU_7.map((fill, k) => ({ fill, text: textColourOn(fill), label: LABELS[k]! }));

/** Index into SCALE of an adjusted residual (a non-finite value counts as neutral). */
export function classOf(residual: number): number {
  if (!Number.isFinite(residual)) return 3;
  const size = Math.abs(residual);
  const level = size >= 3 ? 3 : size > 1.96 ? 2 : size > 1 ? 1 : 0;
  return residual < 0 ? 3 - level : 3 + level;
}
