/**
 * Ordinal association from concordant and discordant pairs: Goodman and Kruskal's gamma
 * (1954), Kendall's tau-b (Kendall 1945), Stuart's tau-c (Stuart 1953) and Somers' d
 * (Somers 1962), in the definitions of METHODS.md.
 *
 * `P - Q = sum n_ij S_ij` with `S_ij` the count strictly below-right minus strictly below-left
 * of the cell, from one pass of suffix sums (O(rc)). Pair counts reach N^2 / 2 = 5e23, and
 * `P - Q` cancels near independence, so they are exact: doubles while every product and sum stays
 * below 2^53 (N <= 94906265), BigInt beyond.
 */
import { EXACT_DOUBLE_PRODUCT_LIMIT } from './exact-arithmetic.js';
import type { Margins } from './independence.js';
import { clampSigned } from './measure-range.js';
import type { DirectionalMeasure, KendallTau, Table } from './types.js';

export interface PairCounts {
  /** P - Q */
  difference: number;
  /** P + Q */
  sum: number;
  /** D_R = (N^2 - sum a_i^2) / 2, pairs untied on the row variable. */
  untiedRows: number;
  /** D_C = (N^2 - sum b_j^2) / 2, pairs untied on the column variable. */
  untiedCols: number;
}

interface IntegerOps<T> {
  zero: T;
  of(x: number): T;
  add(x: T, y: T): T;
  sub(x: T, y: T): T;
  mul(x: T, y: T): T;
  half(x: T): T;
  toNumber(x: T): number;
}

const doubleOps: IntegerOps<number> = {
  zero: 0,
  of: (x) => x,
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  mul: (x, y) => x * y,
  half: (x) => x / 2,
  toNumber: (x) => x,
};

const bigintOps: IntegerOps<bigint> = {
  zero: 0n,
  of: (x) => BigInt(x),
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  mul: (x, y) => x * y,
  half: (x) => x / 2n, // N^2 - sum a^2 is always even
  toNumber: (x) => Number(x),
};

function countPairs<T>(table: Table, margins: Margins, ops: IntegerOps<T>): PairCounts {
  const rows = table.length;
  const cols = table[0]!.length;
  // below[j]: column totals of the rows strictly below the current row.
  const below = new Array<T>(cols).fill(ops.zero);
  let concordant = ops.zero;
  let discordant = ops.zero;
  for (let i = rows - 1; i >= 0; i -= 1) {
    const row = table[i]!;
    let belowRight = ops.zero;
    for (let j = cols - 1; j >= 0; j -= 1) {
      const n = ops.of(row[j]!);
      concordant = ops.add(concordant, ops.mul(n, belowRight));
      belowRight = ops.add(belowRight, below[j]!);
    }
    let belowLeft = ops.zero;
    for (let j = 0; j < cols; j += 1) {
      discordant = ops.add(discordant, ops.mul(ops.of(row[j]!), belowLeft));
      belowLeft = ops.add(belowLeft, below[j]!);
    }
    for (let j = 0; j < cols; j += 1) below[j] = ops.add(below[j]!, ops.of(row[j]!));
  }
  const n = ops.of(margins.total);
  const nSquared = ops.mul(n, n);
  const sumOfSquares = (values: number[]): T =>
    values.reduce((acc, v) => ops.add(acc, ops.mul(ops.of(v), ops.of(v))), ops.zero);
  return {
    difference: ops.toNumber(ops.sub(concordant, discordant)),
    sum: ops.toNumber(ops.add(concordant, discordant)),
    untiedRows: ops.toNumber(ops.half(ops.sub(nSquared, sumOfSquares(margins.rowSums)))),
    untiedCols: ops.toNumber(ops.half(ops.sub(nSquared, sumOfSquares(margins.colSums)))),
  };
}

export function pairCounts(table: Table, margins: Margins): PairCounts {
  return margins.total <= EXACT_DOUBLE_PRODUCT_LIMIT
    ? countPairs(table, margins, doubleOps)
    : countPairs(table, margins, bigintOps);
}

export function goodmanKruskalGamma(pairs: PairCounts): number {
  return clampSigned(pairs.difference / pairs.sum);
}

export function kendallTau(pairs: PairCounts, margins: Margins): KendallTau {
  const m = Math.min(margins.rowSums.length, margins.colSums.length);
  const n = margins.total;
  return {
    tauB: clampSigned(pairs.difference / (Math.sqrt(pairs.untiedRows) * Math.sqrt(pairs.untiedCols))),
    tauC: clampSigned((2 * m * pairs.difference) / (n * n * (m - 1))),
  };
}

export function somersD(pairs: PairCounts): DirectionalMeasure {
  return {
    symmetric: clampSigned(pairs.difference / ((pairs.untiedRows + pairs.untiedCols) / 2)),
    rowDependent: clampSigned(pairs.difference / pairs.untiedCols),
    colDependent: clampSigned(pairs.difference / pairs.untiedRows),
  };
}
