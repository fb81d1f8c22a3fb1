/**
 * The table codec: both encodings, every 400 code, the check order (parse, shape, dimensions,
 * counts, margins), messages that name the offending cell, and hints.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../src/api/errors.js';
import { decodeJsonBody, decodeJsonTable, decodeQueryTable } from '../src/api/table-codec.js';

function query(text: string): URLSearchParams {
  return new URLSearchParams(text);
}

function assertCode(run: () => unknown, code: string, message?: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.equal(error.status, 400);
    assert.ok(error.hint.length > 10, 'a hint says what to send instead');
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}

test('GET d: rows by ";", cells by ",", whitespace allowed, 12.0 is 12', () => {
  assert.deepEqual(decodeQueryTable(query('d=12,5;3,9')), { table: [[12, 5], [3, 9]], exact: true });
  assert.deepEqual(decodeQueryTable(query('d= 12 , 5 ; 3 ,9.0 ')).table, [[12, 5], [3, 9]]);
  assert.deepEqual(decodeQueryTable(query('d=1,2,3;4,5,6&exact=false')), { table: [[1, 2, 3], [4, 5, 6]], exact: false });
  assert.deepEqual(decodeQueryTable(query('d=-0,1;1,1')).table, [[0, 1], [1, 1]]);
});

test('GET: invalid_query for a missing, empty or repeated d, and a bad exact', () => {
  assertCode(() => decodeQueryTable(query('')), 'invalid_query', /missing/);
  assertCode(() => decodeQueryTable(query('d=')), 'invalid_query', /empty/);
  assertCode(() => decodeQueryTable(query('d=1,2;3,4&d=1,2;3,4')), 'invalid_query', /2 times/);
  assertCode(() => decodeQueryTable(query('d=1,2;3,4&exact=maybe')), 'invalid_query', /exact/);
});

test('GET: a cell token that is not a plain decimal number is invalid_table, naming the cell', () => {
  for (const token of ['', 'x', '0x10', '1e3', 'NaN', 'Infinity', '+4', '1.', '.5']) {
    assertCode(() => decodeQueryTable(query(`d=1,2;3,${encodeURIComponent(token)}`)), 'invalid_table', /row 2, column 2/);
  }
});

test('GET: negative, fractional and oversized counts are invalid_counts', () => {
  assertCode(() => decodeQueryTable(query('d=1,-2;3,4')), 'invalid_counts', /row 1, column 2.*negative/);
  assertCode(() => decodeQueryTable(query('d=1,2;3.5,4')), 'invalid_counts', /row 2, column 1.*whole/);
  assertCode(() => decodeQueryTable(query('d=1,2;3,1000000000001')), 'invalid_counts', /above/);
  assertCode(() => decodeQueryTable(query('d=1000000000000,1;1,1')), 'invalid_counts', /grand total/);
  assert.deepEqual(decodeQueryTable(query('d=999999999997,1;1,1')).table, [[999999999997, 1], [1, 1]]);
});

test('labels: counted, validated, never echoed', () => {
  assert.deepEqual(decodeQueryTable(query('d=1,2;3,4&rowLabels=a,b&colLabels=x&colLabels=y')), { table: [[1, 2], [3, 4]], exact: true });
  assertCode(() => decodeQueryTable(query('d=1,2;3,4&rowLabels=a,b,c')), 'invalid_table', /rowLabels has 3 labels but the table has 2 rows/);
  assertCode(() => decodeJsonTable({ table: [[1, 2], [3, 4]], colLabels: ['x'] }), 'invalid_table', /colLabels/);
  assertCode(() => decodeJsonTable({ table: [[1, 2], [3, 4]], colLabels: 'x,y' }), 'invalid_table', /array of strings/);
  assertCode(() => decodeJsonTable({ table: [[1, 2], [3, 4]], rowLabels: ['a', 'b'.repeat(201)] }), 'invalid_table', /200/);
});

test('POST: empty, unparseable and non-object bodies are invalid_json', () => {
  assertCode(() => decodeJsonBody(''), 'invalid_json', /empty/);
  assertCode(() => decodeJsonBody('  \n'), 'invalid_json', /empty/);
  assertCode(() => decodeJsonBody('{"table": [[1,2],[3,4]]'), 'invalid_json', /not valid JSON/);
  assertCode(() => decodeJsonBody('[[1,2],[3,4]]'), 'invalid_json', /object/);
  assertCode(() => decodeJsonBody('null'), 'invalid_json', /object/);
  assertCode(() => decodeJsonBody('{"table": [[1,2],[3,4]], "exact": "no"}'), 'invalid_json', /exact/);
  assertCode(() => decodeJsonBody('['.repeat(8000) + ']'.repeat(8000)), 'invalid_json');
});

test('POST: table missing, not an array of arrays, ragged, too large, or with non-number cells is invalid_table', () => {
  assertCode(() => decodeJsonBody('{"rows": 2}'), 'invalid_table', /no "table"/);
  assertCode(() => decodeJsonBody('{"table": "1,2;3,4"}'), 'invalid_table', /array of arrays/);
  assertCode(() => decodeJsonBody('{"table": [1, 2]}'), 'invalid_table', /array of arrays/);
  assertCode(() => decodeJsonBody('{"table": [[1,2],[3]]}'), 'invalid_table', /Row 2 has 1 cells but row 1 has 2/);
  assertCode(() => decodeJsonTable({ table: Array.from({ length: 13 }, () => [1, 1]) }), 'invalid_table', /13 rows/);
  assertCode(() => decodeJsonTable({ table: [new Array(13).fill(1), new Array(13).fill(1)] }), 'invalid_table', /13 columns/);
  assertCode(() => decodeJsonBody('{"table": [[1,"2"],[3,4]]}'), 'invalid_table', /row 1, column 2 is "2"/);
  assertCode(() => decodeJsonBody('{"table": [[1,2],[null,4]]}'), 'invalid_table', /row 2, column 1 is null/);
});

test('POST: counts and margins', () => {
  assert.deepEqual(decodeJsonBody('{"table": [[12.0, 5], [3, 9]], "other": 1}'), { table: [[12, 5], [3, 9]], exact: true });
  assert.deepEqual(decodeJsonBody('{"table": [[12, 5], [3, 9]], "exact": false}').exact, false);
  assertCode(() => decodeJsonBody('{"table": [[1e400, 5], [3, 9]]}'), 'invalid_counts', /not finite/);
  assertCode(() => decodeJsonBody('{"table": [[1, 5.5], [3, 9]]}'), 'invalid_counts', /row 1, column 2/);
  assertCode(() => decodeJsonBody('{"table": [[0, 0], [3, 9]]}'), 'empty_margins', /Row 1 sums to 0/);
  assertCode(() => decodeJsonBody('{"table": [[0, 5], [0, 9]]}'), 'empty_margins', /Column 1 sums to 0/);
});

test('dimensions: fewer than 2 rows or columns', () => {
  assertCode(() => decodeJsonBody('{"table": [[1, 2]]}'), 'insufficient_dimensions', /1 x 2/);
  assertCode(() => decodeJsonBody('{"table": []}'), 'insufficient_dimensions', /0 x 0/);
  assertCode(() => decodeQueryTable(query('d=1;2')), 'insufficient_dimensions', /2 x 1/);
});

test('checks run in the order parse, shape, dimensions, counts, margins', () => {
  // Ragged and negative: shape first.
  assertCode(() => decodeJsonBody('{"table": [[-1, 2], [3]]}'), 'invalid_table');
  // One row with a negative cell: dimensions before counts.
  assertCode(() => decodeJsonBody('{"table": [[-1, 2]]}'), 'insufficient_dimensions');
  // Negative cell and an empty margin: counts before margins.
  assertCode(() => decodeJsonBody('{"table": [[-1, 0], [0, 0]]}'), 'invalid_counts');
  // A word and a fraction: parse before counts.
  assertCode(() => decodeQueryTable(query('d=1.5,x;3,4')), 'invalid_table');
});

test('a prototype-polluting body is just ignored', () => {
  const request = decodeJsonBody('{"__proto__": {"table": [[1,1],[1,1]]}, "table": [[2, 1], [1, 2]]}');
  assert.deepEqual(request.table, [[2, 1], [1, 2]]);
  assertCode(() => decodeJsonBody('{"__proto__": {"table": [[1,1],[1,1]]}}'), 'invalid_table');
});

test('a single cell of exactly 1e12 is a valid count; the table around it is judged by its total and margins', () => {
  // 1e12 alone cannot fill a valid table (its other row and column would be empty) ...
  assertCode(() => decodeJsonTable({ table: [[1e12, 0], [0, 0]] }), 'empty_margins', /Row 2 sums to 0/);
  // ... and beside any other count the grand total exceeds the bound.
  assertCode(() => decodeJsonTable({ table: [[1e12, 1], [1, 0]] }), 'invalid_counts', /grand total 1000000000002/);
  assertCode(() => decodeJsonTable({ table: [[1e12 + 1, 0], [0, 1]] }), 'invalid_counts', /row 1, column 1.*above/);
});
