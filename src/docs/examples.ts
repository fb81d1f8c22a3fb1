/**
 * Worked examples shown in the OpenAPI document and on the reference page: four tables with
 * every statistic, computed independently at 50 significant digits (mpmath, from the METHODS.md
 * definitions) and rounded to the nearest double. The test suite checks them against the engine.
 * Free-text fields (`warning`, `note`, `error`, `hint`) are illustrations, not the exact wording.
 */
import type {
  ExpectedCounts,
  FishersExactResult,
  TableStatistics,
  UnavailableReason,
} from '../engine/types.js';

/** Every field of a ContingencyResponse except `input` and `docs`. */
export type ExampleStatistics = Omit<TableStatistics, 'oddsRatioNote' | 'warning' | 'expected'> & {
  expected: ExpectedCounts;
  fishersExact: FishersExactResult | null;
  fishersExactUnavailableReason: UnavailableReason | null;
};

export interface WorkedExample {
  /** Key of the example in OpenAPI `examples` maps. */
  readonly key: string;
  readonly summary: string;
  readonly table: number[][];
  readonly statistics: ExampleStatistics;
  readonly warning: string | null;
  readonly fisherNote: string | null;
  readonly oddsRatioNote: string | null;
}

const twoByTwo: ExampleStatistics = {
  chiSquare: { chiSquare: 5.854831932773109, degreesOfFreedom: 1, pValue: 0.015534341414683498 },
  chiSquareYates: { chiSquare: 4.1714577497665735, degreesOfFreedom: 1, pValue: 0.04111041419430708 },
  gTest: { gStatistic: 6.074888427412215, degreesOfFreedom: 1, pValue: 0.013711696120324078 },
  fishersExact: { pValue: 0.025327687033676143, oddsRatio: 6.654383368205613, oddsRatioState: 'finite', oddsRatioCI: [1.0761184518012366, 55.705602370796285], oddsRatioCIStates: ['finite', 'finite'] },
  fishersExactUnavailableReason: null,
  cramersV: { value: 0.4493225526306475, label: 'medium' },
  phi: 0.4493225526306475,
  contingencyCoefficient: 0.4098507365970083,
  lambda: { symmetric: 0.38461538461538464, rowDependent: 0.3333333333333333, colDependent: 0.42857142857142855 },
  gamma: 0.7560975609756098,
  kendallTau: { tauB: 0.4493225526306475, tauC: 0.4423305588585018 },
  somersD: { symmetric: 0.4492753623188406, rowDependent: 0.44285714285714284, colDependent: 0.45588235294117646 },
  theilsU: { symmetric: 0.15281932425786282, rowGivenCol: 0.15443527704950974, colGivenRow: 0.1512368387247244 },
  expected: { counts: [[8.793103448275861, 8.206896551724139], [6.206896551724138, 5.793103448275862]], min: 5.793103448275862, cellsBelow5: 0 },
  totals: { row: [17, 12], col: [15, 14] },
  oddsRatio: { value: 7.2, valueState: 'finite', ci95: [1.3526124296166466, 38.325834411186314], ci95States: ['finite', 'finite'], method: 'sample odds ratio with Woolf log interval' },
  residuals: { pearson: [[1.081468463021995, -1.1194262097695837], [-1.2872049377329695, 1.3323836930174127]], adjusted: [[2.419675997478404, -2.419675997478404], [-2.419675997478404, 2.419675997478404]] },
};

const twoByThree: ExampleStatistics = {
  chiSquare: { chiSquare: 18.650793650793652, degreesOfFreedom: 2, pValue: 8.91315824659323e-5 },
  chiSquareYates: null,
  gTest: { gStatistic: 19.899773694940873, degreesOfFreedom: 2, pValue: 4.77330347448638e-5 },
  fishersExact: null,
  fishersExactUnavailableReason: 'not_2x2',
  cramersV: { value: 0.43186564636231084, label: 'medium' },
  phi: null,
  contingencyCoefficient: 0.39647274238149716,
  lambda: { symmetric: 0.23809523809523808, rowDependent: 0.25, colDependent: 0.23076923076923078 },
  gamma: 0.6571428571428571,
  kendallTau: { tauB: 0.4070955871077535, tauC: 0.46 },
  somersD: { symmetric: 0.4017467248908297, rowDependent: 0.3458646616541353, colDependent: 0.4791666666666667 },
  theilsU: { symmetric: 0.1124866314395996, rowGivenCol: 0.14784122378867448, colGivenRow: 0.09077806252622805 },
  expected: { counts: [[12, 14, 14], [18, 21, 21]], min: 12, cellsBelow5: 0 },
  totals: { row: [40, 60], col: [30, 35, 35] },
  oddsRatio: null,
  residuals: { pearson: [[2.309401076758503, 0.2672612419124244, -2.4053511772118195], [-1.8856180831641267, -0.2182178902359924, 1.9639610121239315]], adjusted: [[3.5634832254989917, 0.4279604925109129, -3.851644432598216], [-3.5634832254989917, -0.4279604925109129, 3.851644432598216]] },
};

const lowExpected: ExampleStatistics = {
  chiSquare: { chiSquare: 4.666666666666667, degreesOfFreedom: 1, pValue: 0.030753561259274573 },
  chiSquareYates: { chiSquare: 2.625, degreesOfFreedom: 1, pValue: 0.10519250512004147 },
  gTest: { gStatistic: 5.004024235381879, degreesOfFreedom: 1, pValue: 0.025288454910391642 },
  fishersExact: { pValue: 0.10256410256410256, oddsRatio: 11.714345924368008, oddsRatioState: 'finite', oddsRatioCI: [0.7203390686297659, 823.9798414911476], oddsRatioCIStates: ['finite', 'finite'] },
  fishersExactUnavailableReason: null,
  cramersV: { value: 0.5773502691896257, label: 'large' },
  phi: 0.5773502691896257,
  contingencyCoefficient: 0.5,
  lambda: { symmetric: 0.5384615384615384, rowDependent: 0.5, colDependent: 0.5714285714285714 },
  gamma: 0.875,
  kendallTau: { tauB: 0.5773502691896257, tauC: 0.5714285714285714 },
  somersD: { symmetric: 0.5773195876288659, rowDependent: 0.5714285714285714, colDependent: 0.5833333333333334 },
  theilsU: { symmetric: 0.25974995798198164, rowGivenCol: 0.26169721816674624, colGivenRow: 0.2578314624597723 },
  expected: { counts: [[3, 3], [4, 4]], min: 3, cellsBelow5: 4 },
  totals: { row: [6, 8], col: [7, 7] },
  oddsRatio: { value: 15, valueState: 'finite', ci95: [1.0306911611224627, 218.30011596778056], ci95States: ['finite', 'finite'], method: 'sample odds ratio with Woolf log interval' },
  residuals: { pearson: [[1.1547005383792515, -1.1547005383792515], [-1, 1]], adjusted: [[2.160246899469287, -2.160246899469287], [-2.160246899469287, 2.160246899469287]] },
};

const zeroCell: ExampleStatistics = {
  chiSquare: { chiSquare: 11.454545454545455, degreesOfFreedom: 1, pValue: 0.0007131933211868665 },
  chiSquareYates: { chiSquare: 8.415584415584416, degreesOfFreedom: 1, pValue: 0.0037201819306482906 },
  gTest: { gStatistic: 14.522233612885609, degreesOfFreedom: 1, pValue: 0.00013851508273839133 },
  fishersExact: { pValue: 0.0022624434389140274, oddsRatio: null, oddsRatioState: 'positive_infinity', oddsRatioCI: [2.902650336701416, null], oddsRatioCIStates: ['finite', 'positive_infinity'] },
  fishersExactUnavailableReason: null,
  cramersV: { value: 0.7977240352174656, label: 'large' },
  phi: 0.7977240352174656,
  contingencyCoefficient: 0.6236095644623235,
  lambda: { symmetric: 0.75, rowDependent: 0.7142857142857143, colDependent: 0.7777777777777778 },
  gamma: 1,
  kendallTau: { tauB: 0.7977240352174656, tauC: 0.7777777777777778 },
  somersD: { symmetric: 0.7974683544303798, rowDependent: 0.7777777777777778, colDependent: 0.8181818181818182 },
  theilsU: { symmetric: 0.5926203388393567, rowGivenCol: 0.6036607513802915, colGivenRow: 0.5819765115539189 },
  expected: { counts: [[3.5, 3.5], [5.5, 5.5]], min: 3.5, cellsBelow5: 2 },
  totals: { row: [7, 11], col: [9, 9] },
  oddsRatio: { value: null, valueState: 'positive_infinity', ci95: [0, null], ci95States: ['finite', 'positive_infinity'], method: 'sample odds ratio with Woolf log interval' },
  residuals: { pearson: [[1.8708286933869707, -1.8708286933869707], [-1.492405014489273, 1.492405014489273]], adjusted: [[3.3844564489065974, -3.3844564489065974], [-3.3844564489065974, 3.3844564489065974]] },
};


export const WORKED_EXAMPLES = {
  twoByTwo: {
    key: 'twoByTwo',
    summary: 'A 2×2 table: 12 of 17 treated and 3 of 12 controls improved',
    table: [
      [12, 5],
      [3, 9],
    ],
    statistics: twoByTwo,
    warning: null,
    fisherNote: null,
    oddsRatioNote: null,
  },
  twoByThree: {
    key: 'twoByThree',
    summary: 'A 2×3 table: exact test and odds ratio are null with reason not_2x2 (HTTP 200)',
    table: [
      [20, 15, 5],
      [10, 20, 30],
    ],
    statistics: twoByThree,
    warning: null,
    fisherNote: "Fisher's exact test is computed for 2x2 tables only; this table is 2x3.",
    oddsRatioNote: 'The odds ratio is defined for 2x2 tables only; this table is 2x3.',
  },
  lowExpected: {
    key: 'lowExpected',
    summary: 'Small counts: every expected count is below 5, so `warning` is set',
    table: [
      [5, 1],
      [2, 6],
    ],
    statistics: lowExpected,
    warning:
      '4 of 4 cells have expected counts below 5 (minimum 3); the chi-square approximation may be unreliable. ' +
      "For a 2x2 table use Fisher's exact test.",
    fisherNote: null,
    oddsRatioNote: null,
  },
  zeroCell: {
    key: 'zeroCell',
    summary: 'A zero cell: the odds ratio is +infinity, encoded as null with state positive_infinity',
    table: [
      [7, 0],
      [2, 9],
    ],
    statistics: zeroCell,
    warning: '2 of 4 cells have expected counts below 5 (minimum 3.5); the chi-square approximation may be unreliable.',
    fisherNote: null,
    oddsRatioNote: 'A cell is 0: the sample odds ratio is +infinity and the Woolf interval is [0, +infinity).',
  },
} as const satisfies Record<string, WorkedExample>;

export type WorkedExampleKey = keyof typeof WORKED_EXAMPLES;

/** The `input` echo of a table. */
export function exampleInput(table: readonly (readonly number[])[]): Record<string, unknown> {
  let n = 0;
  for (const row of table) for (const cell of row) n += cell;
  return { table, n, rows: table.length, cols: table[0]?.length ?? 0 };
}

/** The example as a /api/v1/contingency response body. */
export function contingencyExample(example: WorkedExample, docsUrl: string): Record<string, unknown> {
  return { input: exampleInput(example.table), docs: docsUrl, ...example.statistics };
}

/** The example as a /api/v1/chi-square response body. */
export function chiSquareExample(example: WorkedExample, docsUrl: string): Record<string, unknown> {
  const { chiSquare, chiSquareYates, gTest, cramersV, expected } = example.statistics;
  return {
    input: exampleInput(example.table),
    docs: docsUrl,
    chiSquare,
    chiSquareYates,
    gTest,
    cramersV,
    expected: { min: expected.min, cellsBelow5: expected.cellsBelow5 },
    warning: example.warning,
  };
}

/** The example as a /api/v1/fishers-exact response body. */
export function fisherExample(example: WorkedExample, docsUrl: string): Record<string, unknown> {
  return {
    input: exampleInput(example.table),
    docs: docsUrl,
    fishersExact: example.statistics.fishersExact,
    unavailableReason: example.statistics.fishersExactUnavailableReason,
    note: example.fisherNote,
  };
}

/** The example as a /api/v1/odds-ratio response body. */
export function oddsRatioExample(example: WorkedExample, docsUrl: string): Record<string, unknown> {
  return {
    input: exampleInput(example.table),
    docs: docsUrl,
    oddsRatio: example.statistics.oddsRatio,
    fishersExactP: example.statistics.fishersExact?.pValue ?? null,
    fishersExactUnavailableReason: example.statistics.fishersExactUnavailableReason,
    note: example.oddsRatioNote,
  };
}

/** A 2×2 table whose fixed-margin support has 100001 tables: over the exact-test workload limit. */
export const WORKLOAD_LIMIT_TABLE = [
  [100000, 0],
  [0, 100000],
];
