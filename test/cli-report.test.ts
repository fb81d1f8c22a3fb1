/**
 * The pieces of the `analyze` report: number formatting (significant digits, exponent form,
 * underflowed p-values, ∞), decimal-point alignment, and the CSV reader's header and label rules.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../src/api/errors.js';
import { parseCsvTable } from '../src/cli/csv-table.js';
import { formatBounded, formatInterval, formatNumber, formatPValue } from '../src/cli/format.js';
import { renderTable } from '../src/cli/text-table.js';

test('formatNumber: 4 significant digits, plain from 1e-4 to 1e15, exponent outside', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [12, '12'],
    [1000000000000, '1000000000000'],
    [0.1190472, '0.1190'],
    [2.4305755, '2.431'],
    [136.77127, '136.8'],
    [123456.78, '123457'],
    [-0.0833333, '-0.08333'],
    [0.00012346, '0.0001235'],
    [0.000012346, '1.235e-5'],
    [3.082747960142466e-21, '3.083e-21'],
    [9.99996, '10.00'],
    [0.099996, '0.1000'],
    [-9.99996, '-10.00'],
    [1.6666e17, '1.667e+17'],
    [Infinity, '∞'],
  ];
  for (const [x, expected] of cases) assert.equal(formatNumber(x), expected, String(x));
});

test('formatPValue prints tiny p-values in exponent form and an underflow as < 5e-324', () => {
  assert.equal(formatPValue(0.7468856), '0.7469');
  assert.equal(formatPValue(1), '1');
  assert.equal(formatPValue(5.5e-250), '5.500e-250');
  assert.equal(formatPValue(4.9e-324), '4.941e-324');
  assert.equal(formatPValue(0), '< 5e-324');
});

test('unbounded values and intervals use ∞ with an open bracket', () => {
  assert.equal(formatBounded(null, 'positive_infinity'), '∞');
  assert.equal(formatBounded(2.5, 'finite'), '2.500');
  assert.equal(formatInterval([0, null], ['finite', 'positive_infinity']), '[0, ∞)');
  assert.equal(formatInterval([0.5993, 16.65], ['finite', 'finite']), '[0.5993, 16.65]');
});

test('renderTable aligns numbers on the decimal point and text to the right', () => {
  const lines = renderTable([
    ['', 'value', 'note'],
    ['a', '0.1190', 'x'],
    ['bb', '12.48', 'longer'],
    ['c', '3.083e-21', ''],
    ['d', 'n/a', ''],
  ]);
  assert.deepEqual(lines, [
    '            value     note',
    '  a     0.1190           x',
    '  bb   12.48        longer',
    '  c     3.083e-21',
    '  d           n/a',
  ]);
  assert.deepEqual(renderTable([['x', 'y', 'z']], { left: [0, 2], indent: 0, gap: 1 }), ['x y z']);
});

test('CSV: header and row labels are recognised by the documented rules', () => {
  assert.deepEqual(parseCsvTable('12,5\n7,9\n'), { table: [[12, 5], [7, 9]] });
  assert.deepEqual(parseCsvTable('yes,no\n12,5\n7,9'), { table: [[12, 5], [7, 9]], colLabels: ['yes', 'no'] });
  assert.deepEqual(parseCsvTable('treated,12,5\ncontrol,7,9'), {
    table: [[12, 5], [7, 9]],
    rowLabels: ['treated', 'control'],
  });
  // An empty corner cell makes the first column labels even when they are numbers (years).
  assert.deepEqual(parseCsvTable(',2023,2024\n2023,1,2\n2024,3,4'), {
    table: [[1, 2], [3, 4]],
    rowLabels: ['2023', '2024'],
    colLabels: ['2023', '2024'],
  });
  // A label column with a corner label; numeric column labels need quotes without an empty corner.
  assert.deepEqual(parseCsvTable('group,"1","2"\ntreated,12,5\ncontrol,7,9'), {
    table: [[12, 5], [7, 9]],
    rowLabels: ['treated', 'control'],
    colLabels: ['1', '2'],
  });
  // Quoted cells are labels, may hold commas and doubled quotes; # lines, blank lines, BOM and CRLF are skipped.
  assert.deepEqual(parseCsvTable('\uFEFF# survey\r\n"a, b","say ""no"""\r\n\r\n1,2\r\n3,4\r\n'), {
    table: [[1, 2], [3, 4]],
    colLabels: ['a, b', 'say "no"'],
  });
});

test('CSV: structural problems are invalid_table errors that name the line', () => {
  const cases: [string, RegExp][] = [
    ['', /no table rows/],
    ['# only a comment\n', /no table rows/],
    ['a,b\n', /header line but no rows/],
    ['a,b,c\n1,2\n3,4', /header names 3 columns but the first row of counts has 2/],
    ['"a,b\n1,2', /line 1: a quoted cell is not closed/],
    ['"a"x,b\n1,2', /line 1: text after a closing quote/],
    ['a,b\n1,2\n3,x', /row 2, column 2 of the counts is "x", which is not a number/],
    ['a,b\n1,2\n3,1e3', /row 2, column 2 of the counts is "1e3"/],
  ];
  for (const [text, message] of cases) {
    assert.throws(
      () => parseCsvTable(text),
      (error: unknown) => error instanceof ApiError && error.code === 'invalid_table' && message.test(error.message),
      JSON.stringify(text),
    );
  }
});
