// Packages for an action's answer: planned within the request's reads and the profile's CPU
// (like every answer, refused before its first byte when over them, never cut short). Read as
// the generator stored them when the page lies in few package files (a harvest's page in _id
// order); otherwise rendered here from the elements, which any page of the API reaches within
// the profile (worker/answer/package-answer.ts). Joined by commas, the origin written in.
import type { LoadedOpenData } from '../../snapshot/snapshot-store.ts';
import {
  joinPackages,
  planPackages,
  readPackages,
  renderPackages,
} from '../../answer/package-answer.ts';
import { readElementViews } from '../../answer/element-views.ts';
import { CkanError } from '../../http/ckan-envelope.ts';
import { packagesRenderCpuMs, storedPackagesFit } from '../../cost-model.ts';
import type { ActionContext } from './action-context.ts';

const encoder = new TextEncoder();

export async function packagesPart(
  ctx: ActionContext,
  openData: LoadedOpenData,
  elements: Uint32Array,
): Promise<Uint8Array[]> {
  const packages = await storedOrRendered(ctx, openData, elements);
  return [joinPackages(packages, encoder.encode(ctx.origin))];
}

async function storedOrRendered(
  ctx: ActionContext,
  openData: LoadedOpenData,
  elements: Uint32Array,
): Promise<Uint8Array[]> {
  const { profile, budget, store, index, origin } = ctx;
  const plan = planPackages(store, index, openData, elements);
  if (storedPackagesFit(profile, plan, budget.remaining))
    return readPackages(store, index, openData, elements, plan, budget);
  const read = await readElementViews(ctx, openData, elements, {
    renderCpuMs: packagesRenderCpuMs(elements.length),
  });
  if (read.ok) return renderPackages(index.openData, openData, elements, read.views, origin);
  const { cpuMs, cpuMsAllowed, reads } = read.overBudget;
  const needs =
    reads === undefined
      ? `more than the ${budget.remaining} snapshot reads left to this request`
      : `about ${cpuMs!.toFixed(1)} ms of CPU, over the ${cpuMsAllowed} ms this profile allows`;
  throw new CkanError(
    'search',
    `Search error: these ${elements.length} packages would need ${needs} (${profile.plan} profile). Ask fewer rows (pages of 100 are always answered), or page with sort=id asc (the order packages are stored in), or deploy with the paid profile.`,
  );
}
