// package_search (docs/harvest.md §13.1) against the naive reference of test/support/ckan-reference.ts:
// q, fq, sort, rows/start and facets, over the fixture snapshot.
import { describe, expect, it } from 'vitest';
import { ckanTimestamp } from '../../../core/open-data/dates.ts';
import {
  referenceFacet,
  referencePackageSearch,
  referencePackages,
  type ReferencePackage,
  type SortName,
} from '../../support/ckan-reference.ts';
import { failure, search } from './ckan-client.ts';

const packages = referencePackages();
const at = (iso: string) => Date.parse(iso) / 1000;
const someOrg = packages[0]!.organization;
const otherOrg = packages.find((p) => p.organization !== someOrg)!.organization;
const someGroup = packages.find((p) => p.groups.length > 0)!.groups[0]!;
const someTag = packages.find((p) => p.tags.length > 0)!.tags[0]!;
const dated = packages.filter((p) => p.modified !== packages[0]!.modified);
const middle = [...new Set(packages.map((p) => p.modified))].sort((a, b) => a - b)[2]!;
const middleIso = new Date(middle * 1000).toISOString();

/** An fq and what it means, by hand. */
const FILTERS: [string, (p: ReferencePackage) => boolean][] = [
  [`organization:${someOrg}`, (p) => p.organization === someOrg],
  [`-organization:${someOrg}`, (p) => p.organization !== someOrg],
  [
    `organization:${someOrg} OR organization:${otherOrg}`,
    (p) => p.organization === someOrg || p.organization === otherOrg,
  ],
  [
    `-organization:${someOrg} -organization:${otherOrg}`,
    (p) => ![someOrg, otherOrg].includes(p.organization),
  ],
  [`groups:${someGroup}`, (p) => p.groups.includes(someGroup)],
  [`tags:"${someTag}"`, (p) => p.tags.includes(someTag)],
  [`res_format:CSV`, (p) => p.years.length > 0],
  [`id:${packages[3]!.id}`, (p) => p.id === packages[3]!.id],
  [`name:${packages[5]!.name}`, (p) => p.name === packages[5]!.name],
  [`metadata_modified:[${middleIso} TO *]`, (p) => p.modified >= middle],
  [`metadata_modified:{${middleIso} TO *]`, (p) => p.modified > middle],
  [`metadata_modified:[* TO ${middleIso}}`, (p) => p.modified < middle],
  // as CKAN's harvester writes it: microseconds, then Z
  [`metadata_modified:[${ckanTimestamp(middle)}Z TO *]`, (p) => p.modified >= middle],
  [
    `metadata_created:[2023-01-01T00:00:00Z TO 2023-12-31T23:59:59Z]`,
    (p) => p.created >= at('2023-01-01T00:00:00Z') && p.created <= at('2023-12-31T23:59:59Z'),
  ],
  [
    `+organization:${someOrg} +groups:${someGroup}`,
    (p) => p.organization === someOrg && p.groups.includes(someGroup),
  ],
  [
    `organization:${someOrg} AND NOT groups:${someGroup}`,
    (p) => p.organization === someOrg && !p.groups.includes(someGroup),
  ],
  [
    `(organization:${someOrg} OR organization:${otherOrg}) AND metadata_modified:[${middleIso} TO *]`,
    (p) => [someOrg, otherOrg].includes(p.organization) && p.modified >= middle,
  ],
  // Lucene's rule with CKAN's q.op=AND: the OR'd clauses turn optional beside a required one
  [
    `organization:${someOrg} OR organization:${otherOrg} metadata_modified:[${middleIso} TO *]`,
    (p) => p.modified >= middle,
  ],
  [`organization:no-such-organization`, () => false],
  [`*:*`, () => true],
  [`dataset_type:dataset`, () => true],
];

const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('package_search', () => {
  it('has dates that differ, for the range cases to mean something', () => {
    expect(dated.length).toBeGreaterThan(3);
  });

  it.each(FILTERS)(
    'fq=%s gives the matches the reference gives, sorted by id',
    async (fq, keep) => {
      const expected = referencePackageSearch(keep, { key: 'id', descending: false });
      const got = await search(`fq=${encodeURIComponent(fq)}&rows=1000&sort=id%20asc`);
      expect(got.count).toBe(expected.length);
      expect(ids(got.results)).toEqual(ids(expected));
    },
  );

  it.each(FILTERS.slice(0, 8))('q=%s reads fielded terms as fq does', async (q, keep) => {
    const got = await search(`q=${encodeURIComponent(q)}&rows=1000&sort=id%20asc`);
    expect(ids(got.results)).toEqual(
      ids(referencePackageSearch(keep, { key: 'id', descending: false })),
    );
  });

  it('ANDs fq with fq_list and q', async () => {
    const got = await search(
      `q=*:*&fq=organization:${someOrg}&fq_list=groups:${someGroup}&rows=1000&sort=id%20asc`,
    );
    expect(ids(got.results)).toEqual(
      ids(
        referencePackageSearch((p) => p.organization === someOrg && p.groups.includes(someGroup), {
          key: 'id',
          descending: false,
        }),
      ),
    );
  });

  const SORTS: [string, SortName | 'score', boolean][] = [
    ['id asc', 'id', false],
    ['id desc', 'id', true],
    ['name asc', 'name', false],
    ['name desc', 'name', true],
    ['title_string asc', 'title_string', false],
    ['title_string desc', 'title_string', true],
    ['metadata_modified desc', 'metadata_modified', true],
    ['metadata_modified asc', 'metadata_modified', false],
    ['metadata_created asc', 'metadata_created', false],
    ['score desc, metadata_modified desc', 'score', true],
  ];
  it.each(SORTS)(
    'sort=%s orders as the reference and pages by rows and start',
    async (sort, key, descending) => {
      const expected = ids(referencePackageSearch(() => true, { key, descending }));
      const whole = await search(`rows=1000&sort=${encodeURIComponent(sort)}`);
      expect(ids(whole.results)).toEqual(expected);
      expect(whole.sort).toBe(sort);
      for (const [start, rows] of [
        [0, 7],
        [7, 7],
        [expected.length - 3, 7],
        [expected.length, 5],
      ] as const) {
        const page = await search(`rows=${rows}&start=${start}&sort=${encodeURIComponent(sort)}`);
        expect(page.count).toBe(expected.length);
        expect(ids(page.results)).toEqual(expected.slice(start, start + rows));
      }
    },
  );

  it('answers the default sort (score desc, metadata_modified desc) and 10 rows when asked nothing', async () => {
    const got = await search('');
    expect(got.sort).toBe('score desc, metadata_modified desc');
    expect(got.results).toHaveLength(10);
    expect(ids(got.results)).toEqual(
      ids(referencePackageSearch(() => true, { key: 'score', descending: true }).slice(0, 10)),
    );
  });

  it.each(['penduduk', 'pendud kec', 'jumlah', 'kecamatan jenis'])(
    'q=%s gives docs/api.md §11 matches in relevance order',
    async (q) => {
      const expected = referencePackageSearch(() => true, { key: 'score', descending: true }, q);
      expect(expected.length).toBeGreaterThan(0);
      const got = await search(`q=${encodeURIComponent(q)}&rows=1000`);
      expect(got.count).toBe(expected.length);
      expect(ids(got.results)).toEqual(ids(expected));
    },
  );

  it('pages a q with OR, past the elements having every word, as its whole answer orders them', async () => {
    // the elements lacking a word come after the ranked ones: pages must cross into them
    const q = encodeURIComponent('penduduk OR jumlah');
    const whole = await search(`q=${q}&rows=1000`);
    const ranked = referencePackageSearch(
      () => true,
      { key: 'score', descending: true },
      'penduduk jumlah',
    );
    expect(whole.count).toBeGreaterThan(ranked.length + 3);
    const paged: string[] = [];
    for (let start = 0; start < whole.count; start += 2)
      paged.push(...ids((await search(`q=${q}&rows=2&start=${start}`)).results));
    expect(paged).toEqual(ids(whole.results));
  });

  it('caps rows at 1000 silently, as CKAN does', async () => {
    const got = await search('rows=5000&sort=id%20asc');
    expect(got.results).toHaveLength(Math.min(1000, packages.length));
  });

  it.each(['organization', 'groups', 'tags', 'res_format'] as const)(
    'counts facet.field %s over the matches, in both forms',
    async (field) => {
      const fq = `-organization:${someOrg}`;
      const matched = referencePackageSearch((p) => p.organization !== someOrg, {
        key: 'id',
        descending: false,
      });
      const expected = referenceFacet(matched, field);
      const got = await search(
        `fq=${encodeURIComponent(fq)}&facet.field=${encodeURIComponent(JSON.stringify([field]))}&facet.limit=-1&rows=0`,
      );
      expect(got.facets[field]).toEqual(expected);
      const items = got.search_facets[field]!.items;
      expect(Object.fromEntries(items.map((i) => [i.name, i.count]))).toEqual(expected);
      // search_facets items come by display_name, descending, as CKAN sorts them
      const names = items.map((i) => i.display_name);
      expect(names).toEqual([...names].sort().reverse());
      // facets by count, descending
      const counts = Object.values(got.facets[field]!);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(got.search_facets[field]!.title).toBe(field);
    },
  );

  it('keeps facet.limit items and drops those under facet.mincount', async () => {
    const facet = encodeURIComponent('["organization"]');
    const limited = await search(`facet.field=${facet}&facet.limit=2&rows=0`);
    expect(Object.keys(limited.facets.organization!)).toHaveLength(2);
    const all = referenceFacet(packages, 'organization');
    const min = Math.max(...Object.values(all));
    const mincount = await search(
      `facet.field=${facet}&facet.mincount=${min}&facet.limit=-1&rows=0`,
    );
    expect(Object.values(mincount.facets.organization!).every((n) => n >= min)).toBe(true);
  });

  it.each([
    ['q=organization:(', 400, 'Search Query Error'],
    ['fq=metadata_modified:[yesterday TO *]', 400, 'Search Query Error'],
    ['fq=no_such_field:x', 400, 'Search Query Error'],
    ['fq=%22unclosed', 400, 'Search Query Error'],
    ['sort=size%20asc', 409, 'Search Error'],
    ['rows=abc', 409, 'Validation Error'],
    ['rows=-1', 409, 'Validation Error'],
    ['start=1.5', 409, 'Validation Error'],
    ['facet.field=%5Bnot%20json', 409, 'Validation Error'],
    // what Solr would read as a wildcard, fuzzy or proximity query is not answered wrong
    ['fq=organization:dinas*', 400, 'Search Query Error'],
    ['q=pendud?k', 400, 'Search Query Error'],
    ['q=penduduk~2', 400, 'Search Query Error'],
    ['q=%22jumlah%20penduduk%22~3', 400, 'Search Query Error'],
    // more words than docs/api.md §11 reads, in a phrase: said so, not "no match"
    [`q=${encodeURIComponent(`"${'a b c d e f g h i j k l m'}"`)}`, 400, 'Search Query Error'],
    // no query buys unbounded CPU by its length
    [
      `fq=${encodeURIComponent(Array.from({ length: 101 }, (_, i) => `id:x${i}`).join(' OR '))}`,
      400,
      'Search Query Error',
    ],
    [
      `fq=${encodeURIComponent(Array.from({ length: 9 }, () => 'metadata_modified:[* TO NOW]').join(' '))}`,
      400,
      'Search Query Error',
    ],
  ] as const)('%s is refused as CKAN refuses it (%i %s)', async (query, status, type) => {
    const error = await failure('package_search', query, status, type);
    expect(JSON.stringify(error).length).toBeGreaterThan(20);
  });

  it('reads a boost as the term without it, and a lone * as any value', async () => {
    const plain = await search('q=title:penduduk&rows=1000&sort=id%20asc');
    expect(plain.count).toBeGreaterThan(0);
    const boosted = await search('q=title:penduduk%5E2&rows=1000&sort=id%20asc');
    expect(ids(boosted.results)).toEqual(ids(plain.results));
    const any = await search('q=title:*&rows=0');
    expect(any.count).toBe(packages.length);
    // as many terms as the limit, and as many ranges, are answered
    const many = Array.from({ length: 100 }, (_, i) => `id:x${i}`).join(' OR ');
    expect((await search(`fq=${encodeURIComponent(many)}&rows=0`)).count).toBe(0);
  });

  it('refuses a query nested deeper than it parses, never overflowing', async () => {
    const deep = `${'('.repeat(5000)}a${')'.repeat(5000)}`;
    await failure('package_search', `q=${deep}`, 400, 'Search Query Error');
  });
});
