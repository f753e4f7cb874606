// npm run pull -- --from <base URL> [--out DIR] [--page-size N] [--timeout S] [--request-timeout S]
// [--retries N] [--retry-delay MS] Reads the four lists and every published element from a live API
// of this shape (the original service or this one) into a staged folder beside DIR, validates it as
// the build would, and only then swaps it in for DIR. Any failure, or an interruption, leaves DIR
// as it was. Exit codes: 0 pulled, 1 the source failed or its catalogue has problems, 2 bad usage.
import { REFERENCE_LISTS } from '../../core/contract.ts';
import { pullCatalogue } from './pull-catalogue.ts';
import { PullFailure } from './pull-failure.ts';
import { refusePullOutput } from './pull-output-guard.ts';
import type { PullStats } from './pull-stats.ts';
import { byteSize, seconds, startProgress } from './progress.ts';
import { createSourceClient } from './source-client.ts';
import { stageCatalogue, type StagedCatalogue } from './staged-catalogue.ts';
import { validateStaged } from './validate-staged.ts';
import { defineCommand, parseCommandLine, usageText } from '../command-line.ts';

const PULL = defineCommand({
  command: 'npm run pull --',
  about:
    'Reads the four lists and every published element from a live API of this shape into a staged\nfolder, validates it as the build would, and only then swaps it in for --out.',
  options: {
    from: {
      type: 'string',
      value: 'URL',
      help: 'the base URL of the source API, as https://satudata.example.go.id (required)',
    },
    out: { type: 'string', default: 'data', value: 'DIR', help: 'the catalogue folder replaced' },
    'page-size': { type: 'string', default: '1000', value: '1-1000', help: 'elements per request' },
    timeout: { type: 'string', default: '1800', value: 'SECONDS', help: 'the whole pull at most' },
    'request-timeout': {
      type: 'string',
      default: '120',
      value: 'SECONDS',
      help: 'one request at most',
    },
    retries: {
      type: 'string',
      default: '5',
      value: 'N',
      help: 'retries of a failed request (0-20)',
    },
    'retry-delay': {
      type: 'string',
      default: '1000',
      value: 'MS',
      help: 'the backoff before a retry, doubled each time (jittered, 1 min at most)',
    },
  },
});

interface PullOptions {
  from: URL;
  out: string;
  pageSize: number;
  timeoutS: number;
  requestTimeoutS: number;
  retries: number;
  retryDelayMs: number;
}

function parseOptions(args: string[]): PullOptions {
  const { values } = parseCommandLine(PULL, args);
  if (values.from === undefined)
    throw new Error(
      '--from is required: the base URL of the source API, e.g. https://satudata.example.go.id',
    );
  let from: URL;
  try {
    from = new URL(values.from);
  } catch {
    throw new Error(`--from ${values.from} is not a URL`);
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:')
    throw new Error(`--from ${values.from} is not an http(s) URL`);
  const whole = (name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max)
      throw new Error(
        `--${name} takes a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
      );
    return number;
  };
  return {
    from,
    out: values.out!,
    pageSize: whole('page-size', values['page-size']!, 1, 1000),
    timeoutS: whole('timeout', values.timeout!, 1),
    requestTimeoutS: whole('request-timeout', values['request-timeout']!, 1),
    retries: whole('retries', values.retries!, 0, 20),
    retryDelayMs: whole('retry-delay', values['retry-delay']!, 0),
  };
}

async function main(): Promise<number> {
  let options: PullOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usageText(PULL)}`);
    return 2;
  }
  const refusal = refusePullOutput(options.out);
  if (refusal) {
    console.error(refusal);
    return 2;
  }

  const stats: PullStats = {
    elements: 0,
    elementFiles: 0,
    skippedForeign: 0,
    transfer: { requests: 0, retries: 0, bytes: 0 },
    startedAt: performance.now(),
  };
  const progress = startProgress(stats);
  let staged: StagedCatalogue | undefined;
  const leftAsItWas = `${options.out} left as it was`;
  const stopOnSignal = (signal: NodeJS.Signals, code: number) => {
    process.on(signal, () => {
      progress.stop();
      staged?.discard();
      console.error(`pull interrupted (${signal}); ${leftAsItWas}.`);
      process.exit(code);
    });
  };
  stopOnSignal('SIGINT', 130);
  stopOnSignal('SIGTERM', 143);

  try {
    staged = stageCatalogue(options.out);
    const client = createSourceClient({
      base: options.from,
      deadline: AbortSignal.timeout(options.timeoutS * 1000),
      timeLimit: `--timeout ${options.timeoutS} s`,
      requestTimeoutMs: options.requestTimeoutS * 1000,
      retries: options.retries,
      retryDelayMs: options.retryDelayMs,
      onRetry: (url, reason, delayMs) =>
        progress.note(`GET ${url}: ${reason}; asking again in ${seconds(delayMs)}`),
    });
    stats.transfer = client.stats;
    const listCounts = await pullCatalogue(client, staged, options.pageSize, stats);
    progress.stop();

    console.error(`checking the ${stats.elements} pulled elements as the build would…`);
    const validation = validateStaged(staged);
    if (validation.problems.length > 0) {
      for (const problem of validation.problems) console.error(problem);
      const n = validation.problems.length;
      console.error(
        `\n${n} problem${n === 1 ? '' : 's'} in the catalogue pulled from ${options.from.href}; ${leftAsItWas}.`,
      );
      staged.discard();
      return 1;
    }
    staged.swapIn();

    const lists = REFERENCE_LISTS.map(({ name, label }) => `${label} ${listCounts[name]}`).join(
      ', ',
    );
    const mode =
      stats.mode === 'paging'
        ? `paging, ${options.pageSize} elements a request: the source's catalogue order is kept`
        : 'per data source (the source does not page): one file per data source, in the order of the data-source list; ' +
          "the source's order across data sources can not be known, so an unfiltered listing may list them in another order";
    const heldBack = Object.entries(validation.heldBackByStatus).map(
      ([status, n]) => `${n} ${JSON.stringify(status)}`,
    );
    const { transfer } = stats;
    console.log(
      [
        `pulled ${options.from.href} into ${options.out} in ${seconds(performance.now() - stats.startedAt)}`,
        `  mode       ${mode}`,
        `  lists      ${lists}`,
        `  elements   ${stats.elements} in ${stats.elementFiles} files; ${validation.published} published${heldBack.length ? `, held back ${heldBack.join(', ')}` : ''}`,
        ...(stats.skippedForeign
          ? [
              `  skipped    ${stats.skippedForeign} answered under another data source's slug (each is asked for under its own)`,
            ]
          : []),
        `  requests   ${transfer.requests} (${transfer.retries} of them ${transfer.retries === 1 ? 'a retry' : 'retries'})`,
        `  received   ${byteSize(transfer.bytes)}`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    progress.stop();
    staged?.discard();
    // a PullFailure says what the source did; anything else is local (disk full, permissions)
    const message =
      error instanceof PullFailure ? error.message : `pull failed: ${(error as Error).message}`;
    console.error(`${message}\n${leftAsItWas}.`);
    return 1;
  }
}

process.exitCode = await main();
