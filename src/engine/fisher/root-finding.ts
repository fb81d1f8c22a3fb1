/**
 * Root of an increasing function by Newton's method safeguarded with a bracket: a step that
 * leaves the bracket, or that is not half the step before the last, is replaced by bisection
 * ("rtsafe", Press et al., Numerical Recipes, 9.4). Before a bracket exists, steps are capped
 * and the cap doubles, so a poor start or a saturated function (value +-Infinity, no slope)
 * still walks to a sign change.
 */

export interface Evaluation {
  value: number;
  slope: number;
}

export interface RootSearch {
  /** Where to start. */
  start: number;
  /** Absolute tolerance on the root. */
  tolerance: number;
  /** Search interval; the function is assumed to change sign inside it. */
  limit: number;
}

const MAX_ITERATIONS = 300;
const FIRST_STEP_CAP = 4;

/**
 * A root in [-limit, limit] of the increasing function `evaluate` (NaN when a value is NaN).
 * Returns when the last step or the bracket is within the tolerance.
 */
export function increasingRoot(evaluate: (x: number) => Evaluation, search: RootSearch): number {
  const { tolerance, limit } = search;
  let below = -limit;
  let above = limit;
  let belowKnown = false;
  let aboveKnown = false;
  let stepCap = FIRST_STEP_CAP;
  let lastStep = Infinity;
  let stepBefore = Infinity;
  let x = Math.min(limit, Math.max(-limit, search.start));

  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { value, slope } = evaluate(x);
    if (value === 0) return x;
    if (value < 0) {
      below = x;
      belowKnown = true;
    } else if (value > 0) {
      above = x;
      aboveKnown = true;
    } else {
      return NaN;
    }
    let next = x - value / slope;
    if (Math.abs(next - x) <= tolerance) return next;
    if (Number.isNaN(next)) next = value < 0 ? Infinity : -Infinity;
    if (belowKnown && aboveKnown) {
      if (!(next > below && next < above) || Math.abs(next - x) > 0.5 * stepBefore) next = 0.5 * (below + above);
    } else if (Math.abs(next - x) > stepCap) {
      next = next > x ? x + stepCap : x - stepCap;
      stepCap *= 2;
    }
    next = Math.min(limit, Math.max(-limit, next));
    stepBefore = lastStep;
    lastStep = Math.abs(next - x);
    if (Math.abs(next - x) <= tolerance) return next;
    if (belowKnown && aboveKnown && above - below <= tolerance) return 0.5 * (below + above);
    x = next;
  }
  return x;
}
