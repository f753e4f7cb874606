// Word search benchmark: `npx tsx bench/word-search.ts DIST_DIR [--runs R]`.
// Reads a built snapshot's published elements, builds the word index with the generator's own
// function (generator/build-word-index.ts), prints its bytes, then times queries (docs/api.md §11:
// any q of up to 5 words within 10 ms of CPU at 100,000 elements, warm): every match found and
// put in relevance order, in CPU time (process.cpuUsage), median and most of R runs after a
// warm-up, beside the estimate the free profile reserves for it (estimateWordSearchCpuMs). Runs
// itself under V8's --single-threaded, so the CPU time is the JavaScript thread's alone, as the
// Workers CPU limit counts it.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import {
  decodeWordIndex,
  LIST_BITMAP,
  wordList,
  wordsOf,
  wordsStartingWith,
  type WordIndex,
} from '../core/word-index.ts';
import {
  buildWordIndex,
  MAX_UNION_COST,
  searchableTexts,
  wordIndexContent,
} from '../generator/build-word-index.ts';
import { publishedElements } from '../test/support/node/published-snapshot.ts';
import { estimateWordSearchCpuMs, matchWords, searchWords } from '../worker/search/word-search.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values, positionals } = parseCommandLine({
  command: 'npm run bench:word-search --',
  positionals: 'DIST',
  about:
    "The word index of DIST's published elements: its bytes, and each q's CPU against its estimate.",
  options: {
    runs: { type: 'string', default: '21', value: 'N', help: 'measured runs of each query' },
  },
});

if (!process.execArgv.includes('--single-threaded')) {
  const flags = ['--single-threaded', ...process.execArgv];
  const child = spawnSync(process.execPath, [...flags, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

const dist = positionals[0];
if (!dist) {
  console.error('usage: npm run bench:word-search -- DIST [--runs R]');
  process.exit(2);
}
const runs = Number(values.runs);

const elements = await publishedElements(dist);
const started = performance.now();
const bytes = buildWordIndex(elements);
const buildMs = performance.now() - started;
const content = wordIndexContent(elements);
const postings = (lists: readonly Uint32Array[]) =>
  lists.reduce((sum, list) => sum + list.length, 0);
const index = decodeWordIndex(
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
);

/** A word found only outside titles, in the texts `pick` chooses, among the commoner ones. */
function wordOnlyIn(pick: (texts: ReturnType<typeof searchableTexts>, e: number) => string[]) {
  const inTitles = new Set(elements.flatMap((element) => wordsOf(element.title)));
  const counts = new Map<string, number>();
  elements.forEach((element, e) => {
    for (const text of pick(searchableTexts(element), e))
      for (const word of new Set(wordsOf(text)))
        if (!inTitles.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  });
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}
const metadataWord = wordOnlyIn((_, e) => elements[e]!.metadata.map((entry) => entry.value));
const sourceWord = wordOnlyIn((_, e) => [elements[e]!.dataSource.name]);

const QUERIES: [string, string][] = [
  ['one word', 'penduduk'],
  ['two words', 'penduduk kecamatan'],
  ['two prefixes', 'kec pendud'],
  ['a prefix of a common word', 'jum'],
  ['five words', 'jumlah penduduk menurut kecamatan tahun'],
  ['five prefixes', 'jum pen men kec tah'],
  ['metadata only', metadataWord],
  ['data source name only', sourceWord],
  ['one letter', 'a'],
  ['one letter', 'j'],
  ['one letter', 'p'],
  ['two letters', 'pe'],
  ['five one-letter words', 'a b k p s'],
  ['five two-letter prefixes', 'ke pe me di ta'],
  ['rare and common', 'penduduk sukamaju'],
  ['no match', 'zzzzqx'],
  ['the costliest unstored prefixes', costliestUnstoredPrefixes(index, 5).join(' ')],
];

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** Prefixes whose unions are not stored yet cost the most to read (see MAX_UNION_COST). */
function costliestUnstoredPrefixes(index: WordIndex, count: number): string[] {
  const words = Array.from({ length: index.wordCount }, (_, w) =>
    String.fromCharCode(...index.wordUnits.subarray(index.wordStart[w], index.wordStart[w + 1])),
  );
  const prefixes = new Set(words.flatMap((word) => [1, 2, 3, 4].map((n) => word.slice(0, n))));
  const costOf = (prefix: string) => {
    const { first, end } = wordsStartingWith(index, prefix);
    let cost = 0;
    for (let w = first; w < end; w++)
      for (const list of [wordList(w, 'title'), wordList(w, 'anywhere')])
        cost +=
          index.listKind[list] === LIST_BITMAP
            ? index.elementCount / 32
            : index.listStart[list + 1]! - index.listStart[list]!;
    return end - first > 1 && cost <= MAX_UNION_COST ? cost : 0;
  };
  return [...prefixes]
    .map((prefix) => [prefix, costOf(prefix)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([prefix]) => prefix);
}

const section = (name: keyof WordIndex) => (index[name] as ArrayBufferView).byteLength;
console.log(`${dist}: ${index.elementCount} published elements, load average ${loadavg()[0]}`);
console.log(
  `word index: ${(bytes.length / 1048576).toFixed(2)} MiB (${bytes.length} bytes), built in ${(buildMs / 1000).toFixed(1)} s`,
);
console.log(
  `  ${index.wordCount} words (${(section('wordUnits') / 1024).toFixed(0)} KiB of text), ${index.rangeFirst.length} stored prefix unions, postings ${(section('postings') / 1048576).toFixed(2)} MiB, ${index.listKind.filter((kind) => kind === LIST_BITMAP).length} lists as bitmaps`,
);
console.log(
  `  postings: ${postings(content.titleElements)} in titles, ${postings(content.anywhereElements)} anywhere (${(postings(content.anywhereElements) / index.elementCount).toFixed(1)} distinct words an element)`,
);
console.log(`\n| query | q | matches | all in title | median ms | most ms | estimated ms |`);
console.log(`|---|---|---:|---:|---:|---:|---:|`);
for (const [name, q] of QUERIES) {
  const words = [...new Set(wordsOf(q))];
  for (let i = 0; i < 5; i++) searchWords(index, words); // warm
  const samples = Array.from({ length: runs }, () => cpuMs(() => searchWords(index, words)));
  samples.sort((a, b) => a - b);
  const matches = matchWords(index, words);
  let allInTitle = 0;
  for (let e = 0; e < index.elementCount; e++) {
    const held = (bitmap: Int32Array) => (bitmap[e >>> 5]! & (1 << (e & 31))) !== 0;
    if (held(matches.matched) && matches.words.every((word) => held(word.title))) allInTitle++;
  }
  console.log(
    `| ${name} | \`${q}\` | ${matches.count} | ${allInTitle} | ${samples[runs >> 1]!.toFixed(2)} | ${samples[runs - 1]!.toFixed(2)} | ${estimateWordSearchCpuMs(words, matches.count).toFixed(2)} |`,
  );
}
