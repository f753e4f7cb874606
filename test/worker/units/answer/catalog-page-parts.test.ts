// A DCAT catalogue page joined from the dataset parts the generator stored (the base's, and for
// the elements changed since the base the build's own) is byte for byte the page written from the
// elements at the edge: the same composition (core/open-data/dcat/catalog-page.ts). Over the
// fixture snapshot, which is built on a base with an overlay.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { writeCatalogPage } from '../../../../core/open-data/dcat/catalog-page.ts';
import { JSON_LD } from '../../../../core/open-data/dcat/json-ld.ts';
import { TURTLE } from '../../../../core/open-data/dcat/turtle.ts';
import { storedCatalogPage } from '../../../../worker/answer/catalog-page-parts.ts';
import { readDatasetViews } from '../../../../worker/answer/dataset-views.ts';
import { deploymentProfile } from '../../../../worker/deployment-profile.ts';
import { dcatContext } from '../../../../worker/routes/dcat.ts';
import { ReadBudget } from '../../../../worker/snapshot/read-budget.ts';
import { snapshotStore } from '../../../../worker/snapshot/snapshot-store.ts';

const NO_COST = { dataset: 0, distribution: 0 };

describe('storedCatalogPage', () => {
  it('joins the stored parts into the page the elements give, from the base and the build', async () => {
    const store = snapshotStore(env.ASSETS);
    const budget = new ReadBudget(1000);
    const index = await store.index({ budget });
    const openData = await store.openData(index, { budget });
    const all = Array.from({ length: index.elementCount }, (_, e) => e);
    // parts changed since the base lie in the build's own files, numbered after the base's
    const own = all.filter((e) => openData.turtleFile[e]! >= index.openData.datasetFiles.turtle);
    expect(own.length).toBeGreaterThan(0);
    expect(own).toEqual(
      all.filter((e) => openData.jsonLdFile[e]! >= index.openData.datasetFiles.jsonLd),
    );
    const request = { profile: deploymentProfile({ PLAN: 'paid' }), budget, store, index };
    const sets = [all, all.slice(0, 3), all.filter((e) => e % 3 === 1), own, []];
    for (const origin of ['https://data.example', 'http://127.0.0.1:8787']) {
      const ctx = dcatContext(index, origin);
      for (const syntax of [TURTLE, JSON_LD])
        for (const set of sets) {
          const elements = Uint32Array.from(set);
          const paging = {
            page: 2,
            itemsPerPage: 100,
            totalItems: 150,
            url: (n: number) => `${origin}/catalog?page=${n}`,
          };
          const extras = { dump: { url: `${origin}/api/v1/dump` } };
          const joined = await storedCatalogPage(
            request,
            openData,
            elements,
            syntax,
            ctx,
            paging,
            extras,
          );
          const read = await readDatasetViews(request, openData, elements, NO_COST);
          if (!joined || !read.ok) throw new Error('not admitted');
          const written = writeCatalogPage(syntax, read.views, ctx, paging, extras);
          expect(new TextDecoder().decode(joined), `${syntax.name} ${set.length}`).toBe(written);
        }
    }
  });

  it('stays within the profile: free declines a page its reads would not allow', async () => {
    const store = snapshotStore(env.ASSETS);
    const index = await store.index({ budget: new ReadBudget(1000) });
    const openData = await store.openData(index, { budget: new ReadBudget(1000) });
    const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const page = (budget: ReadBudget) =>
      storedCatalogPage(
        { profile: deploymentProfile({ PLAN: 'free' }), budget, store, index },
        openData,
        elements,
        TURTLE,
        dcatContext(index, 'https://data.example'),
        { page: 1, itemsPerPage: 100, totalItems: elements.length, url: String },
        {},
      );
    expect(await page(new ReadBudget(50))).toBeInstanceOf(Uint8Array);
    // no reads left for its files
    expect(await page(new ReadBudget(1))).toBeUndefined();
  });
});
