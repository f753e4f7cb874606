// The built OpenAPI document through a standard linter: Redocly CLI's recommended rules.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureDocumentationFile } from '../generator/build-fixture-snapshot.ts';
import { PROJECT_ROOT } from '../generator/build-cli.ts';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer: string }[];
  }[];
}

/**
 * Warnings the document keeps on purpose: the package names no license; the 405 answers a method
 * the document has no operation for (any but GET, HEAD and OPTIONS, on any path), so no operation
 * refers to it; and a CORS preflight (OPTIONS) on a path the API has is always a 204, so its
 * operation has no 4xx answer to list.
 */
const knownWarnings = (document: { paths: Record<string, unknown> }) => [
  'info-license #/info',
  'no-unused-components #/components/responses/MethodNotAllowed',
  ...Object.keys(document.paths).map(
    (path) =>
      `operation-4xx-response #/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/options/responses`,
  ),
];

describe('redocly lint /api/v1/openapi.json', () => {
  it('finds no error, and no warning but the known ones', () => {
    const result = spawnSync(
      process.execPath,
      [
        join(PROJECT_ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        fixtureDocumentationFile('openapi.json'),
        '--format=json',
      ],
      {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
    );
    const report = JSON.parse(result.stdout) as LintReport;
    const problems = report.problems.map(
      ({ ruleId, severity, message, location }) =>
        `${severity} ${ruleId} ${location[0]?.pointer}: ${message}`,
    );
    expect(report.totals.errors, problems.join('\n')).toBe(0);
    expect(
      report.problems.map(({ ruleId, location }) => `${ruleId} ${location[0]?.pointer}`).sort(),
      problems.join('\n'),
    ).toEqual(
      knownWarnings(
        JSON.parse(readFileSync(fixtureDocumentationFile('openapi.json'), 'utf8')),
      ).sort(),
    );
    expect(result.status).toBe(0);
  });
});
