// DCAT-AP 3 as the real Worker serves it (docs/harvest.md §13.2, worker/routes/dcat.ts): `npm start`'s
// server (tools/serve/cli.ts, workerd) over built snapshots, read over HTTP as a harvester reads
// it. Turtle with n3, JSON-LD with jsonld.js; every page checked against the official DCAT-AP
// 3.0.1 SHACL shapes; what it lists compared with the API's elements and CKAN's packages.
// Snapshots: the fixture; a synthetic catalogue of a few pages with dates of its own
// (modified_since cut anywhere); the shape of 20,000 elements, few published, in both profiles.
import { DataFactory, type Quad } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataElement } from '../../core/schema.ts';
import { FIXTURE_SNAPSHOT } from '../generator/build-fixture-snapshot.ts';
import { SHAPES_ROOT } from '../support/node/build-scale-snapshot.ts';
import { buildDatedSnapshot, type DatedSnapshot } from '../support/node/dated-snapshot.ts';
import {
  canonicalNQuads,
  loadShapes,
  parseJsonLd,
  parseTurtle,
  validateShacl,
} from '../support/node/rdf-graphs.ts';
import {
  httpRequest,
  serveSnapshot,
  type ServedSnapshot,
} from '../support/node/served-snapshot.ts';

const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  hydra: 'http://www.w3.org/ns/hydra/core#',
};
const RDF_TYPE = `${NS.rdf}type`;
const XSD_STRING = `${NS.xsd}string`;
const XSD_INTEGER = `${NS.xsd}integer`;
const XSD_DATE_TIME = `${NS.xsd}dateTime`;
/** ckanext-dcat's page size. */
const PER_PAGE = 100;

type Format = 'ttl' | 'jsonld';
const FORMATS: Format[] = ['ttl', 'jsonld'];
const MEDIA_TYPE: Record<Format, string> = {
  ttl: 'text/turtle; charset=utf-8',
  jsonld: 'application/ld+json; charset=utf-8',
};

const REQUIRED = loadShapes('shapes.ttl', 'range.ttl');
const RECOMMENDED = loadShapes('shapes_recommended.ttl');

// ---- reading graphs ----------------------------------------------------------------------------

/** `safe: false`: JSON-LD read without jsonld.js's safe mode, where the caller compares. */
const parse = async (format: Format, body: string, { safe = true } = {}) =>
  format === 'ttl' ? parseTurtle(body) : parseJsonLd(body, { safe });

const objectsOf = (quads: Quad[], subject: string, predicate: string) =>
  quads
    .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
    .map((q) => q.object);
const valuesOf = (quads: Quad[], subject: string, predicate: string) =>
  objectsOf(quads, subject, predicate).map((o) => o.value);
const subjectsOfType = (quads: Quad[], type: string) => [
  ...new Set(
    quads
      .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === type)
      .map((q) => q.subject.value),
  ),
];
/** The one literal of `subject` `predicate`, as `value^^datatype`. */
function literalOf(quads: Quad[], subject: string, predicate: string): string | undefined {
  const objects = objectsOf(quads, subject, predicate);
  expect(objects.length, `${subject} ${predicate}`).toBeLessThanOrEqual(1);
  const [object] = objects;
  if (object === undefined) return undefined;
  expect(object.termType, `${subject} ${predicate}`).toBe('Literal');
  return object.termType === 'Literal' ? `${object.value}^^${object.datatype.value}` : undefined;
}
const sorted = (values: Iterable<string>) => [...values].sort();

/** GET `url`: 200 in the format's media type; the body and its graph. */
async function getRdf(url: string, format: Format, { safe = true } = {}) {
  const response = await httpRequest(url);
  expect(response.status, `${url}: ${response.text.slice(0, 300)}`).toBe(200);
  expect(response.headers.get('content-type'), url).toBe(MEDIA_TYPE[format]);
  return { body: response.text, quads: await parse(format, response.text, { safe }) };
}

// ---- a harvester -------------------------------------------------------------------------------

interface CatalogPage {
  /** As requested. */
  url: string;
  quads: Quad[];
  /** The node typed hydra:PagedCollection (none in an empty listing, as in ckanext-dcat). */
  collection: string | undefined;
  /** The dct:identifier of each dcat:Dataset. */
  identifiers: string[];
}

function readCatalogPage(url: string, quads: Quad[]): CatalogPage {
  const collections = subjectsOfType(quads, `${NS.hydra}PagedCollection`);
  expect(collections.length, url).toBeLessThanOrEqual(1);
  const [catalog, ...otherCatalogs] = subjectsOfType(quads, `${NS.dcat}Catalog`);
  expect(otherCatalogs, url).toEqual([]);
  const datasets = subjectsOfType(quads, `${NS.dcat}Dataset`);
  // the catalog lists exactly the datasets described on the page
  expect(sorted(valuesOf(quads, catalog!, `${NS.dcat}dataset`)), url).toEqual(sorted(datasets));
  const identifiers = datasets.map((dataset) => {
    const ids = valuesOf(quads, dataset, `${NS.dct}identifier`);
    expect(ids, dataset).toHaveLength(1);
    return ids[0]!;
  });
  return { url, quads, collection: collections[0], identifiers };
}

/** A page's hydra link `term` (a plain literal, as ckanext-dcat writes it), or undefined. */
function hydraLink(page: CatalogPage, term: string): string | undefined {
  const value = literalOf(page.quads, page.collection!, `${NS.hydra}${term}`);
  if (value === undefined) return undefined;
  expect(value.endsWith(`^^${XSD_STRING}`), `${page.url} hydra:${term}`).toBe(true);
  return value.slice(0, -`^^${XSD_STRING}`.length);
}

/** What a DCAT harvester does: from /catalog.{format}[?query], follow hydra:next to the end. */
async function harvest(
  base: string,
  format: Format,
  query = '',
  { safe = true } = {},
): Promise<CatalogPage[]> {
  const pages: CatalogPage[] = [];
  let url: string | undefined = `${base}/catalog.${format}${query && `?${query}`}`;
  while (url !== undefined) {
    if (pages.length > 1000) throw new Error(`${url}: a walk of more than 1000 pages`);
    const page = readCatalogPage(url, (await getRdf(url, format, { safe })).quads);
    pages.push(page);
    url = page.collection === undefined ? undefined : hydraLink(page, 'next');
  }
  return pages;
}

const identifiersOf = (pages: CatalogPage[]) => pages.flatMap((page) => page.identifiers);

/** Every id exactly once, and no other. */
function expectExactlyOnce(seen: string[], expected: string[], label: string) {
  const once = new Set<string>();
  const duplicates = seen.filter((id) => once.size === once.add(id).size);
  expect(duplicates, `${label}: read more than once`).toEqual([]);
  expect(sorted(seen), label).toEqual(sorted(expected));
}

/** `url` is page `n` of /catalog.{format} (with `since` as modified_since), and only that. */
function expectPageUrl(
  url: string | undefined,
  base: string,
  format: Format,
  n: number,
  since?: string,
) {
  expect(url, `page ${n}`).toBeDefined();
  const parsed = new URL(url!);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(`${base}/catalog.${format}`);
  const expected = [['page', String(n)]];
  if (since !== undefined) expected.push(['modified_since', since]);
  expect(sorted([...parsed.searchParams].map(([k, v]) => `${k}=${v}`)), url).toEqual(
    sorted(expected.map(([k, v]) => `${k}=${v}`)),
  );
}

/**
 * Page `n` of a listing of `total` datasets as ckanext-dcat pages it (_pagination_info,
 * _add_pagination_triples): its node, the counts, and first/last/previous/next each with the old
 * (`*Page`) and the new predicate; past the end, no dataset and `previous` the last page.
 */
function expectPaging(
  page: CatalogPage,
  base: string,
  format: Format,
  n: number,
  total: number,
  since?: string,
) {
  const last = Math.max(1, Math.ceil(total / PER_PAGE));
  const onPage = n <= last ? Math.max(0, Math.min(PER_PAGE, total - (n - 1) * PER_PAGE)) : 0;
  expect(page.identifiers.length, `${page.url}: datasets`).toBe(onPage);
  if (total === 0) {
    expect(page.collection, `${page.url}: an empty listing has no paging`).toBeUndefined();
    return;
  }
  expectPageUrl(page.collection, base, format, n, since);
  const collection = page.collection!;
  expect(literalOf(page.quads, collection, `${NS.hydra}totalItems`)).toBe(
    `${total}^^${XSD_INTEGER}`,
  );
  expect(literalOf(page.quads, collection, `${NS.hydra}itemsPerPage`)).toBe(
    `${PER_PAGE}^^${XSD_INTEGER}`,
  );
  const targets: [string, string, number | undefined][] = [
    ['firstPage', 'first', 1],
    ['lastPage', 'last', last],
    ['previousPage', 'previous', n === 1 ? undefined : Math.min(n - 1, last)],
    ['nextPage', 'next', n < last ? n + 1 : undefined],
  ];
  for (const [old, current, target] of targets) {
    const [oldLink, link] = [hydraLink(page, old), hydraLink(page, current)];
    expect(oldLink, `${page.url} hydra:${old}`).toBe(link);
    if (target === undefined) expect(link, `${page.url} hydra:${current}`).toBeUndefined();
    else expectPageUrl(link, base, format, target, since);
  }
}

/** The same page in the other format names itself by its own URL: map those onto `to`. */
function retarget(quads: Quad[], from: string, to: string): Quad[] {
  const { namedNode, literal, quad } = DataFactory;
  const swap = (value: string) => (value.startsWith(from) ? to + value.slice(from.length) : value);
  return quads.map((q) =>
    quad(
      q.subject.termType === 'NamedNode' ? namedNode(swap(q.subject.value)) : q.subject,
      q.predicate,
      q.object.termType === 'Literal' && q.object.datatype.value === XSD_STRING
        ? literal(swap(q.object.value), q.object.datatype)
        : q.object,
      q.graph,
    ),
  );
}

// ---- what the API and CKAN say -----------------------------------------------------------------

/** Every published `_id`, as /api/v1/data-element?fields=_id pages them with limit and offset. */
async function publishedIds(base: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const url = `${base}/api/v1/data-element?fields=_id&limit=${limit}&offset=${offset}`;
    const response = await httpRequest(url);
    expect(response.status, url).toBe(200);
    const total = Number(response.headers.get('x-total-count'));
    const page = JSON.parse(response.text) as { _id: string }[];
    ids.push(...page.map((element) => element._id));
    if (page.length < limit) {
      expect(ids.length).toBe(total);
      return ids;
    }
  }
}

interface Package {
  id: string;
  name: string;
  url: string;
  metadata_created: string;
  metadata_modified: string;
}

/** Every package of package_search (rows=1000, sort=id asc), by id. */
async function ckanPackages(base: string): Promise<Map<string, Package>> {
  const packages = new Map<string, Package>();
  for (let start = 0; ; start += 1000) {
    const url = `${base}/api/3/action/package_search?rows=1000&sort=id%20asc&start=${start}`;
    const response = await httpRequest(url);
    expect(response.status, url).toBe(200);
    const { result } = JSON.parse(response.text) as {
      result: { count: number; results: Package[] };
    };
    for (const one of result.results) packages.set(one.id, one);
    if (packages.size >= result.count || result.results.length === 0) return packages;
  }
}

/** CKAN's metadata_* (a naive UTC isoformat) in milliseconds. */
function ckanInstant(value: string): number {
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?$/);
  return Date.parse(`${value}Z`);
}

/** A dataset's dct:issued or dct:modified (xsd:dateTime) in milliseconds. */
function dateTimeOf(quads: Quad[], dataset: string, predicate: 'issued' | 'modified'): number {
  const value = literalOf(quads, dataset, `${NS.dct}${predicate}`);
  expect(value, `${dataset} dct:${predicate}`).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z\\^\\^${XSD_DATE_TIME}$`),
  );
  return Date.parse(value!.split('^^')[0]!);
}

const datasetOf = (quads: Quad[], id: string) =>
  subjectsOfType(quads, `${NS.dcat}Dataset`).find((dataset) =>
    valuesOf(quads, dataset, `${NS.dct}identifier`).includes(id),
  )!;

// ---- SHACL -------------------------------------------------------------------------------------

/** Warnings of shapes_recommended.ttl, `<focus class> <path>` → count, over every page checked. */
type Tally = Record<string, number>;

/** No result of shapes.ttl + range.ttl; the recommended shapes' warnings added to `tally`. */
async function expectConforms(quads: Quad[], label: string, tally: Tally): Promise<Tally> {
  const violations = await validateShacl(REQUIRED, quads);
  expect(violations, label).toEqual([]);
  const warnings = await validateShacl(RECOMMENDED, quads);
  expect(
    warnings.filter((w) => w.severity !== 'sh:Warning'),
    label,
  ).toEqual([]);
  const page: Tally = {};
  for (const { focusClass, path } of warnings) {
    const key = `${focusClass} ${path || '(dcat:dataset or dcat:service)'}`;
    page[key] = (page[key] ?? 0) + 1;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return page;
}

function printTally(title: string, pages: number, tally: Tally) {
  const lines = Object.entries(tally)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, n]) => `  ${String(n).padStart(5)}  ${key}`);
  console.log(
    `${title}: ${pages} pages, 0 violations of shapes.ttl + range.ttl; ` +
      `shapes_recommended.ttl warnings by focus class and path:\n${lines.join('\n') || '  none'}`,
  );
}

/**
 * The recommended shapes' warnings a served page over `elements` has, and why: the catalogue
 * names no spatial coverage and no publisher type (the fixture has no data/catalogue.json, so
 * the defaults: CC-BY-4.0, whose licence type is known), the served catalogue carries no issued
 * or modified date of its own; an element without categories has no theme, without sectors,
 * fields or aliases no keyword, without tables no distribution and no temporal coverage.
 */
function expectedWarnings(elements: DataElement[]): Tally {
  const counts: Tally = {};
  const add = (key: string, n = 1) => {
    if (n > 0) counts[key] = (counts[key] ?? 0) + n;
  };
  add('foaf:Agent dct:type', 1 + elements.length);
  add('dcat:Catalog dct:spatial');
  add('dcat:Dataset dct:spatial', elements.length);
  add('dcat:Catalog dct:issued');
  add('dcat:Catalog dct:modified');
  if (elements.length === 0) add('dcat:Catalog (dcat:dataset or dcat:service)');
  for (const element of elements) {
    if (element.category.length === 0) add('dcat:Dataset dcat:theme');
    const aliases = element.metadata.some(
      (m) => m.key.trim().toLowerCase() === 'alias' && m.value.trim(),
    );
    if (element.sector.length + element.field.length === 0 && !aliases)
      add('dcat:Dataset dcat:keyword');
    if (element.data.length === 0) {
      add('dcat:Dataset dcat:distribution');
      add('dcat:Dataset dct:temporal');
    }
  }
  return counts;
}

// ---- bad requests ------------------------------------------------------------------------------

const BAD_QUERIES = [
  'page=0',
  'page=x',
  'page=-1',
  'page=1.5',
  'page=1e2',
  'page=1&page=2',
  'page=1000000000',
  'modified_since=bad',
  'modified_since=2024',
  'modified_since=31-01-2024',
  'modified_since=2024-13-01',
  'modified_since=2024-02-30',
  'modified_since=2023-02-29',
  'modified_since=2024-04-31',
  'modified_since=2024-01-31T25:00:00Z',
  'modified_since=2024-01-31T08:00:00%2B25:00',
];

async function expectBadRequest(url: string) {
  const response = await httpRequest(url);
  expect(response.status, `${url}: ${response.text}`).toBe(400);
  expect(response.headers.get('content-type'), url).toMatch(/^application\/json\b/);
  const json = JSON.parse(response.text) as Record<string, unknown>;
  expect(Object.keys(json), url).toEqual(['message']);
  expect(json.message, url).toMatch(/page|modified_since/);
}

// ---- the fixture -------------------------------------------------------------------------------

describe('DCAT-AP 3 served by npm start: the fixture snapshot', () => {
  let server: ServedSnapshot | undefined;
  let base = '';
  let published: string[] = [];
  let packages = new Map<string, Package>();
  const elements = new Map<string, DataElement>();
  const walks = new Map<Format, CatalogPage[]>();
  const tally: Tally = {};
  let pagesChecked = 0;

  beforeAll(async () => {
    server = await serveSnapshot(FIXTURE_SNAPSHOT);
    base = server.url;
    published = await publishedIds(base, 10);
    packages = await ckanPackages(base);
    const all = JSON.parse(
      (await httpRequest(`${base}/api/v1/data-element`)).text,
    ) as DataElement[];
    for (const element of all) elements.set(element._id, element);
    for (const format of FORMATS) walks.set(format, await harvest(base, format));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (pagesChecked > 0) printTally('fixture', pagesChecked, tally);
  });

  it('gives a harvester that follows hydra:next every published element exactly once', async () => {
    expect(published.length).toBeGreaterThan(20);
    expect(sorted(packages.keys())).toEqual(sorted(published));
    for (const format of FORMATS) {
      const pages = walks.get(format)!;
      expectExactlyOnce(identifiersOf(pages), published, `/catalog.${format}`);
      pages.forEach((page, i) => expectPaging(page, base, format, i + 1, published.length));
    }
    // the Turtle and the JSON-LD of a page are one graph, each naming the page by its own URL
    const [ttl, jsonld] = [walks.get('ttl')!, walks.get('jsonld')!];
    expect(jsonld.length).toBe(ttl.length);
    for (const [i, page] of ttl.entries())
      expect(
        await canonicalNQuads(
          retarget(jsonld[i]!.quads, `${base}/catalog.jsonld`, `${base}/catalog.ttl`),
        ),
        page.url,
      ).toBe(await canonicalNQuads(page.quads));
  });

  it('serves pages that conform to shapes.ttl and range.ttl, with only the warnings the data explains', async () => {
    for (const format of FORMATS)
      for (const page of walks.get(format)!) {
        const warnings = await expectConforms(page.quads, page.url, tally);
        pagesChecked++;
        expect(warnings, page.url).toEqual(
          expectedWarnings(page.identifiers.map((id) => elements.get(id)!)),
        );
      }
    for (const query of ['page=2', 'modified_since=2100-01-01']) {
      const url = `${base}/catalog.ttl?${query}`;
      const page = readCatalogPage(url, (await getRdf(url, 'ttl')).quads);
      expect(page.identifiers).toEqual([]);
      expect(await expectConforms(page.quads, url, tally), url).toEqual(expectedWarnings([]));
      pagesChecked++;
    }
  });

  it('pages past the end as ckanext-dcat does, and refuses a bad page or modified_since with 400', async () => {
    for (const format of FORMATS) {
      for (const n of [2, 3, 999_999_999]) {
        const url = `${base}/catalog.${format}?page=${n}`;
        expectPaging(
          readCatalogPage(url, (await getRdf(url, format)).quads),
          base,
          format,
          n,
          published.length,
        );
      }
      // an empty page parameter is the first page
      const url = `${base}/catalog.${format}?page=`;
      expectPaging(
        readCatalogPage(url, (await getRdf(url, format)).quads),
        base,
        format,
        1,
        published.length,
      );
      for (const query of BAD_QUERIES) await expectBadRequest(`${base}/catalog.${format}?${query}`);
    }
  });

  it('keeps with modified_since exactly the elements modified at or after it, as CKAN dates them', async () => {
    const modified = new Map(
      published.map((id) => [id, ckanInstant(packages.get(id)!.metadata_modified)]),
    );
    const instants = [...new Set(modified.values())].sort((a, b) => a - b);
    expect(instants.length, 'the fixture dates some elements itself').toBeGreaterThan(5);
    const iso = (ms: number) => new Date(ms).toISOString();
    const thresholds: { text: string; ms: number }[] = [
      { text: '2000-01-01', ms: Date.UTC(2000, 0, 1) },
      { text: '2100-01-01T00:00:00Z', ms: Date.UTC(2100, 0, 1) },
    ];
    for (const ms of instants)
      thresholds.push(
        { text: iso(ms).replace('.000Z', 'Z'), ms },
        { text: iso(ms).slice(0, 19), ms }, // no zone: UTC
        { text: iso(ms).slice(0, 16), ms }, // no seconds
        { text: `${iso(ms + 7 * 3_600_000).slice(0, 19)}+07:00`, ms }, // WIB
        { text: `${iso(ms + 7 * 3_600_000).slice(0, 19)}+0700`, ms },
        { text: iso(ms - 1000), ms: ms - 1000 },
        { text: iso(ms + 1), ms: ms + 1 },
        { text: iso(ms).slice(0, 10), ms: Date.parse(iso(ms).slice(0, 10)) },
      );
    for (const [t, { text, ms }] of thresholds.entries()) {
      const expected = published.filter((id) => modified.get(id)! >= ms);
      // Turtle for every threshold, JSON-LD for a few
      for (const format of t % 7 === 0 ? FORMATS : (['ttl'] as const)) {
        const query = new URLSearchParams({ modified_since: text }).toString();
        const pages = await harvest(base, format, query);
        const label = `/catalog.${format}?${query}`;
        expectExactlyOnce(identifiersOf(pages), expected, label);
        pages.forEach((page, i) => expectPaging(page, base, format, i + 1, expected.length, text));
        for (const page of pages)
          for (const id of page.identifiers) {
            const dataset = datasetOf(page.quads, id);
            expect(dateTimeOf(page.quads, dataset, 'modified'), `${label} ${id}`).toBe(
              modified.get(id),
            );
          }
        // a page past the end keeps the parameter in its links too
        const past = `${base}/catalog.${format}?${query}&page=3`;
        const page = readCatalogPage(past, (await getRdf(past, format)).quads);
        expectPaging(page, base, format, 3, expected.length, text);
      }
    }
  });

  it('answers /dataset/{id}.ttl and .jsonld for every published element, by _id and by CKAN name', async () => {
    const fetched = new Map<string, { status: number; type: string | null }>();
    const resolve = async (url: string) => {
      if (!fetched.has(url)) {
        const response = await httpRequest(url);
        fetched.set(url, { status: response.status, type: response.headers.get('content-type') });
      }
      return fetched.get(url)!;
    };
    for (const id of published) {
      const pkg = packages.get(id)!;
      const element = elements.get(id)!;
      const graphs = new Set<string>();
      for (const key of [id, pkg.name])
        for (const format of FORMATS) {
          const url = `${base}/dataset/${encodeURIComponent(key)}.${format}`;
          const { quads } = await getRdf(url, format);
          expect(subjectsOfType(quads, `${NS.hydra}PagedCollection`), url).toEqual([]);
          const datasets = subjectsOfType(quads, `${NS.dcat}Dataset`);
          expect(datasets, url).toHaveLength(1);
          const [dataset] = datasets as [string];
          expect(valuesOf(quads, dataset, `${NS.dct}identifier`), url).toEqual([id]);
          graphs.add(await canonicalNQuads(quads));
          if (key !== id || format !== 'ttl') continue;

          // dated as CKAN dates the package
          expect(dateTimeOf(quads, dataset, 'issued'), url).toBe(ckanInstant(pkg.metadata_created));
          expect(dateTimeOf(quads, dataset, 'modified'), url).toBe(
            ckanInstant(pkg.metadata_modified),
          );
          // its landing page is the element's page (CKAN's url), served as HTML
          const landing = valuesOf(quads, dataset, `${NS.dcat}landingPage`);
          expect(landing, url).toEqual([`${base}/dataset/${pkg.name}`]);
          expect(landing[0]).toBe(pkg.url);
          const page = await resolve(landing[0]!);
          expect(page.status, landing[0]).toBe(200);
          expect(page.type, landing[0]).toMatch(/^text\/html\b/);
          // a distribution per year, each downloadable as CSV
          const years = [...new Set(element.data.map((entry) => entry.year))];
          const distributions = valuesOf(quads, dataset, `${NS.dcat}distribution`);
          expect(distributions, url).toHaveLength(years.length);
          const downloads = distributions.map((distribution) => {
            const urls = valuesOf(quads, distribution, `${NS.dcat}downloadURL`);
            expect(urls, distribution).toHaveLength(1);
            expect(valuesOf(quads, distribution, `${NS.dcat}accessURL`)).toEqual(urls);
            return urls[0]!;
          });
          expect(sorted(downloads), url).toEqual(
            sorted(
              years.map(
                (year) => `${base}/api/v1/data-element/${encodeURIComponent(id)}/${year}.csv`,
              ),
            ),
          );
          for (const download of downloads) {
            const csv = await resolve(download);
            expect(csv.status, download).toBe(200);
            expect(csv.type, download).toMatch(/^text\/csv\b/);
          }
          const warnings = await expectConforms(quads, url, tally);
          pagesChecked++;
          expect(warnings, url).toEqual(expectedWarnings([element]));
        }
      // by _id and by name, in Turtle and in JSON-LD: one graph
      expect(graphs.size, id).toBe(1);
    }
    // nothing for an unknown id, an element not published, or a name whose _id suffix is another's
    const unknown = [
      'nope',
      '000000000000000000001005', // DRAFT
      '000000000000000000001009', // MENUNGGU VERIFIKASI
      '00000000000000000000100a', // "TERVERIFIKASI " (not exactly the status)
      '000000000000000000001012', // "Terverifikasi"
      '000000000000000000001020', // DIAJUKAN
      `nama-lain-${published[0]}`,
      packages.get(published[0]!)!.name.replace(published[0]!, published[1]!),
    ];
    for (const key of unknown)
      for (const format of FORMATS) {
        const url = `${base}/dataset/${encodeURIComponent(key)}.${format}`;
        expect((await httpRequest(url)).status, url).toBe(404);
      }
  });

  it('answers with an ETag (304 when it matches), to HEAD, and in the RDF media types', async () => {
    const etags = new Set<string>();
    for (const [path, format] of [
      ['/catalog.ttl', 'ttl'],
      ['/catalog.jsonld', 'jsonld'],
      ['/catalog.ttl?page=2', 'ttl'],
      ['/catalog.ttl?modified_since=2025-01-01', 'ttl'],
      [`/dataset/${published[0]}.ttl`, 'ttl'],
      [`/dataset/${published[0]}.jsonld`, 'jsonld'],
    ] as const) {
      const url = `${base}${path}`;
      const got = await httpRequest(url);
      expect(got.status, url).toBe(200);
      expect(got.headers.get('content-type'), url).toBe(MEDIA_TYPE[format]);
      expect(got.headers.get('content-length'), url).toBe(String(got.body.length));
      const etag = got.headers.get('etag')!;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      etags.add(etag);
      for (const match of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const cached = await httpRequest(url, { headers: { 'if-none-match': match } });
        expect(cached.status, `${url} If-None-Match: ${match}`).toBe(304);
        expect(cached.text).toBe('');
        expect(cached.headers.get('etag')).toBe(etag);
      }
      const changed = await httpRequest(url, { headers: { 'if-none-match': '"other"' } });
      expect(changed.status).toBe(200);
      expect(changed.body.equals(got.body), url).toBe(true);
      const head = await httpRequest(url, { method: 'HEAD' });
      expect(head.status, `HEAD ${url}`).toBe(200);
      expect(head.text).toBe('');
      for (const header of ['content-type', 'content-length', 'etag', 'cache-control'])
        expect(head.headers.get(header), `HEAD ${url} ${header}`).toBe(got.headers.get(header));
      const headCached = await httpRequest(url, {
        method: 'HEAD',
        headers: { 'if-none-match': etag },
      });
      expect(headCached.status, `HEAD ${url} If-None-Match`).toBe(304);
    }
    // each representation its own
    expect(etags.size).toBe(6);
  });
});

// ---- a catalogue of a few pages, dated over a year ---------------------------------------------

describe('DCAT-AP 3 served by npm start: modified_since over a listing of several pages', () => {
  let dated: DatedSnapshot | undefined;
  let server: ServedSnapshot | undefined;
  let base = '';
  let published: string[] = [];
  let modified = new Map<string, number>();

  beforeAll(async () => {
    dated = buildDatedSnapshot(400);
    server = await serveSnapshot(dated.snapshot, { PLAN: 'paid' });
    base = server.url;
    published = await publishedIds(base, 1000);
    const packages = await ckanPackages(base);
    modified = new Map(
      published.map((id) => [id, ckanInstant(packages.get(id)!.metadata_modified)]),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    dated?.remove();
  });

  it('pages exactly the elements modified at or after it, its links keeping it', async () => {
    expect(published.length).toBeGreaterThan(3 * PER_PAGE);
    const instants = [...modified.values()].sort((a, b) => a - b);
    expect(new Set(instants).size).toBe(instants.length);
    // the listing cut before the first, at page boundaries and around them, and at the last
    const cuts = [0, 44, 45, 144, 244, instants.length - 1].filter((i) => i < instants.length);
    for (const [c, i] of cuts.entries()) {
      for (const ms of [instants[i]!, instants[i]! + 1]) {
        const text = new Date(ms).toISOString();
        const expected = published.filter((id) => modified.get(id)! >= ms);
        for (const format of c % 2 === 0 && ms === instants[i] ? FORMATS : (['ttl'] as const)) {
          const query = new URLSearchParams({ modified_since: text }).toString();
          const pages = await harvest(base, format, query);
          const label = `/catalog.${format}?${query}`;
          expect(pages.length, label).toBe(Math.max(1, Math.ceil(expected.length / PER_PAGE)));
          expectExactlyOnce(identifiersOf(pages), expected, label);
          pages.forEach((page, n) =>
            expectPaging(page, base, format, n + 1, expected.length, text),
          );
        }
      }
    }
    // and without it, everything
    expectExactlyOnce(identifiersOf(await harvest(base, 'ttl')), published, '/catalog.ttl');
  });
});

// ---- free, a listing scattered over more part files than it may read --------------------------

describe('DCAT-AP 3 served by npm start in PLAN=free: modified_since over parts in files of 2 KiB', () => {
  let dated: DatedSnapshot | undefined;
  const servers: Partial<Record<'free' | 'paid', ServedSnapshot>> = {};
  let instants: number[] = [];

  beforeAll(async () => {
    // a part a file: a page of 100 would read 100 files, more than free's 50
    dated = buildDatedSnapshot(400, ['--package-bytes', '2048']);
    for (const plan of ['free', 'paid'] as const)
      servers[plan] = await serveSnapshot(dated.snapshot, { PLAN: plan });
    const packages = await ckanPackages(servers.paid!.url);
    instants = [...packages.values()]
      .map((p) => ckanInstant(p.metadata_modified))
      .sort((a, b) => a - b);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([servers.free?.stop(), servers.paid?.stop()]);
    dated?.remove();
  });

  it('writes a short listing from the elements, the bytes paid joins, and refuses a page of 100 saying what to do', async () => {
    const free = servers.free!.url;
    const paid = servers.paid!.url;
    const recent = new Date(instants[instants.length - 12]!).toISOString();
    for (const format of FORMATS) {
      const query = `modified_since=${encodeURIComponent(recent)}`;
      const answer = await httpRequest(`${free}/catalog.${format}?${query}`);
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      const inPaid = await httpRequest(`${paid}/catalog.${format}?${query}`);
      expect(answer.text.replaceAll(free, paid)).toBe(inPaid.text);
    }
    const everything = `modified_since=${encodeURIComponent(new Date(instants[0]!).toISOString())}`;
    const refused = await httpRequest(`${free}/catalog.ttl?${everything}&page=2`);
    expect(refused.status).toBe(400);
    const { message } = JSON.parse(refused.text) as { message: string };
    expect(message).toMatch(/ms of CPU to assemble, over the 8 ms/);
    expect(message).toMatch(/without modified_since.*metadata_modified.*PLAN = "paid"/s);
    // paid reads its 100 parts
    expect((await httpRequest(`${paid}/catalog.ttl?${everything}&page=2`)).status).toBe(200);
  });
});

// ---- 20,000 elements, in both profiles ---------------------------------------------------------

const SHAPE = 'few-published-clustered';

/** A server of the shape in one profile, and what the tests learn of it. */
interface Profile {
  plan: 'free' | 'paid';
  server?: ServedSnapshot;
  base: string;
  published: string[];
  /** The last page of the whole listing. */
  last: number;
  /** Quads of each page of the Turtle walk, by page number. */
  quadCounts: Map<number, number>;
  /** Pages of the Turtle walk kept for SHACL: the first, the middle one, the last. */
  kept: CatalogPage[];
}

// A page of 100 datasets is joined from the parts the generator stored (docs/dcat.md): both
// profiles answer it, and the walks run in both.
describe(`DCAT-AP 3 served by npm start: the ${SHAPE} shape of 20,000 elements, PLAN=free and PLAN=paid`, () => {
  const profiles: Profile[] = (['free', 'paid'] as const).map((plan) => ({
    plan,
    base: '',
    published: [],
    last: 0,
    quadCounts: new Map(),
    kept: [],
  }));
  const [free, paid] = profiles as [Profile, Profile];
  const inPaid = (check: (profile: Profile) => Promise<void>) => check(paid);
  const inBoth = async (check: (profile: Profile) => Promise<void>) => {
    for (const profile of profiles) await check(profile);
  };

  beforeAll(async () => {
    await Promise.all(
      profiles.map(async (profile) => {
        profile.server = await serveSnapshot(`${SHAPES_ROOT}/${SHAPE}`, { PLAN: profile.plan });
        profile.base = profile.server.url;
        profile.published = await publishedIds(profile.base, 1000);
        profile.last = Math.ceil(profile.published.length / PER_PAGE);
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(profiles.map(async ({ server }) => server?.stop()));
  });

  it('answers a page of 100 in PLAN=free from its stored parts, the bytes PLAN=paid answers', async () => {
    const { base, published, last } = free;
    for (const format of FORMATS)
      for (const n of [1, Math.ceil(last / 2), last]) {
        const url = `${base}/catalog.${format}?page=${n}`;
        const response = await httpRequest(url);
        expect(response.status, `${url}: ${response.text.slice(0, 300)}`).toBe(200);
        expect(response.headers.get('content-type'), url).toBe(MEDIA_TYPE[format]);
        const inPaidProfile = await httpRequest(`${paid.base}/catalog.${format}?page=${n}`);
        expect(response.text.replaceAll(base, paid.base), url).toBe(inPaidProfile.text);
      }
    // an empty listing, past the end, and each dataset alone
    const past = `${base}/catalog.ttl?page=${last + 1}`;
    expectPaging(
      readCatalogPage(past, (await getRdf(past, 'ttl')).quads),
      base,
      'ttl',
      last + 1,
      published.length,
    );
    for (const id of [published[0]!, published[published.length - 1]!])
      for (const format of FORMATS) {
        const url = `${base}/dataset/${id}.${format}`;
        expect((await getRdf(url, format)).quads.length, url).toBeGreaterThan(10);
      }
  });

  it.each(FORMATS)(
    'gives a harvester that follows hydra:next from /catalog.%s every published element exactly once, every page 200, in both profiles',
    async (format) => {
      await inBoth(async ({ plan, base, published, last, quadCounts, kept }) => {
        const started = performance.now();
        // JSON-LD without jsonld.js's safe mode (4 times slower): each page's graph is instead
        // the size of the Turtle's, and the first one the same graph
        const pages = await harvest(base, format, '', { safe: format === 'ttl' });
        const label = `PLAN=${plan} /catalog.${format}`;
        expect(published.length).toBeGreaterThan(50 * PER_PAGE);
        expect(pages.length, label).toBe(last);
        expectExactlyOnce(identifiersOf(pages), published, label);
        pages.forEach((page, i) => expectPaging(page, base, format, i + 1, published.length));
        if (format === 'ttl') {
          pages.forEach((page, i) => quadCounts.set(i + 1, page.quads.length));
          kept.push(...[1, Math.ceil(last / 2), last].map((n) => pages[n - 1]!));
        } else {
          if (quadCounts.size > 0)
            pages.forEach((page, i) =>
              expect(page.quads.length, page.url).toBe(quadCounts.get(i + 1)),
            );
          const turtle = (await getRdf(`${base}/catalog.ttl`, 'ttl')).quads;
          const safe = (await getRdf(pages[0]!.url, 'jsonld')).quads;
          expect(
            await canonicalNQuads(retarget(safe, `${base}/catalog.jsonld`, `${base}/catalog.ttl`)),
            label,
          ).toBe(await canonicalNQuads(turtle));
        }
        console.log(
          `${label}: ${pages.length} pages, ${published.length} datasets, every page 200, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      });
    },
    600_000,
  );

  it('serves pages that conform to shapes.ttl and range.ttl', async () => {
    // one after the other: validation is all CPU
    for (const { plan, base, published, last, kept } of [paid]) {
      const pages = [...kept];
      for (const n of kept.length > 0 ? [last + 1] : [1, last, last + 1]) {
        const url = `${base}/catalog.ttl?page=${n}`;
        const page = readCatalogPage(url, (await getRdf(url, 'ttl')).quads);
        expectPaging(page, base, 'ttl', n, published.length);
        pages.push(page);
      }
      // the catalogue-wide ones of the fixture, and what an element of this shape may lack
      const allowed = new Set(Object.keys(expectedWarnings([])));
      for (const key of [
        'dcat:Dataset dct:spatial',
        'dcat:Dataset dcat:theme',
        'dcat:Dataset dcat:keyword',
      ])
        allowed.add(key);
      const tally: Tally = {};
      for (const page of pages) {
        const warnings = await expectConforms(page.quads, page.url, tally);
        expect(
          Object.keys(warnings).filter((key) => !allowed.has(key)),
          page.url,
        ).toEqual([]);
      }
      printTally(
        `PLAN=${plan} ${SHAPE} (${pages.map((p) => p.url.replace(base, '')).join(', ')})`,
        pages.length,
        tally,
      );
    }
  }, 120_000);

  it('keeps modified_since in every link, answers an empty listing past the last change, and refuses a bad one', async () => {
    await inPaid(async ({ base, published, last }) => {
      const url = `${base}/catalog.ttl`;
      const first = readCatalogPage(url, (await getRdf(url, 'ttl')).quads);
      // the shape's elements are all dated by its build
      const built = dateTimeOf(
        first.quads,
        datasetOf(first.quads, first.identifiers[0]!),
        'modified',
      );
      for (const since of ['2000-01-01', new Date(built).toISOString()]) {
        const query = new URLSearchParams({ modified_since: since }).toString();
        const pages = await harvest(base, 'ttl', `${query}&page=${last - 1}`);
        expect(pages).toHaveLength(2);
        pages.forEach((page, i) =>
          expectPaging(page, base, 'ttl', last - 1 + i, published.length, since),
        );
        for (const n of [1, last + 1]) {
          const one = `${base}/catalog.ttl?${query}&page=${n}`;
          const page = readCatalogPage(one, (await getRdf(one, 'ttl')).quads);
          expectPaging(page, base, 'ttl', n, published.length, since);
        }
      }
      const after = new Date(built + 1).toISOString();
      const empty = await harvest(
        base,
        'ttl',
        new URLSearchParams({ modified_since: after }).toString(),
      );
      expect(empty).toHaveLength(1);
      expectPaging(empty[0]!, base, 'ttl', 1, 0, after);
      for (const query of BAD_QUERIES) await expectBadRequest(`${base}/catalog.ttl?${query}`);
    });
  }, 120_000);
});
