// Every section number a source comment cites (docs/api.md §5.1) is a heading of that docs file,
// so a reader can look it up. A citation must name its file; a list on one line takes the file of
// its first citation: (docs/api.md §3, §5.1–5.3 and §11). Section numbers of other documents
// (ECMA-262's, ECMA-376's) are told apart by naming that document on the line. The checker is tried on
// planted citations too, so it is known to catch what it is there for.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../generator/build-cli.ts';

/** The folders whose TypeScript may cite the docs. */
const SOURCE_FOLDERS = ['worker', 'core', 'generator', 'tools', 'bench', 'client', 'site', 'test'];

const SECTION = '\u00a7';
/** A section sign and its number: `5`, `13.1`, `22.2.2.9`. */
const CITATION = new RegExp(`${SECTION}(\\d+(?:\\.\\d+)*)`, 'g');
/** A docs file named just before a citation: `docs/harvest.md `. */
const NAMED_FILE = /(docs\/[\w-]+\.md)\s*$/;
/** What may stand between two citations of one list (after a range's end: `5.1–5.3, `). */
const LIST_SEPARATOR = /^(?:[–-]\d+(?:\.\d+)*)?\s*(?:,|and|or|to|–|-|, and|, or)\s*$/;
/** Documents other than the project's own, whose section numbers are cited by name on the line. */
const OTHER_DOCUMENTS = /ECMA-262|ECMAScript|ECMA-376/;
/** A numbered heading: `## 5.1 Paging`, `## 13 Harvestable`. */
const NUMBERED_HEADING = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/;

export interface Citation {
  file: string;
  line: number;
  section: string;
  /** The docs file it names, or undefined when it names none. */
  docsFile: string | undefined;
}

/** The citations in one source file's text, each with the docs file it names (if any). */
export function citationsOf(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((lineText, index) => {
    let previous: { end: number; docsFile: string | undefined } | undefined;
    for (const match of lineText.matchAll(CITATION)) {
      const start = match.index;
      const before = lineText.slice(0, start);
      if (OTHER_DOCUMENTS.test(before)) {
        previous = undefined;
        continue;
      }
      const named = NAMED_FILE.exec(before)?.[1];
      const inList =
        previous !== undefined && LIST_SEPARATOR.test(lineText.slice(previous.end, start));
      const docsFile = named ?? (inList ? previous!.docsFile : undefined);
      found.push({ file, line: index + 1, section: match[1]!, docsFile });
      previous = { end: start + match[0].length, docsFile };
    }
  });
  return found;
}

/** The section numbers of a docs file's headings. */
export function headingNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const line of markdown.split('\n')) {
    const number = NUMBERED_HEADING.exec(line)?.[1];
    if (number) numbers.add(number);
  }
  return numbers;
}

/** What is wrong with each citation, as `file:line: message`; none when all can be looked up. */
export function citationProblems(
  citations: Citation[],
  headingsOf: (docsFile: string) => Set<string> | undefined,
): string[] {
  return citations.flatMap(({ file, line, section, docsFile }) => {
    const where = `${file}:${line}`;
    if (!docsFile)
      return [`${where}: ${SECTION}${section} names no docs file (write docs/<file>.md before it)`];
    const headings = headingsOf(docsFile);
    if (!headings)
      return [`${where}: ${docsFile} ${SECTION}${section}: ${docsFile} does not exist`];
    return headings.has(section)
      ? []
      : [`${where}: ${docsFile} has no heading numbered ${section}`];
  });
}

function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    (readdirSync(join(PROJECT_ROOT, folder), { recursive: true }) as string[])
      .filter((path) => path.endsWith('.ts') && !path.split(/[\\/]/).includes('node_modules'))
      .map((path) => join(folder, path)),
  );
}

const headingCache = new Map<string, Set<string> | undefined>();
function repositoryHeadings(docsFile: string): Set<string> | undefined {
  if (!headingCache.has(docsFile)) {
    const path = join(PROJECT_ROOT, docsFile);
    headingCache.set(
      docsFile,
      existsSync(path) ? headingNumbers(readFileSync(path, 'utf8')) : undefined,
    );
  }
  return headingCache.get(docsFile);
}

describe('section numbers cited in comments', () => {
  it('are each a heading of the docs file they name', () => {
    const citations = sourceFiles().flatMap((path) =>
      citationsOf(
        relative(PROJECT_ROOT, join(PROJECT_ROOT, path)),
        readFileSync(join(PROJECT_ROOT, path), 'utf8'),
      ),
    );
    expect(citations.length).toBeGreaterThan(100);
    expect(citationProblems(citations, repositoryHeadings)).toEqual([]);
  });

  describe('the checker, on planted citations', () => {
    const docs = new Map([
      ['docs/api.md', headingNumbers('# The API\n\n## 3 Endpoints\n\n## 5.1 Paging\n## 11 Words')],
    ]);
    const problems = (text: string) =>
      citationProblems(citationsOf('planted.ts', text), (file) => docs.get(file));
    const s = SECTION;

    it('accepts a named citation and a list that follows it', () => {
      expect(
        problems(`// docs/api.md ${s}5.1\n// (docs/api.md ${s}3, ${s}5.1–5.3 and ${s}11)`),
      ).toEqual([]);
    });

    it('refuses a citation that names no docs file', () => {
      expect(problems(`// paging\n// contract ${s}5.1`)).toEqual([
        `planted.ts:2: ${s}5.1 names no docs file (write docs/<file>.md before it)`,
      ]);
    });

    it('refuses a number the named file has no heading for', () => {
      expect(problems(`// docs/api.md ${s}5.2, ${s}11`)).toEqual([
        'planted.ts:1: docs/api.md has no heading numbered 5.2',
      ]);
    });

    it('refuses a docs file that does not exist', () => {
      expect(problems(`// docs/gone.md ${s}10`)).toEqual([
        `planted.ts:1: docs/gone.md ${s}10: docs/gone.md does not exist`,
      ]);
    });

    it('does not carry a file past words that end a list', () => {
      expect(problems(`// docs/api.md ${s}3 says so, unlike ${s}5.1`)).toHaveLength(1);
    });

    it("leaves ECMA-262's sections to ECMA-262", () => {
      expect(problems(`// ECMA-262 ${s}22.2.2.7.3; ECMAScript's WhiteSpace (${s}12.2)`)).toEqual(
        [],
      );
    });
  });
});
