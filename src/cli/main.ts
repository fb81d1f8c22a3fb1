#!/usr/bin/env node
/**
 * The `contingency-api` command line: dispatches to one module per command.
 * Each command module exports `summary` (one line), `help` (full text) and `run(args)` that
 * resolves to the process exit code.
 */
import process from 'node:process';

export interface CommandModule {
  readonly summary: string;
  readonly help: string;
  run(args: readonly string[]): Promise<number>;
}

const commands: Record<string, () => Promise<CommandModule>> = {
  serve: () => import('./serve.js'),
  mcp: () => import('./mcp-stdio.js'),
  analyze: () => import('./analyze.js'),
  'systemd-unit': () => import('./systemd-unit.js'),
};

async function usage(): Promise<string> {
  const lines = ['Usage: contingency-api <command> [options]', '', 'Commands:'];
  for (const [name, load] of Object.entries(commands)) {
    lines.push(`  ${name.padEnd(14)} ${(await load()).summary}`);
  }
  lines.push('', 'Run `contingency-api <command> --help` for the options of a command.');
  return lines.join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write((await usage()) + '\n');
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (load === undefined) {
    process.stderr.write(`contingency-api: unknown command "${name}"\n\n${await usage()}\n`);
    return 2;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(command.help + '\n');
    return 0;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`contingency-api: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
