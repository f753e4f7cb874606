// The build's own validation (docs/data-contract.md §2) over the staged folder: a pulled catalogue is swapped in
// only if `npm run build` would accept it. Problems name the staged file and the URL it came from.
import { relative, resolve } from 'node:path';
import { compileCatalogue } from '../../generator/compile-catalogue.ts';
import { formatProblem } from '../../generator/problems.ts';
import { readCatalogue } from '../../generator/read-catalogue.ts';
import type { StagedCatalogue } from './staged-catalogue.ts';

export interface StagedValidation {
  problems: string[];
  published: number;
  heldBackByStatus: Record<string, number>;
}

export function validateStaged(staged: StagedCatalogue): StagedValidation {
  const { problems, stats } = compileCatalogue(readCatalogue(staged.path), undefined, {
    keepPublished: false,
  });
  // readCatalogue names files as seen from the working folder; the staged folder is gone after the
  // pull
  const stagedPrefixes = [`${relative(process.cwd(), staged.path)}/`, `${staged.path}/`];
  const unstaged = (text: string) =>
    stagedPrefixes.reduce((out, prefix) => out.split(prefix).join(''), text);
  const shown = problems.map((problem) => {
    const file = relative(staged.path, resolve(problem.file)).split('\\').join('/');
    const origin = staged.originOf(file);
    return formatProblem({
      ...problem,
      file: origin ? `${file} (from ${origin})` : file,
      message: unstaged(problem.message),
    });
  });
  return {
    problems: shown,
    published: stats.publishedCount,
    heldBackByStatus: stats.heldBackByStatus,
  };
}
