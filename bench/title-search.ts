// Title search benchmark: `npx tsx bench/title-search.ts [--titles N] [--runs R] [--only-this-engine]`.
// Builds the title search index of N distinct realistic titles (default 100,000; the synthetic
// catalogue's generator, tools/synth/titles.ts, deduplicated), then times a
// fixed set of patterns in CPU time (process.cpuUsage; median of R runs) on this engine and on
// the engines it was compared with: re2js scanning each title, a refa-built DFA, re2-wasm and
// native RegExp (for reference only: it backtracks). Prints Markdown tables.
//
// It runs itself under V8's --single-threaded, so the process's CPU time is the JavaScript
// thread's alone (no background compiler or GC threads), as the Workers CPU limit counts it. (It
// does not force a garbage collection before each run: V8 then drops compiled code, and every
// run would look cold to the JIT.)
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { JS, NFA, DFA } from 'refa';
import { RE2JS } from 're2js';
import { RE2 } from 're2-wasm';
import { bindingsOf, compiledPatterns } from '../worker/search/title-search-caches.ts';
import { compileUncached } from '../worker/title-search/pattern/compile-pattern.ts';
import { encodeTitleSearchIndex } from '../core/title-index/encode.ts';
import { decodeTitleSearchIndex } from '../core/title-index/decode.ts';
import { compileTitlePattern, findMatchingTitles } from '../worker/title-search/index.ts';
import { realisticTitles } from '../tools/synth/titles.ts';
import { TITLE_PATTERNS } from './lib/title-patterns.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run bench:title-search --',
  about: 'The title search against the engines it was compared with, in CPU time; Markdown tables.',
  options: {
    titles: { type: 'string', default: '100000', value: 'N', help: 'distinct realistic titles' },
    runs: {
      type: 'string',
      default: '9',
      value: 'N',
      help: 'measured runs of each pattern (median)',
    },
    'only-this-engine': { type: 'boolean', default: false, help: 'time this engine alone' },
  },
});

if (!process.execArgv.includes('--single-threaded')) {
  const flags = ['--single-threaded', ...process.execArgv];
  const child = spawnSync(process.execPath, [...flags, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

const titleCount = Number(values.titles);
const runs = Number(values.runs);
const onlyThisEngine = values['only-this-engine'];

/** Native RegExp is not run on these: it backtracks exponentially on realistic titles. */
const BACKTRACKS = new Set(['^(\\w+\\s?)*$', '(.*a){25}']);

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

interface Timing {
  median: number;
  least: number;
}

/** CPU ms of `repeat` runs of prepare-then-measure (prepare is not timed): median and least. */
function time<T>(repeat: number, prepare: () => T, measure: (prepared: T) => void): Timing {
  const samples = Array.from({ length: repeat }, () => {
    const prepared = prepare();
    return cpuMs(() => measure(prepared));
  });
  return { median: median(samples), least: Math.min(...samples) };
}

const figure = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const ms = (timing: Timing | undefined) =>
  timing === undefined ? '–' : `${figure(timing.median)} (${figure(timing.least)})`;

interface EngineResult {
  compile?: Timing;
  search?: Timing;
  matches?: number;
  note?: string;
}

/** `count` distinct titles of the synthetic catalogue's generator (it repeats a few percent). */
function distinctTitles(count: number): string[] {
  for (let asked = count; ; asked = Math.ceil(asked * 1.1)) {
    const distinct = [...new Set(realisticTitles(asked, 20240601))];
    if (distinct.length >= count) return distinct.slice(0, count);
  }
}

const titles = distinctTitles(titleCount);
const titleUnits = titles.reduce((sum, title) => sum + title.length, 0);
let indexBytes: Uint8Array = new Uint8Array(0);
const encodeMs = cpuMs(() => void (indexBytes = encodeTitleSearchIndex(titles)));
const indexBuffer = indexBytes.slice().buffer as ArrayBuffer;
const decodeMs = time(
  runs,
  () => indexBuffer,
  (buffer) => void decodeTitleSearchIndex(buffer),
);
const index = decodeTitleSearchIndex(indexBuffer);
/**
 * The titles as arrays of code units, for refa; made only when refa runs (they are a large heap).
 */
let words: number[][] = [];

function ours(pattern: string) {
  const compiled = compileUncached(pattern);
  if (!compiled.ok) return { refused: compiled.message };
  const result = compiled.pattern;
  let matches = 0;
  // cold: compile, then the first search on an index this pattern was never bound to (decoded anew)
  const cold = time(
    runs,
    () => decodeTitleSearchIndex(indexBuffer),
    (fresh) => {
      const again = compileUncached(pattern);
      if (again.ok) matches = findMatchingTitles(fresh, again.pattern).length;
    },
  );
  const compileCold = time(
    runs,
    () => pattern,
    (source) => void compileUncached(source),
  );
  // warm: kept as the Worker keeps them (worker/memory.ts)
  compileTitlePattern(pattern, compiledPatterns);
  const compileWarm = time(
    runs,
    () => pattern,
    (source) => void compileTitlePattern(source, compiledPatterns),
  );
  findMatchingTitles(index, result, undefined, bindingsOf(index));
  const searchWarm = time(
    runs,
    () => result,
    (compiledPattern) =>
      void findMatchingTitles(index, compiledPattern, undefined, bindingsOf(index)),
  );
  return { matches, cold, compileCold, compileWarm, searchWarm };
}

function re2js(pattern: string): EngineResult {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    return { note: `refused: ${(error as Error).message}` };
  }
  let matches = 0;
  const compile = time(
    runs,
    () => pattern,
    (source) => void RE2JS.compile(source, RE2JS.CASE_INSENSITIVE),
  );
  const search = time(
    Math.min(runs, 3),
    () => compiled,
    (re) => void (matches = titles.filter((title) => re.test(title)).length),
  );
  return { compile, search, matches };
}

function re2Wasm(pattern: string): EngineResult {
  let compiled: RE2;
  try {
    compiled = new RE2(pattern, 'iu'); // re2-wasm runs only in unicode mode
  } catch (error) {
    return { note: `refused: ${(error as Error).message}` };
  }
  let matches = 0;
  const compile = time(
    runs,
    () => pattern,
    (source) => void new RE2(source, 'iu'),
  );
  const search = time(
    Math.min(runs, 3),
    () => compiled,
    (re) => void (matches = titles.filter((title) => re.test(title)).length),
  );
  return { compile, search, matches };
}

/**
 * A refa DFA of `[^]*(?:pattern)[^]*`, with ^ and $ at the pattern's edges read as whole-title
 * anchors.
 */
function refaDfa(pattern: string): EngineResult {
  const anchoredStart = pattern.startsWith('^');
  const anchoredEnd = pattern.endsWith('$') && !pattern.endsWith('\\$');
  const body = pattern.slice(anchoredStart ? 1 : 0, anchoredEnd ? -1 : undefined);
  const source = `${anchoredStart ? '' : '[^]*'}(?:${body})${anchoredEnd ? '' : '[^]*'}`;
  const build = () => {
    const { expression, maxCharacter } = JS.Parser.fromLiteral({ source, flags: 'i' }).parse({
      assertions: 'throw',
    });
    const dfa = DFA.fromFA(
      NFA.fromRegex(expression, { maxCharacter }, {}),
      new DFA.LimitedNodeFactory(20_000),
    );
    dfa.minimize();
    return dfa;
  };
  let dfa: DFA;
  try {
    dfa = build();
  } catch (error) {
    return { note: `not built: ${(error as Error).message.slice(0, 60)}` };
  }
  let matches = 0;
  const compile = time(
    Math.min(runs, 3),
    () => source,
    () => void build(),
  );
  const search = time(
    Math.min(runs, 3),
    () => dfa,
    (automaton) => void (matches = words.filter((word) => automaton.test(word)).length),
  );
  return { compile, search, matches };
}

function nativeRegExp(pattern: string): EngineResult {
  if (BACKTRACKS.has(pattern)) return { note: 'not run: backtracks exponentially' };
  const regexp = new RegExp(pattern, 'i');
  let matches = 0;
  const compile = time(
    runs,
    () => pattern,
    (source) => void new RegExp(source, 'i').test(''),
  );
  const search = time(
    runs,
    () => regexp,
    (re) => void (matches = titles.filter((title) => re.test(title)).length),
  );
  return { compile, search, matches };
}

const cell = (result: EngineResult) =>
  result.note ??
  `${figure(result.search!.median)} + ${figure(result.compile!.median)} · ${result.matches}`;

console.log(`# Title search benchmark\n`);
console.log(`- command: \`npx tsx bench/title-search.ts --titles ${titleCount} --runs ${runs}\``);
console.log(
  `- Node ${process.version}, ${cpus()[0]?.model ?? 'CPU'} × ${cpus().length}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `- ${titles.length} distinct titles, ${titleUnits} UTF-16 code units (${(titleUnits / titles.length).toFixed(1)} per title)`,
);
console.log(
  `- index: ${(indexBytes.length / 2 ** 20).toFixed(1)} MiB, built in ${figure(encodeMs)} ms, decoded in ${ms(decodeMs)} ms (views over the bytes: no copy)`,
);
console.log(
  `- CPU milliseconds of the JavaScript thread (V8 --single-threaded): median (least) of ${runs} runs, 3 for the slow engines\n`,
);

// warm the JIT on every pattern first: "cold" below means a pattern never compiled, not a new
// isolate
for (const [, pattern] of TITLE_PATTERNS) {
  const compiled = compileTitlePattern(pattern, compiledPatterns);
  if (compiled.ok) findMatchingTitles(decodeTitleSearchIndex(indexBuffer), compiled.pattern);
}

console.log('## This engine\n');
console.log(
  '| pattern | | matches | cold: compile + first search | compile, cold | compile, warm (LRU) | search, warm |',
);
console.log('|---|---|---|---|---|---|---|');
const oursResults = new Map<string, ReturnType<typeof ours>>();
for (const [kind, pattern] of TITLE_PATTERNS) {
  const result = ours(pattern);
  oursResults.set(pattern, result);
  const shown = tableCell(pattern);
  if ('refused' in result) console.log(`| \`${shown}\` | ${kind} | ${result.refused} | | | | |`);
  else
    console.log(
      `| \`${shown}\` | ${kind} | ${result.matches} | ${ms(result.cold)} | ${ms(result.compileCold)} | ${ms(result.compileWarm)} | ${ms(result.searchWarm)} |`,
    );
}

if (onlyThisEngine) process.exit(0);
words = titles.map((title) => Array.from({ length: title.length }, (_, i) => title.charCodeAt(i)));

console.log('\n## Engines compared\n');
console.log(
  'Each cell: search ms + compile ms (medians) · matches. Only this engine and native RegExp read patterns as JavaScript does.\n',
);
console.log(
  '| pattern | this engine, cold | re2js 2.10, each title | refa DFA, each title | re2-wasm (u flag), each title | native RegExp (reference) |',
);
console.log('|---|---|---|---|---|---|');
for (const [, pattern] of TITLE_PATTERNS) {
  const own = oursResults.get(pattern)!;
  const shown = tableCell(pattern);
  const ownCell = 'refused' in own ? 'refused' : `${figure(own.cold.median)} · ${own.matches}`;
  console.log(
    `| \`${shown}\` | ${ownCell} | ${cell(re2js(pattern))} | ${cell(refaDfa(pattern))} | ${cell(re2Wasm(pattern))} | ${cell(nativeRegExp(pattern))} |`,
  );
}

/** A pattern as a Markdown table cell: shortened, and `|` escaped (it would split the cell). */
function tableCell(pattern: string): string {
  const shown = pattern.length > 40 ? `${pattern.slice(0, 37)}…` : pattern;
  return shown.replaceAll('|', '\\|');
}
