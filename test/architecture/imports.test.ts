// The Worker's imports run one way, down the stages of docs/architecture.md: index.ts → routes/ →
// answer/ → snapshot/ → search/ → title-search/. The request's environment and context (env.ts,
// request-context.ts: Hono's, which only the routes see) belong to the routes' stage. Shared
// modules (http/, the other loose modules beside index.ts, core/) are usable from every stage and
// import no stage; nothing in worker/ imports the generator, the tools, the benchmarks or the
// tests.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WORKER = join(ROOT, 'worker');

/** The stages, top first: a file may import its own stage, a later one, or a shared module. */
const STAGES = ['entry', 'routes', 'answer', 'snapshot', 'search', 'title-search'] as const;
type Stage = (typeof STAGES)[number] | 'shared';

/** Folders outside worker/ the Worker must never import. */
const FORBIDDEN = ['generator', 'tools', 'bench', 'test'];

/** Loose modules that belong to a stage: the request's environment and context are the routes'. */
const LOOSE: Record<string, Stage> = {
  'index.ts': 'entry',
  'env.ts': 'routes',
  'request-context.ts': 'routes',
};

/** A worker/ path's stage: by its first folder, or LOOSE; the rest is shared. */
export function stageOf(fromWorker: string): Stage {
  if (Object.hasOwn(LOOSE, fromWorker)) return LOOSE[fromWorker]!;
  const folder = fromWorker.split('/')[0]!;
  return (STAGES as readonly string[]).includes(folder) ? (folder as Stage) : 'shared';
}

/** Every specifier of a static import or re-export (type-only ones too), and of `import('…')`. */
export function importedSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

function workerFiles(folder = WORKER): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return workerFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** What is wrong with one import, or undefined when it is allowed. */
function offence(fromFile: string, target: string): string | undefined {
  const fromRoot = relative(ROOT, target);
  const top = fromRoot.split('/')[0]!;
  if (FORBIDDEN.includes(top)) return `imports ${top}/`;
  if (top === 'core') return undefined;
  if (top !== 'worker') return `imports outside worker/ and core/`;
  const from = stageOf(relative(WORKER, fromFile));
  const to = stageOf(relative(WORKER, target));
  if (to === 'shared' || from === to) return undefined;
  if (from === 'shared') return `a shared module imports the stage ${to}/`;
  if (STAGES.indexOf(to) < STAGES.indexOf(from)) return `${from}/ imports up, into ${to}/`;
  return undefined;
}

function offences(): string[] {
  const found: string[] = [];
  for (const file of workerFiles()) {
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue; // a package
      const target = resolve(dirname(file), specifier);
      const why = offence(file, target);
      if (why) found.push(`${relative(ROOT, file)} → ${relative(ROOT, target)}: ${why}`);
    }
  }
  return found;
}

describe('the Worker’s imports', () => {
  it('reads every kind of import statement', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {',
      '  c,',
      '  type D,',
      "} from './c.ts';",
      "export { e } from './e.ts';",
      "export type * from './f.ts';",
      "import './g.ts';",
      "type H = import('./h.ts').H;",
    ].join('\n');
    expect(importedSpecifiers(source).sort()).toEqual(
      ['./a.ts', '../b.ts', './c.ts', './e.ts', './f.ts', './g.ts', './h.ts'].sort(),
    );
  });

  it('maps files to their stages', () => {
    expect(stageOf('index.ts')).toBe('entry');
    expect(stageOf('routes/ckan/package-search.ts')).toBe('routes');
    expect(stageOf('request-context.ts')).toBe('routes');
    expect(stageOf('title-search/scan/scan-titles.ts')).toBe('title-search');
    expect(stageOf('http/errors.ts')).toBe('shared');
    expect(stageOf('lru-cache.ts')).toBe('shared');
  });

  it('run one way down the stages, with no cycle among them, and never out of the Worker', () => {
    expect(offences()).toEqual([]);
  });
});
