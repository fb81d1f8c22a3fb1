/**
 * JSON Schemas (draft 2020-12, the dialect of OpenAPI 3.1) of every request and response body:
 * service description "Resources and their fields", plus the additive `/contingency` fields of
 * METHODS.md. `$ref`s point at `#/components/schemas/<Name>`, so the same objects are the
 * OpenAPI components and what the test suite validates responses against.
 *
 * Required lists follow the contract. Beyond the contract's types, the schemas state rules
 * that a correct response always meets, so that a validator catches real mistakes:
 * value ranges of the measures, `null` exactly when the state is `positive_infinity`, an exact
 * result `null` exactly when a reason is given, and which fields are `null` for non-2×2 tables.
 * Additional properties are allowed everywhere (additive fields may appear).
 */
import { ERROR_STATUS } from '../api/errors.js';
import { WOOLF_METHOD } from '../engine/types.js';

export type Schema = { readonly [keyword: string]: unknown };

/** Table bounds of the contract ("FrequencyMatrix", "Limits"). */
export const MAX_DIMENSION = 12;
export const MAX_COUNT = 1_000_000_000_000;

export const SCHEMA_NAMES = [
  'FrequencyMatrix',
  'TableRequest',
  'Input',
  'ValueState',
  'UnavailableReason',
  'ChiSquareResult',
  'GTestResult',
  'CramersV',
  'FishersExactResult',
  'OddsRatioResult',
  'Lambda',
  'SomersD',
  'KendallTau',
  'TheilsU',
  'ExpectedSummary',
  'ExpectedCounts',
  'Totals',
  'Residuals',
  'ChiSquareResponse',
  'FisherResponse',
  'OddsRatioResponse',
  'ContingencyResponse',
  'FisherWorkloadError',
  'Error',
  'NotFoundError',
  'HealthReport',
  'JsonRpcMessage',
  'JsonRpcErrorResponse',
] as const;

export type SchemaName = (typeof SCHEMA_NAMES)[number];

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

export function ref(name: SchemaName): Schema {
  return { $ref: SCHEMA_REF_PREFIX + name };
}

function nullable(schema: Schema): Schema {
  return { oneOf: [schema, { type: 'null' }] };
}

function numberIn(minimum: number, maximum: number, description: string): Schema {
  return { type: 'number', minimum, maximum, description };
}

const pValue = (description: string): Schema => numberIn(0, 1, description);

const integerIn = (minimum: number, maximum: number, description: string): Schema => ({
  type: 'integer',
  minimum,
  maximum,
  description,
});

function matrixOf(cell: Schema, description: string): Schema {
  const row = { type: 'array', minItems: 2, maxItems: MAX_DIMENSION, items: cell };
  return { type: 'array', minItems: 2, maxItems: MAX_DIMENSION, items: row, description };
}

function labels(of: string): Schema {
  return {
    type: 'array',
    items: { type: 'string' },
    minItems: 2,
    maxItems: MAX_DIMENSION,
    description: `One label per ${of}, in order. Validated for count, never echoed; labels do not change any statistic.`,
  };
}

/** `[number or null, number or null]`: an interval whose bounds may be +infinity (encoded null). */
const nullableBoundPair = (description: string): Schema => ({
  type: 'array',
  minItems: 2,
  maxItems: 2,
  items: { type: ['number', 'null'], minimum: 0 },
  description,
});

const statePair = (description: string): Schema => ({
  type: 'array',
  minItems: 2,
  maxItems: 2,
  items: ref('ValueState'),
  description,
});

/** `valueKey` is null exactly when `stateKey` is `positive_infinity` (the zero-cell rule). */
function nullMeansInfinity(valueKey: string, stateKey: string): Schema {
  return {
    if: { properties: { [valueKey]: { type: 'null' } }, required: [valueKey] },
    then: { properties: { [stateKey]: { const: 'positive_infinity' } } },
    else: { properties: { [stateKey]: { const: 'finite' } } },
  };
}

/** The same rule per position of an interval and its states. */
function pairNullMeansInfinity(pairKey: string, statesKey: string): Schema[] {
  return [0, 1].map((position) => {
    const at = (item: Schema): Schema => ({ type: 'array', prefixItems: position === 0 ? [item] : [true, item] });
    return {
      if: { properties: { [pairKey]: at({ type: 'null' }) }, required: [pairKey] },
      then: { properties: { [statesKey]: at({ const: 'positive_infinity' }) } },
      else: { properties: { [statesKey]: at({ const: 'finite' }) } },
    };
  });
}

/** An exact result (`resultKey`) is null exactly when `reasonKey` gives the reason. */
function nullExactlyWithReason(resultKey: string, reasonKey: string): Schema {
  return {
    if: { properties: { [resultKey]: { type: 'null' } }, required: [resultKey] },
    then: { properties: { [reasonKey]: ref('UnavailableReason') } },
    else: { properties: { [reasonKey]: { type: 'null' } } },
  };
}

const TWO_BY_TWO: Schema = {
  properties: {
    input: { type: 'object', properties: { rows: { const: 2 }, cols: { const: 2 } }, required: ['rows', 'cols'] },
  },
  required: ['input'],
};

/** Rules that differ between 2×2 tables and larger ones (METHODS.md "Non-2x2 tables"). */
function byShape(twoByTwo: Record<string, Schema>, larger: Record<string, Schema>): Schema {
  return { if: TWO_BY_TWO, then: { type: 'object', properties: twoByTwo }, else: { type: 'object', properties: larger } };
}

const NULL: Schema = { type: 'null' };
const NOT_NOT_2X2: Schema = { not: { const: 'not_2x2' } };
const NOT_2X2: Schema = { const: 'not_2x2' };

const commonProperties = {
  input: ref('Input'),
  docs: {
    type: 'string',
    format: 'uri',
    pattern: '/docs$',
    description: 'Constant: the address of the developer reference, `{base_url}/docs`.',
  },
} as const;

const yatesResult: Schema = {
  allOf: [ref('ChiSquareResult'), { type: 'object', properties: { degreesOfFreedom: { const: 1 } } }],
};

const errorCodes = Object.keys(ERROR_STATUS);

const TWO_BY_TWO_TABLE = [
  [12, 5],
  [3, 9],
];

export const schemas: Readonly<Record<SchemaName, Schema>> = {
  FrequencyMatrix: {
    ...matrixOf(
      integerIn(0, MAX_COUNT, 'A count: integer 0 to 1000000000000.'),
      'Rows of non-negative integer counts: 2 to 12 rows, 2 to 12 columns, all rows the same length. ' +
        'The grand total is at most 1000000000000 and every row sum and column sum is positive.',
    ),
    examples: [TWO_BY_TWO_TABLE],
  },
  TableRequest: {
    type: 'object',
    required: ['table'],
    properties: {
      table: ref('FrequencyMatrix'),
      rowLabels: labels('row'),
      colLabels: labels('column'),
      exact: {
        type: 'boolean',
        default: true,
        description:
          '`false` skips the exact test (reason `disabled_by_caller`). Read by /api/v1/contingency and /api/v1/odds-ratio.',
      },
    },
    description: 'A table to analyse. Other properties are ignored.',
    examples: [
      { table: TWO_BY_TWO_TABLE },
      { table: TWO_BY_TWO_TABLE, rowLabels: ['Treated', 'Control'], colLabels: ['Improved', 'Not improved'] },
    ],
  },
  Input: {
    type: 'object',
    required: ['table', 'n', 'rows', 'cols'],
    properties: {
      table: ref('FrequencyMatrix'),
      n: integerIn(1, MAX_COUNT, 'Grand total N.'),
      rows: integerIn(2, MAX_DIMENSION, 'Number of rows r.'),
      cols: integerIn(2, MAX_DIMENSION, 'Number of columns c.'),
    },
    description: 'The validated table, echoed in every analysis response.',
  },
  ValueState: {
    type: 'string',
    enum: ['finite', 'positive_infinity'],
    description: '`positive_infinity` marks an unbounded value, whose number is then encoded as null.',
  },
  UnavailableReason: {
    type: 'string',
    enum: [
      'not_2x2',
      'invalid_counts',
      'unsafe_integer_counts',
      'non_positive_margins',
      'workload_limit',
      'disabled_by_caller',
    ],
    description:
      'Why an exact result is null: `not_2x2` (the table is larger than 2×2), `workload_limit` (the support exceeds ' +
      '100000 tables), `disabled_by_caller` (`exact=false`). The other three cannot occur for a request that passed validation.',
  },
  ChiSquareResult: {
    type: 'object',
    required: ['chiSquare', 'degreesOfFreedom', 'pValue'],
    properties: {
      chiSquare: { type: 'number', minimum: 0, description: 'The test statistic.' },
      degreesOfFreedom: integerIn(1, (MAX_DIMENSION - 1) ** 2, '(r − 1)(c − 1).'),
      pValue: pValue('Upper tail of the chi-square distribution with `degreesOfFreedom` degrees of freedom.'),
    },
  },
  GTestResult: {
    type: 'object',
    required: ['gStatistic', 'degreesOfFreedom', 'pValue'],
    properties: {
      gStatistic: { type: 'number', minimum: 0, description: 'G = 2 Σ n ln(n / E), no Williams correction.' },
      degreesOfFreedom: integerIn(1, (MAX_DIMENSION - 1) ** 2, '(r − 1)(c − 1).'),
      pValue: pValue('Upper tail of the chi-square distribution with `degreesOfFreedom` degrees of freedom.'),
    },
  },
  CramersV: {
    type: 'object',
    required: ['value', 'label'],
    properties: {
      value: numberIn(0, 1, 'V = sqrt(X² / (N (min(r, c) − 1))).'),
      label: {
        type: 'string',
        enum: ['negligible', 'small', 'medium', 'large'],
        description: 'Cohen (1988) thresholds 0.1, 0.3, 0.5 divided by sqrt(min(r, c) − 1); on a threshold, the higher label.',
      },
    },
  },
  FishersExactResult: {
    type: 'object',
    required: ['pValue', 'oddsRatio', 'oddsRatioState', 'oddsRatioCI', 'oddsRatioCIStates'],
    properties: {
      pValue: pValue('Two-sided Fisher–Irwin p-value (tables with probability ≤ P(observed) × (1 + 1e-7)).'),
      oddsRatio: {
        type: ['number', 'null'],
        minimum: 0,
        description: 'Conditional maximum-likelihood estimate of the odds ratio; null when +infinity.',
      },
      oddsRatioState: ref('ValueState'),
      oddsRatioCI: nullableBoundPair('Exact conditional 95% interval (Cornfield); an upper bound of +infinity is null.'),
      oddsRatioCIStates: statePair('State of each bound of `oddsRatioCI`.'),
    },
    allOf: [
      nullMeansInfinity('oddsRatio', 'oddsRatioState'),
      ...pairNullMeansInfinity('oddsRatioCI', 'oddsRatioCIStates'),
    ],
  },
  OddsRatioResult: {
    type: 'object',
    required: ['value', 'valueState', 'ci95', 'ci95States', 'method'],
    properties: {
      value: {
        type: ['number', 'null'],
        minimum: 0,
        description: 'Sample odds ratio ad / bc; null when +infinity (bc = 0).',
      },
      valueState: ref('ValueState'),
      ci95: nullableBoundPair('Woolf 95% interval exp(ln OR ± 1.96 sqrt(1/a + 1/b + 1/c + 1/d)); [0, null] with a zero cell.'),
      ci95States: statePair('State of each bound of `ci95`.'),
      method: { type: 'string', const: WOOLF_METHOD },
    },
    allOf: [nullMeansInfinity('value', 'valueState'), ...pairNullMeansInfinity('ci95', 'ci95States')],
  },
  Lambda: {
    type: 'object',
    required: ['symmetric', 'rowDependent', 'colDependent'],
    properties: {
      symmetric: numberIn(0, 1, 'Symmetric lambda.'),
      rowDependent: numberIn(0, 1, 'Lambda with the row variable dependent (predicted from the column).'),
      colDependent: numberIn(0, 1, 'Lambda with the column variable dependent (predicted from the row).'),
    },
    description: 'Goodman–Kruskal lambda: proportional reduction in prediction error.',
  },
  SomersD: {
    type: 'object',
    required: ['symmetric', 'rowDependent', 'colDependent'],
    properties: {
      symmetric: numberIn(-1, 1, "Symmetric Somers' d."),
      rowDependent: numberIn(-1, 1, "Somers' d with the row variable dependent: (P − Q) / D_C."),
      colDependent: numberIn(-1, 1, "Somers' d with the column variable dependent: (P − Q) / D_R."),
    },
  },
  KendallTau: {
    type: 'object',
    required: ['tauB', 'tauC'],
    properties: {
      tauB: numberIn(-1, 1, "Kendall's tau-b."),
      tauC: numberIn(-1, 1, "Stuart's tau-c."),
    },
  },
  TheilsU: {
    type: 'object',
    required: ['symmetric', 'rowGivenCol', 'colGivenRow'],
    properties: {
      symmetric: numberIn(0, 1, 'Symmetric uncertainty coefficient 2I / (H(R) + H(C)).'),
      rowGivenCol: numberIn(0, 1, 'I / H(R): share of the row entropy explained by the column.'),
      colGivenRow: numberIn(0, 1, 'I / H(C): share of the column entropy explained by the row.'),
    },
  },
  ExpectedSummary: {
    type: 'object',
    required: ['min', 'cellsBelow5'],
    properties: {
      min: { type: 'number', exclusiveMinimum: 0, description: 'Smallest expected count.' },
      cellsBelow5: integerIn(0, MAX_DIMENSION ** 2, 'Number of cells with an expected count below 5.'),
    },
  },
  ExpectedCounts: {
    allOf: [ref('ExpectedSummary')],
    type: 'object',
    required: ['counts', 'min', 'cellsBelow5'],
    properties: {
      counts: matrixOf({ type: 'number', exclusiveMinimum: 0 }, 'E_ij = a_i b_j / N, same shape as the table.'),
    },
  },
  Totals: {
    type: 'object',
    required: ['row', 'col'],
    properties: {
      row: { type: 'array', minItems: 2, maxItems: MAX_DIMENSION, items: { type: 'integer', minimum: 1 }, description: 'Row sums a_i.' },
      col: { type: 'array', minItems: 2, maxItems: MAX_DIMENSION, items: { type: 'integer', minimum: 1 }, description: 'Column sums b_j.' },
    },
  },
  Residuals: {
    type: 'object',
    required: ['pearson', 'adjusted'],
    properties: {
      pearson: matrixOf({ type: 'number' }, '(n_ij − E_ij) / sqrt(E_ij).'),
      adjusted: matrixOf(
        { type: 'number' },
        "Haberman's adjusted residual (n_ij − E_ij) / sqrt(E_ij (1 − a_i/N)(1 − b_j/N)); |value| > 1.96 departs from independence at the 5% level.",
      ),
    },
  },
  ChiSquareResponse: {
    type: 'object',
    required: ['input', 'docs', 'chiSquare', 'chiSquareYates', 'gTest', 'cramersV', 'expected', 'warning'],
    properties: {
      ...commonProperties,
      chiSquare: ref('ChiSquareResult'),
      chiSquareYates: { ...nullable(yatesResult), description: 'Yates-corrected test; null unless the table is 2×2.' },
      gTest: ref('GTestResult'),
      cramersV: ref('CramersV'),
      expected: ref('ExpectedSummary'),
      warning: {
        type: ['string', 'null'],
        description: 'Low-expected-count warning; null when no expected count is below 5.',
      },
    },
    allOf: [
      byShape({ chiSquareYates: yatesResult }, { chiSquareYates: NULL }),
      {
        if: { properties: { expected: { type: 'object', properties: { cellsBelow5: { const: 0 } } } } },
        then: { properties: { warning: NULL } },
        else: { properties: { warning: { type: 'string', minLength: 1 } } },
      },
    ],
  },
  FisherResponse: {
    type: 'object',
    required: ['input', 'docs', 'fishersExact', 'unavailableReason', 'note'],
    properties: {
      ...commonProperties,
      fishersExact: { ...nullable(ref('FishersExactResult')), description: 'Null when unavailable; see `unavailableReason`.' },
      unavailableReason: nullable(ref('UnavailableReason')),
      note: { type: ['string', 'null'], description: 'Read before interpreting the result.' },
    },
    allOf: [
      nullExactlyWithReason('fishersExact', 'unavailableReason'),
      byShape({ unavailableReason: NOT_NOT_2X2 }, { fishersExact: NULL, unavailableReason: NOT_2X2 }),
    ],
  },
  OddsRatioResponse: {
    type: 'object',
    required: ['input', 'docs', 'oddsRatio', 'fishersExactP', 'fishersExactUnavailableReason', 'note'],
    properties: {
      ...commonProperties,
      oddsRatio: { ...nullable(ref('OddsRatioResult')), description: 'Null unless the table is 2×2.' },
      fishersExactP: { type: ['number', 'null'], minimum: 0, maximum: 1, description: 'Two-sided Fisher–Irwin p-value.' },
      fishersExactUnavailableReason: nullable(ref('UnavailableReason')),
      note: { type: ['string', 'null'], description: 'Read before interpreting the result (zero cells, unavailable test).' },
    },
    allOf: [
      nullExactlyWithReason('fishersExactP', 'fishersExactUnavailableReason'),
      byShape(
        { oddsRatio: ref('OddsRatioResult'), fishersExactUnavailableReason: NOT_NOT_2X2 },
        { oddsRatio: NULL, fishersExactP: NULL, fishersExactUnavailableReason: NOT_2X2 },
      ),
    ],
  },
  ContingencyResponse: {
    type: 'object',
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
    ],
    properties: {
      ...commonProperties,
      chiSquare: ref('ChiSquareResult'),
      chiSquareYates: { ...nullable(yatesResult), description: 'Null unless the table is 2×2.' },
      gTest: ref('GTestResult'),
      fishersExact: { ...nullable(ref('FishersExactResult')), description: 'Null when unavailable; see the reason.' },
      fishersExactUnavailableReason: nullable(ref('UnavailableReason')),
      cramersV: ref('CramersV'),
      phi: { type: ['number', 'null'], minimum: -1, maximum: 1, description: 'Signed phi; null unless the table is 2×2.' },
      contingencyCoefficient: numberIn(0, 1, "Pearson's C = sqrt(X² / (X² + N))."),
      lambda: ref('Lambda'),
      gamma: numberIn(-1, 1, 'Goodman–Kruskal gamma (P − Q) / (P + Q).'),
      kendallTau: ref('KendallTau'),
      somersD: ref('SomersD'),
      theilsU: ref('TheilsU'),
      expected: ref('ExpectedCounts'),
      totals: ref('Totals'),
      oddsRatio: {
        ...nullable(ref('OddsRatioResult')),
        description: 'Additive field: the /api/v1/odds-ratio result; null unless the table is 2×2.',
      },
      residuals: { ...ref('Residuals'), description: 'Additive field: Pearson and adjusted residuals.' },
    },
    allOf: [
      nullExactlyWithReason('fishersExact', 'fishersExactUnavailableReason'),
      byShape(
        {
          chiSquareYates: yatesResult,
          phi: { type: 'number' },
          oddsRatio: ref('OddsRatioResult'),
          fishersExactUnavailableReason: NOT_NOT_2X2,
        },
        { chiSquareYates: NULL, phi: NULL, oddsRatio: NULL, fishersExact: NULL, fishersExactUnavailableReason: NOT_2X2 },
      ),
    ],
  },
  FisherWorkloadError: {
    allOf: [
      ref('FisherResponse'),
      {
        type: 'object',
        required: ['error', 'code', 'hint'],
        properties: {
          error: { type: 'string', minLength: 1 },
          code: { const: 'fisher_workload_limit' },
          hint: { type: 'string', minLength: 1 },
          fishersExact: NULL,
          unavailableReason: { const: 'workload_limit' },
        },
      },
    ],
    description: 'HTTP 422 from /api/v1/fishers-exact: the full FisherResponse plus the error fields.',
  },
  Error: {
    type: 'object',
    required: ['error', 'code', 'hint'],
    properties: {
      error: { type: 'string', minLength: 1, description: 'What went wrong, naming the offending row, column or cell.' },
      code: { type: 'string', enum: errorCodes, description: 'Machine-readable code; see the error table of the reference.' },
      hint: { type: 'string', minLength: 1, description: 'What to send instead.' },
    },
  },
  NotFoundError: {
    allOf: [
      ref('Error'),
      {
        type: 'object',
        required: ['documentation'],
        properties: {
          code: { const: 'endpoint_not_found' },
          documentation: { type: 'string', format: 'uri', description: 'Address of the developer reference.' },
        },
      },
    ],
    description: 'HTTP 404 for an unknown path under /api (HEAD: same status, no body).',
  },
  HealthReport: {
    type: 'object',
    required: ['schemaVersion', 'service', 'status', 'checkedAt', 'build', 'trustReadiness', 'checks'],
    properties: {
      schemaVersion: { type: 'integer', const: 3 },
      service: { type: 'string', const: 'contingency-api' },
      status: { type: 'string', enum: ['operational', 'degraded'] },
      checkedAt: { type: 'string', format: 'date-time' },
      build: {
        type: 'object',
        required: ['deploymentId', 'deploymentUrl', 'sourceRevision', 'sourceBranch', 'applicationVersion', 'provenance'],
        properties: {
          deploymentId: { type: ['string', 'null'] },
          deploymentUrl: { type: ['string', 'null'] },
          sourceRevision: { type: ['string', 'null'] },
          sourceBranch: { type: ['string', 'null'] },
          applicationVersion: { type: 'string' },
          provenance: {
            type: 'object',
            required: ['confidence', 'limitations'],
            properties: {
              confidence: { type: 'string', enum: ['metadata_only', 'unverified'] },
              limitations: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
      trustReadiness: {
        type: 'object',
        required: ['status', 'affectsOperationalStatus', 'basis', 'contractUpdatedAt', 'pendingEvidence', 'limitations'],
        properties: {
          status: { type: 'string', enum: ['pending', 'evidence_recorded'] },
          affectsOperationalStatus: { type: 'boolean', const: false },
          basis: { type: 'string', const: 'checked-in-release-contract' },
          contractUpdatedAt: { type: 'string' },
          pendingEvidence: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'detail'],
              properties: { id: { type: 'string' }, name: { type: 'string' }, detail: { type: 'string' } },
            },
          },
          limitations: { type: 'array', items: { type: 'string' } },
        },
        description: 'Pending evidence does not make runtime health degraded.',
      },
      checks: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'status', 'detail'],
          properties: {
            id: { type: 'string', enum: ['application_runtime', 'statistics_engine'] },
            name: { type: 'string' },
            status: { type: 'string', enum: ['operational', 'degraded'] },
            detail: { type: 'string' },
          },
        },
      },
    },
    allOf: [
      {
        if: { properties: { checks: { type: 'array', contains: { type: 'object', properties: { status: { const: 'degraded' } } } } } },
        then: { properties: { status: { const: 'degraded' } } },
        else: { properties: { status: { const: 'operational' } } },
      },
    ],
    description: '`status` is `degraded` exactly when a check is degraded (HTTP 503), else `operational` (HTTP 200).',
  },
  JsonRpcMessage: {
    type: 'object',
    required: ['jsonrpc'],
    properties: { jsonrpc: { const: '2.0' }, method: { type: 'string' } },
    description: 'One JSON-RPC 2.0 message of the MCP Streamable HTTP transport (informational; see the MCP specification).',
  },
  JsonRpcErrorResponse: {
    type: 'object',
    required: ['jsonrpc', 'error'],
    properties: {
      jsonrpc: { const: '2.0' },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' } },
      },
    },
    not: { properties: { id: { type: 'null' } }, required: ['id'] },
    description: 'A JSON-RPC error. Transport failures omit `id` (never `"id": null`); `error.data` may carry the REST `code` and `hint`.',
  },
};

/** The component schema called `name` (its `$ref`s point into `#/components/schemas`). */
export function componentSchema(name: SchemaName): Schema {
  return schemas[name];
}
