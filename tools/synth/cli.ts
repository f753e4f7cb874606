// npm run synth -- --elements N --out DIR [--seed S] [--titles templates|realistic]
//                   [--published FRACTION] [--filters scattered|clustered]
// Writes a deterministic synthetic catalogue (same arguments, same bytes) in the data/ layout.
// --titles realistic: nearly all titles distinct, as in a real catalogue (for benchmarks at scale).
// --published: the share of elements published (default 0.86); --filters clustered: each data
// source's elements together in catalogue order (default scattered: spread over the catalogue).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  DEFAULT_PUBLISHED,
  FILTER_LAYOUTS,
  generateCatalogue,
  TITLE_MODES,
  type FilterLayout,
  type TitleMode,
} from './catalogue.ts';
import { ELEMENT_DIR } from '../../generator/read-catalogue.ts';
import { parseCommandLine } from '../command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run synth --',
  about:
    'Writes a deterministic synthetic catalogue (same arguments, same bytes) in the data/ layout.',
  options: {
    elements: { type: 'string', default: '1000', value: 'N', help: 'elements in the catalogue' },
    out: { type: 'string', value: 'DIR', help: 'the folder written (required)' },
    seed: { type: 'string', default: '20240101', value: 'S', help: 'seed of the random choices' },
    titles: {
      type: 'string',
      default: 'templates',
      value: 'templates|realistic',
      help: 'realistic: nearly all titles distinct, as in a real catalogue',
    },
    published: {
      type: 'string',
      default: String(DEFAULT_PUBLISHED),
      value: '0..1',
      help: 'the share of elements published',
    },
    filters: {
      type: 'string',
      default: 'scattered',
      value: 'scattered|clustered',
      help: "clustered: each data source's elements together in catalogue order",
    },
  },
});
const elements = Number(values.elements);
const titles = values.titles as TitleMode;
const published = Number(values.published);
const filters = values.filters as FilterLayout;
if (
  !values.out ||
  !Number.isInteger(elements) ||
  elements < 0 ||
  !TITLE_MODES.includes(titles) ||
  !(published >= 0 && published <= 1) ||
  !FILTER_LAYOUTS.includes(filters)
) {
  console.error(
    'usage: npm run synth -- --elements N --out DIR [--seed S] [--titles templates|realistic] [--published 0..1] [--filters scattered|clustered]',
  );
  process.exit(2);
}
const started = performance.now();
const catalogue = generateCatalogue({
  elements,
  seed: Number(values.seed),
  titles,
  published,
  filters,
});
rmSync(join(values.out, ELEMENT_DIR), { recursive: true, force: true });
mkdirSync(values.out, { recursive: true });
for (const [name, items] of Object.entries(catalogue.lists)) {
  writeFileSync(join(values.out, `${name}.json`), `${JSON.stringify(items, null, 2)}\n`);
}
let bytes = 0;
for (const [path, content] of catalogue.elementFiles) {
  const full = join(values.out, ELEMENT_DIR, path);
  mkdirSync(dirname(full), { recursive: true });
  const text = elements <= 1000 ? `${JSON.stringify(content, null, 2)}\n` : JSON.stringify(content); // small: readable
  writeFileSync(full, text);
  bytes += Buffer.byteLength(text);
}
console.log(
  `wrote ${elements} elements in ${catalogue.elementFiles.size} files (${(bytes / 1048576).toFixed(1)} MiB) to ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
