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

describe('readDatasetViews', () => {
  it('gives every element of the catalogue as its whole element does, without its tables', async () => {
    const store = snapshotStore(env.ASSETS);
    const budget = new ReadBudget(1000);
    const index = await store.index(budget);
    const openData = await store.openData(index, budget);
    const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const request = { profile: deploymentProfile({ PLAN: 'paid' }), budget, store, index };
    const whole = await readElementViews(request, openData, elements);
    const read = await readDatasetViews(request, openData, elements, 0);
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

  it('finds the years of elements in any order, each at its place', async () => {
    const store = snapshotStore(env.ASSETS);
    const index = await store.index(new ReadBudget(1000));
    const all = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const forward = yearsOf(index, all);
    const backward = yearsOf(index, all.slice().reverse());
    expect(backward).toEqual(forward.slice().reverse());
  });
});
