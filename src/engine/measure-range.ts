/**
 * Association measures live in [0, 1] or [-1, 1]; at perfect association their last rounding
 * step can land one ulp outside (1.0000000000000002), which the exact value never does.
 * These clamps return the nearest value inside the range (NaN passes through).
 */

export function clampUnit(x: number): number {
  return x > 1 ? 1 : x < 0 ? 0 : x;
}

export function clampSigned(x: number): number {
  return x > 1 ? 1 : x < -1 ? -1 : x;
}
