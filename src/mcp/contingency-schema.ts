/**
 * JSON Schemas of the MCP tools' table arguments and of the ContingencyResponse that
 * analyze_crosstab returns (service description "Resources and their fields"; METHODS.md
 * "Additive fields"). Written inline with keywords shared by draft-07 and 2020-12 only:
 * no $ref, `items` as a single schema, pairs as `minItems`/`maxItems` 2.
 */
import { MAX_COUNT, MAX_DIMENSION, MAX_LABEL_LENGTH, MIN_DIMENSION } from '../api/table-codec.js';
import type { JsonSchema } from './tool.js';

const number = { type: 'number' } as const;
const integer = { type: 'integer' } as const;
const probability = { type: 'number', minimum: 0, maximum: 1 } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const valueState = { type: 'string', enum: ['finite', 'positive_infinity'] } as const;
const unavailableReason = {
  type: ['string', 'null'],
  enum: ['not_2x2', 'invalid_counts', 'unsafe_integer_counts', 'non_positive_margins', 'workload_limit', 'disabled_by_caller', null],
} as const;

function object(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required };
}

function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

function pair(item: JsonSchema): JsonSchema {
  return { type: 'array', items: item, minItems: 2, maxItems: 2 };
}

const matrix = (cell: JsonSchema): JsonSchema => ({ type: 'array', minItems: 1, items: { type: 'array', minItems: 1, items: cell } });

// ------------------------------------------------------------------ input

const countsMatrix: JsonSchema = {
  type: 'array',
  minItems: MIN_DIMENSION,
  maxItems: MAX_DIMENSION,
  items: {
    type: 'array',
    minItems: MIN_DIMENSION,
    maxItems: MAX_DIMENSION,
    items: { type: 'integer', minimum: 0, maximum: MAX_COUNT },
  },
};

const labels = (what: string): JsonSchema => ({
  type: 'array',
  maxItems: MAX_DIMENSION,
  items: { type: 'string', maxLength: MAX_LABEL_LENGTH },
  description: `Optional: one label per ${what}; only render_crosstab prints labels (the statistics never depend on them).`,
});

export const TABLE_ARGUMENT_PROPERTIES = {
  table: {
    ...countsMatrix,
    description: 'Aggregate counts: 2 to 12 rows of 2 to 12 non-negative integers (each at most 1e12, grand total at most 1e12), every row and column sum positive. Example: [[12, 5], [3, 9]].',
  },
  rowLabels: labels('row'),
  colLabels: labels('column'),
} as const satisfies Record<string, JsonSchema>;

// ------------------------------------------------------------------ output

const chiSquareResult = object({ chiSquare: number, degreesOfFreedom: integer, pValue: probability });
const directional = object({ symmetric: number, rowDependent: number, colDependent: number });

const fishersExactResult = object({
  pValue: probability,
  oddsRatio: nullableNumber,
  oddsRatioState: valueState,
  oddsRatioCI: pair(nullableNumber),
  oddsRatioCIStates: pair(valueState),
});

const oddsRatioResult = object({
  value: nullableNumber,
  valueState,
  ci95: pair(nullableNumber),
  ci95States: pair(valueState),
  method: { type: 'string', const: 'sample odds ratio with Woolf log interval' },
});

/** Properties and required list of the ContingencyResponse (additive fields included). */
export const CONTINGENCY_RESPONSE = {
  properties: {
    input: object({
      table: countsMatrix,
      n: { type: 'integer', minimum: 1, maximum: MAX_COUNT },
      rows: { type: 'integer', minimum: MIN_DIMENSION, maximum: MAX_DIMENSION },
      cols: { type: 'integer', minimum: MIN_DIMENSION, maximum: MAX_DIMENSION },
    }),
    docs: { type: 'string' },
    chiSquare: chiSquareResult,
    chiSquareYates: nullable(chiSquareResult),
    gTest: object({ gStatistic: number, degreesOfFreedom: integer, pValue: probability }),
    fishersExact: nullable(fishersExactResult),
    fishersExactUnavailableReason: unavailableReason,
    cramersV: object({ value: number, label: { type: 'string', enum: ['negligible', 'small', 'medium', 'large'] } }),
    phi: nullableNumber,
    contingencyCoefficient: number,
    lambda: directional,
    gamma: number,
    kendallTau: object({ tauB: number, tauC: number }),
    somersD: directional,
    theilsU: object({ symmetric: number, rowGivenCol: number, colGivenRow: number }),
    expected: object({ counts: matrix(number), min: number, cellsBelow5: { type: 'integer', minimum: 0 } }),
    totals: object({ row: { type: 'array', items: number }, col: { type: 'array', items: number } }),
    oddsRatio: nullable(oddsRatioResult),
    residuals: object({ pearson: matrix(number), adjusted: matrix(number) }),
  } satisfies Record<string, JsonSchema>,
  required: [
    'input',
    'docs',
    'chiSquare',
    'chiSquareYates',
    'gTest',
    'fishersExact',
    'fishersExactUnavailableReason',
    'cramersV',
    'phi',
    'contingencyCoefficient',
    'lambda',
    'gamma',
    'kendallTau',
    'somersD',
    'theilsU',
    'expected',
    'totals',
    'oddsRatio',
    'residuals',
  ],
};
