// A script's options with their help, parsed by node:util's parseArgs: `--help` prints the usage
// (every option on a line of its own, with its default) and exits 0 before any work; an option the
// script does not take prints the usage to stderr and exits 2. For the npm scripts' entries
// (tools/, bench/); test/tools/help.test.ts checks that every option is in its script's usage.
import { parseArgs } from 'node:util';

export interface Option {
  type: 'string' | 'boolean';
  multiple?: boolean;
  default?: string | boolean | string[];
  /** What it does, one line. */
  help: string;
  /** Its value's name in the usage (`N`, `DIR`); `VALUE` by default. */
  value?: string;
}

export interface Command<O extends Record<string, Option>> {
  /** How it is run: `npm run soak --`. */
  command: string;
  /** Its positional arguments, as the usage names them (`DIST [DIST ...]`); none by default. */
  positionals?: string;
  /** What it does, a line or two. */
  about: string;
  options: O;
}

/** `command` as it is, its options' types kept: for a script that also prints its usage itself. */
export function defineCommand<O extends Record<string, Option>>(command: Command<O>): Command<O> {
  return command;
}

type Parsed<O extends Record<string, Option>> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; args: string[] }>
>;

/** The usage: the command line, what it does, then each option with its default. */
export function usageText<O extends Record<string, Option>>(command: Command<O>): string {
  const names = Object.entries(command.options).map(([name, option]) => {
    const value = option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : '';
    return `--${name}${value}${option.multiple ? ' ...' : ''}`;
  });
  const width = Math.max('--help'.length, ...names.map((name) => name.length)) + 2;
  const lines = Object.values(command.options).map((option, i) => {
    const fallback =
      option.default === undefined || option.default === false || option.default === ''
        ? ''
        : ` (default ${Array.isArray(option.default) ? option.default.join(',') : option.default})`;
    return `  ${names[i]!.padEnd(width)}${option.help}${fallback}`;
  });
  return [
    `usage: ${command.command}${command.positionals ? ` ${command.positionals}` : ''} [options]`,
    command.about,
    '',
    'options:',
    ...lines,
    `  ${'--help'.padEnd(width)}this text`,
  ].join('\n');
}

/**
 * The arguments parsed (process.argv after the script by default); `--help` prints the usage and
 * exits 0, an unknown option or a positional the command does not take exits 2 with it.
 */
export function parseCommandLine<O extends Record<string, Option>>(
  command: Command<O>,
  args = process.argv.slice(2),
): Parsed<O> {
  if (args.includes('--help')) {
    console.log(usageText(command));
    process.exit(0);
  }
  try {
    return parseArgs({
      args,
      options: command.options,
      allowPositionals: command.positionals !== undefined,
    }) as Parsed<O>;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usageText(command)}`);
    process.exit(2);
  }
}
