/**
 * The stdio server as a process (`node dist/src/cli/main.js mcp`): newline-delimited JSON-RPC,
 * one answer per request line in order, none for notifications, parse errors answered without
 * an id, only JSON-RPC on stdout, and exit code 0 once stdin closes.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { CLI_PATH } from './helpers/mcp-clients.js';

async function runStdio(input: string, args: string[] = ['mcp'], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(input);
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

test('answers each request line in order, skips notifications, and exits 0 when stdin closes', async () => {
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'analyze_crosstab', arguments: { table: [[12, 5], [3, 9]] } } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'fetch', arguments: { id: 'limits' } } },
    { jsonrpc: '2.0', id: 4, method: 'nope' },
  ];
  const input = [...lines.map((l) => JSON.stringify(l)), '', 'not json', JSON.stringify({ jsonrpc: '2.0', id: null, method: 'ping' }), '{"jsonrpc":"2.0","id":5,"method":"ping"}\r'].join('\n') + '\n';
  const { code, stdout, stderr } = await runStdio(input, ['mcp'], { PUBLIC_BASE_URL: 'https://stats.example.org/' });
  assert.equal(code, 0, stderr);
  const answers = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
  assert.deepEqual(
    answers.map((a) => a['id'] ?? a['error']?.code),
    [1, 'b', 3, 4, -32700, -32600, 5],
  );
  assert.equal(answers[0]!['result'].protocolVersion, '2025-03-26');
  assert.equal(answers[1]!['result'].structuredContent.docs, 'https://stats.example.org/docs', 'links use PUBLIC_BASE_URL');
  assert.equal(answers[2]!['result'].structuredContent.url, 'https://stats.example.org/docs#limits');
  assert.equal(answers[3]!['error'].code, -32601);
  assert.doesNotMatch(stdout, /"id":null/);
  assert.equal(stderr, '', 'nothing to log for a clean session');
});

test('links default to http://127.0.0.1:8080 without PUBLIC_BASE_URL', async () => {
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'phi' } } };
  const env: Record<string, string> = { PUBLIC_BASE_URL: '', HOST: '', PORT: '' };
  const { code, stdout } = await runStdio(JSON.stringify(call) + '\n', ['mcp'], env);
  assert.equal(code, 0);
  assert.equal(JSON.parse(stdout).result.structuredContent.results[0].url, 'http://127.0.0.1:8080/docs#stat-phi');
});

test('empty stdin exits 0 with no output; --help prints usage; extra arguments exit 2', async () => {
  const empty = await runStdio('');
  assert.equal(empty.code, 0);
  assert.equal(empty.stdout, '');
  const help = await runStdio('', ['mcp', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: contingency-api mcp/);
  const extra = await runStdio('', ['mcp', '--port', '1']);
  assert.equal(extra.code, 2);
  assert.equal(extra.stdout, '');
  assert.match(extra.stderr, /unknown argument/);
});
