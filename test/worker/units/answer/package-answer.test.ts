// The two ways a package reaches an answer give the same bytes: read as the generator stored it
// (rendered at build time, the origin written in at the edge) and rendered here from the element,
// for pages whose packages lie scattered over the stored files.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../../core/open-data/ckan-package.ts';
import { readElementViews } from '../../../../worker/answer/element-views.ts';
import {
  joinPackages,
  planPackages,
  readPackages,
  renderPackages,
} from '../../../../worker/answer/package-answer.ts';
import { deploymentProfile } from '../../../../worker/deployment-profile.ts';
import { ReadBudget } from '../../../../worker/snapshot/read-budget.ts';
import { snapshotStore } from '../../../../worker/snapshot/snapshot-store.ts';

const ORIGIN = 'https://data.example.go.id';
const decoder = new TextDecoder();

describe('packages stored and rendered at the edge', () => {
  it('are byte for byte the same for every element of the catalogue', async () => {
    const store = snapshotStore(env.ASSETS);
    const budget = new ReadBudget(1000);
    const index = await store.index({ budget });
    const openData = await store.openData(index, { budget });
    const elements = Uint32Array.from({ length: index.elementCount }, (_, e) => e);
    const plan = planPackages(store, index, openData, elements);
    const origin = new TextEncoder().encode(ORIGIN);
    const stored = (await readPackages(store, index, openData, elements, plan, budget)).map(
      (bytes) => joinPackages([bytes], origin),
    );
    const profile = deploymentProfile({ PLAN: 'paid' });
    const read = await readElementViews({ profile, budget, store, index }, openData, elements);
    if (!read.ok) throw new Error('the catalogue was not admitted');
    const rendered = renderPackages(index.openData, openData, elements, read.views, ORIGIN);
    expect(rendered).toHaveLength(elements.length);
    rendered.forEach((bytes, e) => expect(decoder.decode(bytes)).toBe(decoder.decode(stored[e])));

    // a table id that is not a UUID gets a UUID from the SHA-256 of the element's and the table's
    // ids (the value below computed apart, with Node's crypto)
    const [view] = read.views;
    const element = { ...view!.element, _id: '65a1f0c2e4b0a1b2c3d4e5f6' };
    element.data = [{ ...element.data[0]!, id: 'tabel-2022' }];
    expect(isUuid('tabel-2022')).toBe(false);
    const [odd] = renderPackages(
      index.openData,
      openData,
      elements.subarray(0, 1),
      [{ ...view!, element }],
      ORIGIN,
    );
    const pkg = JSON.parse(decoder.decode(odd)) as { resources: { id: string }[] };
    expect(pkg.resources[0]!.id).toBe('a93783a6-c717-8149-bada-52da5ab30d8e');
  });
});

describe('joinPackages', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const joined = (packages: string[], origin: string) =>
    decoder.decode(joinPackages(packages.map(bytes), bytes(origin)));

  it('joins by commas and writes the origin wherever a package holds a NUL', () => {
    expect(joined(['{"url":"\0/a","b":"\0/c\0"}', '{}', '{"u":"\0"}'], 'https://x.test')).toBe(
      '{"url":"https://x.test/a","b":"https://x.test/chttps://x.test"},{},{"u":"https://x.test"}',
    );
    expect(joined(['{"a":1}'], 'https://x.test')).toBe('{"a":1}');
    expect(joined([], 'https://x.test')).toBe('');
  });
});
