/**
 * Upper tail of the chi-square distribution, `Q(df/2, x/2)`, with `Q` the regularized upper
 * incomplete gamma function, computed directly (never `1 - cdf`) so that it keeps its relative
 * accuracy down to 1e-300 and underflows to 0 only below the double range.
 *
 * Regimes (Numerical Recipes 3rd ed. §6.2; the stdlib-js `gammainc` split):
 * - `x < a + 1`: the lower series `P(a, x) = x^a e^-x / Gamma(a+1) * sum x^n / ((a+1)...(a+n))`,
 *   and `Q = 1 - P`, which is not small there (Q > 0.08 for every `a >= 1/2`).
 * - `x >= a + 1`: the continued fraction for `Q` (Legendre), evaluated by the modified Lentz method.
 * The prefactor `x^a e^-x / Gamma(a)` is a product of factors each accurate to an ulp
 * (`e^-x` split in two halves so that it cannot underflow before `x^a` compensates) wherever
 * it is representable, and is formed in logarithms only where it underflows anyway.
 * `Gamma(a)` for half-integer `a` (all that chi-square needs) is an exact product.
 */

const EPSILON = 2.220446049250313e-16;
const TINY = 1e-300;
const MAX_ITERATIONS = 10000;
const LOG_SQRT_PI = 0.5723649429247001; // ln(sqrt(pi))

const SQRT_PI = 1.7724538509055159;

/** Gamma(a) for `a` a positive multiple of 1/2 up to 171 (a product of at most 171 factors); NaN otherwise. */
export function gammaHalfInteger(a: number): number {
  if (!Number.isInteger(2 * a) || a <= 0 || a > 171) return Number.NaN;
  let product = Number.isInteger(a) ? 1 : SQRT_PI;
  for (let k = a - 1; k > 0; k -= 1) product *= k;
  return product;
}

/** ln Gamma(a) for `a` a positive multiple of 1/2 up to 171; NaN otherwise. */
export function logGammaHalfInteger(a: number): number {
  if (!Number.isInteger(2 * a) || a <= 0 || a > 171) return Number.NaN;
  // Gamma(a) = (a-1)(a-2)...(1) for integer a, or (a-1)(a-2)...(1/2) sqrt(pi) for half-integer a.
  let product = 1;
  let logScale = 0;
  for (let k = a - 1; k > 0; k -= 1) {
    product *= k;
    if (product > 1e280) {
      logScale += Math.log(product);
      product = 1;
    }
  }
  const integerPart = logScale + Math.log(product);
  return Number.isInteger(a) ? integerPart : integerPart + LOG_SQRT_PI;
}

/** `x^a e^-x / Gamma(a)`. */
function prefactor(a: number, x: number): number {
  const logPower = a * Math.log(x);
  if (x <= 1400 && logPower < 700) {
    const halfDecay = Math.exp(-x / 2);
    return halfDecay * (Math.pow(x, a) / gammaHalfInteger(a)) * halfDecay;
  }
  return Math.exp(logPower - x - logGammaHalfInteger(a));
}

function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n += 1) {
    term *= x / (a + n);
    sum += term;
    if (term < sum * EPSILON) break;
  }
  return sum * prefactor(a, x);
}

function upperContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return h * prefactor(a, x);
}

/** Regularized upper incomplete gamma `Q(a, x)` for half-integer `a`; NaN outside the domain. */
export function regularizedUpperGamma(a: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(a) || x < 0 || a <= 0) return Number.NaN;
  if (x === 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return 0;
  if (x < a + 1) return 1 - lowerSeries(a, x);
  return upperContinuedFraction(a, x);
}

/** P(X >= statistic) for X ~ chi-square(df). */
export function chiSquareUpperTail(statistic: number, degreesOfFreedom: number): number {
  return regularizedUpperGamma(degreesOfFreedom / 2, statistic / 2);
}
