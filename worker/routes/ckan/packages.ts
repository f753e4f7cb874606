// Packages for an action's answer: planned within the request's reads and the profile's CPU
// (like every answer, refused before its first byte when over them, never cut short), read as
// the generator wrote them, joined by commas.
import type { OpenDataSections } from '../../../core/open-data/layout.ts';
import { planPackages, readPackages } from '../../answer/package-answer.ts';
import { CkanError } from '../../http/ckan-envelope.ts';
import type { ActionContext } from './action-context.ts';

const COMMA = new Uint8Array([0x2c]);

export async function packagesPart(
  ctx: ActionContext,
  openData: OpenDataSections,
  elements: Uint32Array,
): Promise<Uint8Array[]> {
  const { profile, budget, store, index, origin } = ctx;
  const plan = planPackages(openData, elements);
  const readsOver = plan.files.length > budget.remaining;
  const cpuOver = profile.answerCpuMs !== undefined && plan.cpuMs > profile.answerCpuMs;
  if (readsOver || cpuOver)
    throw new CkanError(
      'search',
      `Search error: these ${elements.length} packages lie in ${plan.files.length} files of the snapshot (about ${plan.cpuMs.toFixed(1)} ms of CPU); this deployment (${profile.plan} profile) allows ${budget.remaining} more reads${profile.answerCpuMs === undefined ? '' : ` and ${profile.answerCpuMs} ms`}. Ask fewer rows, or page with sort=id asc (the order packages are stored in), or deploy with the paid profile.`,
    );
  const packages = await readPackages(
    store,
    index.buildId,
    openData,
    elements,
    plan,
    budget,
    origin,
  );
  const parts: Uint8Array[] = [];
  packages.forEach((bytes, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(bytes);
  });
  return parts;
}
