// The DCAT pages read elements without their tables (a projection, keys.bin) and take their years
// from the index's year posting lists: the same views as the whole elements give.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { datasetView } from '../../../../core/open-data/element-view.ts';
import { readDatasetViews, yearsOf } from '../../../../worker/answer/dataset-views.ts';
import { readElementViews } from '../../../../worker/answer/element-views.ts';
import { deploymentProfile } from '../../../../worker/deployment-profile.ts';
import { ReadBudget } from '../../../../worker/snapshot/read-budget.ts';
import { snapshotStore } from '../../../../worker/snapshot/snapshot-store.ts';
import { DCAT_CPU_MS } from '../../../../worker/cost-model.ts';

const NO_COST = { dataset: 0, distribution: 0 };

describe('readDatasetViews', () => {
  it('gives every element of the catalogue as its whole element does, without its tables', async () => {
    const store = snapshotStore(env.ASSETS);
    const budget = new ReadBudget(1000);
    const index = await store.index({ budget });
    const openData = await store.openData(index, { budget });
    const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const request = { profile: deploymentProfile({ PLAN: 'paid' }), budget, store, index };
    const whole = await readElementViews(request, openData, elements);
    const read = await readDatasetViews(request, openData, elements, NO_COST);
    if (!whole.ok || !read.ok) throw new Error('the catalogue was not admitted');
    expect(read.views).toHaveLength(elements.length);
    expect(read.views.some((view) => view.years.length > 1)).toBe(true);
    read.views.forEach((view, e) => {
      const { element, ...rest } = datasetView(whole.views[e]!);
      const { data, ...withoutTables } = element as typeof element & { data: unknown };
      expect(data).toBeDefined();
      expect(view).toEqual({ ...rest, element: withoutTables });
    });
  });

  it('counts the rendering in full against the profile: refused in free past it, whatever the answer', async () => {
    const store = snapshotStore(env.ASSETS);
    const index = await store.index({ budget: new ReadBudget(1000) });
    const openData = await store.openData(index, { budget: new ReadBudget(1000) });
    const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const distributions = yearsOf(index, elements).flat().length;
    const read = (plan: string, dataset: number, distribution: number) =>
      readDatasetViews(
        { profile: deploymentProfile({ PLAN: plan }), budget: new ReadBudget(50), store, index },
        openData,
        elements,
        { dataset, distribution },
      );
    const refusedAt = async (dataset: number, distribution: number) => {
      const answer = await read('free', dataset, distribution);
      if (answer.ok) throw new Error(`admitted at ${dataset}, ${distribution}`);
      return answer.overBudget.cpuMs!;
    };
    expect((await read('free', 0, 0)).ok).toBe(true);
    expect((await read('paid', 1, 1)).ok).toBe(true);
    const base = await refusedAt(1, 0);
    expect(base).toBeGreaterThan(8);
    expect((await refusedAt(2, 0)) - base).toBeCloseTo(elements.length, 6);
    expect((await refusedAt(1, 1)) - base).toBeCloseTo(distributions, 6);
    expect(DCAT_CPU_MS.dataset * elements.length).toBeLessThan(8);
    expect((await read('free', DCAT_CPU_MS.dataset, DCAT_CPU_MS.distribution)).ok).toBe(true);
  });

  it('finds the years of elements in any order, each at its place', async () => {
    const store = snapshotStore(env.ASSETS);
    const index = await store.index({ budget: new ReadBudget(1000) });
    const all = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const forward = yearsOf(index, all);
    const backward = yearsOf(index, all.slice().reverse());
    expect(backward).toEqual(forward.slice().reverse());
  });
});
