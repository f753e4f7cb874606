// The GitHub workflows: valid for GitHub's own parser (@actions/workflow-parser, the one behind
// the Actions language service), and the nightly one shaped so that a deploy can only follow a
// validated catalogue and passing tests. The shape check is tried on broken copies too, so it is
// known to catch what it is there for.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  convertWorkflowTemplate,
  NoOperationTraceWriter,
  parseWorkflow,
} from '@actions/workflow-parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../generator/build-cli.ts';

interface Step {
  name?: string;
  id?: string;
  run?: string;
  uses?: string;
  if?: string | boolean;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'continue-on-error'?: unknown;
}
interface Job {
  needs?: string | string[];
  if?: string | boolean;
  steps?: Step[];
  'continue-on-error'?: unknown;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflowText = (name: string) =>
  readFileSync(join(PROJECT_ROOT, '.github/workflows', name), 'utf8');
const workflow = (name: string) => parse(workflowText(name)) as Workflow;

async function validatorErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((error) => error.message);
  if (parsed.value === undefined) return errors;
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return [...errors, ...(template.errors ?? []).map((error) => error.Message)];
}

const runs = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');
const deploys = (step: Step) =>
  (runs(/\bwrangler deploy\b/)(step) && !/--dry-run/.test(step.run!)) ||
  (step.uses ?? '').startsWith('cloudflare/wrangler-action');
const validates = runs(/\bnpm run build\b/);
const tests = runs(/\.ci\/run\b|\bnpm (run )?test\b/);
/** Status functions that let a job or step run after something before it failed. */
const runsAfterFailure = (condition: Job['if']) =>
  /\b(always|failure|cancelled)\s*\(/.test(String(condition ?? ''));
const needsOf = (job: Job) =>
  job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];

function ancestorsOf(jobs: Record<string, Job>, id: string, seen = new Set<string>()): Set<string> {
  for (const need of needsOf(jobs[id] ?? {})) {
    if (!seen.has(need)) ancestorsOf(jobs, need, seen.add(need));
  }
  return seen;
}

/**
 * What would let the nightly workflow deploy a catalogue that failed validation, or code whose
 * tests failed.
 */
function deployGuardProblems({ jobs }: Workflow): string[] {
  const problems: string[] = [];
  const deployJobs = Object.keys(jobs).filter((id) => jobs[id]!.steps?.some(deploys));
  if (deployJobs.length === 0) problems.push('no job runs wrangler deploy');
  for (const id of deployJobs) {
    const job = jobs[id]!;
    const ancestors = [...ancestorsOf(jobs, id)].map((ancestor) => ({
      id: ancestor,
      job: jobs[ancestor],
    }));
    if (runsAfterFailure(job.if))
      problems.push(`job ${id} may run after a failure (if: ${job.if})`);
    for (const step of job.steps!.filter(deploys)) {
      if (runsAfterFailure(step.if))
        problems.push(`the deploy step of ${id} may run after a failure (if: ${step.if})`);
      const token = step.env?.CLOUDFLARE_API_TOKEN ?? step.with?.apiToken;
      if (token !== '${{ secrets.CLOUDFLARE_API_TOKEN }}')
        problems.push(
          `the deploy step of ${id} does not take its token from secrets.CLOUDFLARE_API_TOKEN`,
        );
    }
    for (const [what, isStep] of [
      ['validates the catalogue (npm run build)', validates],
      ['runs the tests', tests],
    ] as const) {
      const guards = ancestors.filter(({ job: ancestor }) => ancestor?.steps?.some(isStep));
      if (guards.length === 0) problems.push(`job ${id} does not need a job that ${what}`);
      for (const { id: guardId, job: guard } of guards) {
        if (guard!['continue-on-error'] !== undefined)
          problems.push(`job ${guardId}, which ${what}, has continue-on-error`);
        for (const step of guard!.steps!.filter(isStep)) {
          if (step['continue-on-error'] !== undefined)
            problems.push(`the step of ${guardId} that ${what} has continue-on-error`);
          if (step.if !== undefined)
            problems.push(`the step of ${guardId} that ${what} is conditional (if: ${step.if})`);
        }
      }
    }
  }
  return problems;
}

/**
 * Files each deploy keeps for the next one in the Actions cache: the dates ledger (docs/harvest.md §12)
 * and the upload manifest (what the deploy's files are, so the next build can say what it will
 * upload, issue 34). Each must be restored before the deploy build, given to it with its option,
 * copied from dist/_build/ after the deploy into the folder the cache saves, and saved.
 */
const CARRIED = [
  { file: 'dates.json', option: '--ledger' },
  { file: 'upload.json', option: '--previous' },
] as const;

function carriedFilesProblems({ jobs }: Workflow): string[] {
  const problems: string[] = [];
  const job = Object.values(jobs).find((j) => j.steps?.some(deploys));
  if (!job) return ['no job runs wrangler deploy'];
  const steps = job.steps!;
  const at = (test: (step: Step) => boolean) => steps.findIndex(test);
  const restore = at((step) => (step.uses ?? '').startsWith('actions/cache/restore@'));
  const save = at((step) => (step.uses ?? '').startsWith('actions/cache/save@'));
  const deploy = at(deploys);
  if (restore < 0 || save < 0) return ['the deploy job does not restore and save a cache'];
  const folder = String(steps[restore]!.with?.path);
  if (steps[save]!.with?.path !== folder)
    problems.push(`the cache saves ${steps[save]!.with?.path}, but restores ${folder}`);
  for (const { file, option } of CARRIED) {
    const kept = `${folder}/${file}`;
    const build = at((step) => (step.run ?? '').includes(`${option} ${kept}`));
    const copy = at((step) => (step.run ?? '').includes(`cp dist/_build/${file} ${kept}`));
    if (build < 0) problems.push(`no build step takes ${option} ${kept}`);
    else if (!(restore < build && build < deploy))
      problems.push(`the build with ${option} ${kept} is not between the restore and the deploy`);
    if (copy < 0) problems.push(`no step copies dist/_build/${file} to ${kept}`);
    else if (!(deploy < copy && copy < save))
      problems.push(`${kept} is not copied between the deploy and the cache save`);
  }
  return problems;
}

describe('.github/workflows', () => {
  it.each(['ci.yml', 'nightly.yml'])("%s is valid for GitHub's workflow parser", async (name) => {
    expect(await validatorErrors(name, workflowText(name))).toEqual([]);
  });

  it('the parser rejects a broken workflow (the check above is live)', async () => {
    const broken = workflowText('ci.yml').replace(
      'runs-on: ubuntu-latest',
      'runs-onn: ubuntu-latest',
    );
    expect((await validatorErrors('broken.yml', broken)).join('\n')).toMatch(
      /Unexpected value 'runs-onn'/,
    );
  });

  it('ci.yml runs .ci/run on every push and pull request', () => {
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(
      Object.values(ci.jobs)
        .flatMap((job) => job.steps ?? [])
        .some(runs(/^bash \.ci\/run$/)),
    ).toBe(true);
  });
});

describe('nightly.yml', () => {
  const nightly = workflow('nightly.yml');
  const steps = Object.values(nightly.jobs).flatMap((job) => job.steps ?? []);

  it('runs on a schedule and by hand', () => {
    expect(nightly.on.schedule).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \S+ \S+ \S+$/) }]);
    expect(nightly.on).toHaveProperty('workflow_dispatch');
  });

  it('refreshes the catalogue from the repository variable CATALOGUE_URL with npm run pull, or from a dump', () => {
    const refresh = steps.find((step) => step.env?.CATALOGUE_URL === '${{ vars.CATALOGUE_URL }}');
    expect(refresh?.run).toMatch(/npm run pull -- --from "\$CATALOGUE_URL" --out data/);
    expect(refresh?.run).toMatch(/\$CATALOGUE_DUMP_URL/);
  });

  it('deploys only after the catalogue was validated and the tests passed', () => {
    expect(deployGuardProblems(nightly)).toEqual([]);
  });

  it('carries the dates ledger across runs: restored before the deploy build, saved after the deploy', () => {
    const job = Object.values(nightly.jobs).find((j) => j.steps?.some(deploys))!;
    const at = (test: (step: Step) => boolean) => job.steps!.findIndex(test);
    const restore = at((step) => (step.uses ?? '').startsWith('actions/cache/restore@'));
    const build = at((step) => /--ledger ledger\/dates\.json/.test(step.run ?? ''));
    const deploy = at(deploys);
    const save = at((step) => (step.uses ?? '').startsWith('actions/cache/save@'));
    const copy = at(runs(/cp dist\/_build\/dates\.json ledger\/dates\.json/));
    expect(restore).toBeGreaterThanOrEqual(0);
    expect(restore).toBeLessThan(build);
    expect(build).toBeLessThan(deploy);
    expect(deploy).toBeLessThan(copy);
    expect(copy).toBeLessThan(save);
    expect(job.steps![save]!.with?.path).toBe(job.steps![restore]!.with?.path);
  });

  it('carries the upload manifest of the last deploy, so the deploy build says what it uploads', () => {
    expect(carriedFilesProblems(nightly)).toEqual([]);
    const job = Object.values(nightly.jobs).find((j) => j.steps?.some(deploys))!;
    const build = job.steps!.find((step) =>
      /--previous ledger\/upload\.json/.test(step.run ?? ''),
    )!;
    // in the log, and in the run's summary
    expect(build.run).toMatch(/\| tee build\.txt/);
    expect(build.run).toMatch(/sed -n '\/\^ {2}upload \/,\$p' build\.txt/);
    expect(build.run).toMatch(/>> "\$GITHUB_STEP_SUMMARY"/);
  });

  it('builds on the base of the last deploy, and keeps a base the build started (issue 34)', () => {
    const job = Object.values(nightly.jobs).find((j) => j.steps?.some(deploys))!;
    const steps = job.steps!;
    const at = (test: (step: Step) => boolean) => steps.findIndex(test);
    const restore = at(
      (step) =>
        (step.uses ?? '').startsWith('actions/cache/restore@') && step.with?.path === 'base',
    );
    const build = at(runs(/build\+=\(--base base\)/));
    const deploy = at(deploys);
    const keep = at(runs(/cp -R "dist\/_snapshot\/\$base_id" "base\/_snapshot\/\$base_id"/));
    const save = at(
      (step) => (step.uses ?? '').startsWith('actions/cache/save@') && step.with?.path === 'base',
    );
    expect([restore, build, deploy, keep, save].every((i) => i >= 0)).toBe(true);
    expect(restore).toBeLessThan(build);
    expect(build).toBeLessThan(deploy);
    expect(deploy).toBeLessThan(keep);
    expect(keep).toBeLessThan(save);
    // the build is given the base only when there is one; a base is saved once, under its id
    expect(steps[build]!.run).toMatch(/if \[ -f base\/_build\/base\.json \]; then/);
    expect(steps[restore]!.with?.['restore-keys']).toBe('snapshot-base-');
    expect(steps[save]!.with?.key).toBe('snapshot-base-${{ steps.base.outputs.new }}');
    expect(steps[save]!.if).toBe("steps.base.outputs.new != ''");
    expect(steps[keep]!.id).toBe('base');
  });

  it('uploads the validation report as an artifact when validation fails', () => {
    const [id, job] = Object.entries(nightly.jobs).find(([, job]) => job.steps?.some(validates))!;
    const validation = job.steps!.findIndex(validates);
    const upload = job.steps!.findIndex(
      (step) => (step.uses ?? '').startsWith('actions/upload-artifact@') && step.if === 'failure()',
    );
    expect(upload, `job ${id} uploads a report on failure`).toBeGreaterThan(validation);
    expect(job.steps![validation]!.run).toMatch(/\| tee report\//);
  });

  describe('the deploy guard check catches', () => {
    const copy = () => structuredClone(nightly);
    const deployJob = (workflow: Workflow) =>
      Object.values(workflow.jobs).find((job) => job.steps?.some(deploys))!;

    it('a deploy that does not wait for validation', () => {
      const broken = copy();
      deployJob(broken).needs = ['test'];
      expect(deployGuardProblems(broken)).toEqual([
        'job deploy does not need a job that validates the catalogue (npm run build)',
      ]);
    });

    it('a deploy that does not wait for any job', () => {
      const broken = copy();
      delete deployJob(broken).needs;
      expect(deployGuardProblems(broken)).toHaveLength(2);
    });

    it('a deploy job that runs always()', () => {
      const broken = copy();
      deployJob(broken).if = '${{ always() }}';
      expect(deployGuardProblems(broken)).toEqual([
        'job deploy may run after a failure (if: ${{ always() }})',
      ]);
    });

    it('a validation allowed to fail', () => {
      const broken = copy();
      broken.jobs.catalogue!.steps!.find(validates)!['continue-on-error'] = true;
      expect(deployGuardProblems(broken)).toEqual([
        'the step of catalogue that validates the catalogue (npm run build) has continue-on-error',
      ]);
    });

    it('an upload manifest not carried to the next run', () => {
      const broken = copy();
      const keep = deployJob(broken).steps!.find((step) =>
        (step.run ?? '').includes('cp dist/_build/upload.json'),
      )!;
      keep.run = keep.run!.replace(/cp dist\/_build\/upload\.json .*\n?/, '');
      expect(carriedFilesProblems(broken)).toEqual([
        'no step copies dist/_build/upload.json to ledger/upload.json',
      ]);
      const late = copy();
      const steps = deployJob(late).steps!;
      const build = steps.findIndex((step) => (step.run ?? '').includes('--previous'));
      steps.push(...steps.splice(build, 1)); // the build after the deploy
      expect(carriedFilesProblems(late)).toEqual(
        CARRIED.map(
          ({ file, option }) =>
            `the build with ${option} ledger/${file} is not between the restore and the deploy`,
        ),
      );
    });

    it('a token that is not the secret', () => {
      const broken = copy();
      deployJob(broken).steps!.find(deploys)!.env!.CLOUDFLARE_API_TOKEN = 'abc';
      expect(deployGuardProblems(broken)).toEqual([
        'the deploy step of deploy does not take its token from secrets.CLOUDFLARE_API_TOKEN',
      ]);
    });
  });
});
