// The DCAT-AP 3 renderer (core/open-data/dcat/): every page it writes, over the fixture catalogue
// and an element of hostile text, read back with independent tools (n3, jsonld.js) and checked
// against the official DCAT-AP 3.0.1 SHACL shapes (test/fixtures/dcat-ap-3.0.1/).
import { createHash } from 'node:crypto';
import type { Quad } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  resolveIdentity,
  type CatalogueIdentity,
} from '../../core/open-data/catalogue-identity.ts';
import {
  catalogIris,
  datasetIri,
  writeCatalogPage,
  type CatalogExtras,
  type CatalogPaging,
} from '../../core/open-data/dcat/catalog-page.ts';
import { JSON_LD } from '../../core/open-data/dcat/json-ld.ts';
import { mapMetadata } from '../../core/open-data/dcat/metadata-mapping.ts';
import { wellFormed } from '../../core/open-data/dcat/rdf-terms.ts';
import { TURTLE } from '../../core/open-data/dcat/turtle.ts';
import { isoSeconds } from '../../core/open-data/dates.ts';
import { datasetView, publicUrls, type ElementView } from '../../core/open-data/element-view.ts';
import { compileCatalogue } from '../../generator/compile-catalogue.ts';
import { REFERENCE_LISTS } from '../../core/contract.ts';
import { generateCatalogue } from '../../tools/synth/catalogue.ts';
import { packageName } from '../../core/open-data/package-name.ts';
import type { DataElement } from '../../core/schema.ts';
import { compileCatalogueFolder } from '../support/node/generator-steps.ts';
import {
  canonicalNQuads,
  loadShapes,
  parseJsonLd,
  parseTurtle,
  validateShacl,
  type ShaclResult,
} from '../support/node/rdf-graphs.ts';

const BASE = 'https://api.test';
const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  schema: 'http://schema.org/',
  prov: 'http://www.w3.org/ns/prov#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  foaf: 'http://xmlns.com/foaf/0.1/',
};
const RDF_TYPE = `${NS.rdf}type`;

// ---- the views: the fixture catalogue, plus one element of hostile text ----------------------

const hashId = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 16);
const DAY = 86_400;
const madeUpDates = (i: number) => ({
  created: isoSeconds(1_700_000_000 + i * DAY),
  modified: isoSeconds(1_700_000_000 + i * DAY + 3_600 * (i % 5)),
});
const view = (element: DataElement, i: number): ElementView => ({
  element,
  name: packageName(element._id, element.title, hashId),
  ...madeUpDates(i),
});

/** Quotes, a triple quote, backslashes, line ends, a script end, U+2028/9, emoji, RTL text and
 * marks, controls, a byte-order mark and a lone surrogate. */
const HOSTILE =
  'kutip "ganda" \'tunggal\' """tiga""" \\ \\n \\u0041 baris\nbaru\r\nlagi\t</script><script>alert(1)</script>' +
  ' \u2028 \u2029 😀 👩🏽‍💻 مرحبا שלום \u202Eterbalik\u202C \u0000\u0007\u001F\u007F\u0085\uFEFF \uD800 <>&';

function hostileElement(template: DataElement): DataElement {
  const table = template.data[0]!.table;
  return {
    ...template,
    _id: 'hostile id/ä "q" #1?x=<y>&z=%zz',
    title: `Judul ${HOSTILE}`,
    unit: `Satuan ${HOSTILE}`,
    data: [2019, 2020, 2020, 2023, -44, 10_000].map((year, i) => ({
      id: `hostile-table-${i}`,
      year,
      table,
    })),
    metadata: [
      { key: 'Nama Kegiatan', value: `Kegiatan ${HOSTILE}` },
      { key: 'Nama Variabel', value: `Variabel ${HOSTILE}` },
      { key: ' alias ', value: `Alias ${HOSTILE}` },
      { key: 'Konsep', value: `Konsep ${HOSTILE}` },
      { key: 'Definisi', value: `Definisi ${HOSTILE}` },
      { key: 'Definisi', value: 'Definisi kedua' },
      { key: 'Referensi Waktu', value: 'Desember' },
      { key: 'Referensi Pemilihan', value: '' },
      { key: 'Apakah Kolom Ini Dapat Diakses Umum?', value: 'Tidak' },
      { key: `Kunci ${HOSTILE}`, value: `Nilai ${HOSTILE}` },
    ],
    category: [{ _id: 'c-hostile', name: `Kategori ${HOSTILE}`, slug: 'kategori & "x" #1 ' }],
    dataSource: { _id: 'd-hostile', name: `Dinas ${HOSTILE}`, slug: 'dinas-hostile' },
    sector: [{ _id: 's-hostile', name: `Sektor ${HOSTILE} `, slug: 'sektor-hostile' }],
    field: [],
  };
}

/** An element with nothing but what the contract requires: no metadata, no table, no lists. */
const bareElement = (template: DataElement): DataElement => ({
  ...template,
  _id: 'bare',
  title: 'Elemen tanpa tabel',
  unit: '',
  data: [],
  metadata: [],
  category: [],
  sector: [],
  field: [],
});

const elements = compileCatalogueFolder('test/fixtures/catalogue').published.map(
  (published) => JSON.parse(published.json) as DataElement,
);
const fixtureViews = elements.map(view);
const hostileView = view(hostileElement(elements[0]!), elements.length);
const bareView = view(bareElement(elements[0]!), elements.length + 1);
const allViews = [...fixtureViews, hostileView, bareView];
/** The catalogue's categories: every one an element of the test names, each once. */
const CATEGORIES = [
  ...new Map(
    allViews.flatMap((v) => v.element.category).map((item) => [item.slug, item] as const),
  ).values(),
];

// ---- the identities ----------------------------------------------------------------------------

const IDENTITIES: Record<string, CatalogueIdentity> = {
  default: resolveIdentity(),
  full: resolveIdentity({
    title: 'Satu Data Kabupaten Contoh',
    description: 'Data sektoral Kabupaten Contoh.',
    publisher: {
      name: 'Dinas Komunikasi dan Informatika',
      url: 'https://diskominfo.contoh.go.id/',
      email: 'data@contoh.go.id',
    },
    homepage: 'https://data.contoh.go.id/',
    language: 'id',
    license: 'CC-BY-SA-4.0',
    spatial: 'Kabupaten Contoh',
    contactPoint: { name: 'Pengelola Satu Data', email: 'satudata@contoh.go.id' },
  }),
  // not through zod: the renderer must hold whatever the resolved type can carry
  hostile: {
    title: `Katalog ${HOSTILE}`,
    description: `Deskripsi ${HOSTILE}`,
    publisher: {
      name: `Penerbit ${HOSTILE}`,
      url: 'https://example.org/a b<c>{d}|e^f`g\\h%zz"i',
    },
    homepage: 'https://example.org/ä ö?q=<x>#"y"',
    language: 'en-GB',
    license: 'https://example.org/licence?a=1&b="x"',
    spatial: `Wilayah ${HOSTILE}`,
  },
};

const EXTRAS: CatalogExtras = {
  dump: { url: publicUrls(BASE).dump },
  issued: '2023-11-14T22:13:20Z',
  modified: '2024-03-01T00:00:00Z',
};

// ---- the pages ---------------------------------------------------------------------------------

interface Page {
  label: string;
  views: ElementView[];
  identity: CatalogueIdentity;
  paging: CatalogPaging | null;
  extras: CatalogExtras;
  turtle: string;
  jsonLd: string;
}

const ITEMS_PER_PAGE = 5;
const pageUrl = (page: number) => `${publicUrls(BASE).catalogTurtle}?page=${page}`;

function render(
  label: string,
  views: ElementView[],
  identity: CatalogueIdentity,
  paging: CatalogPaging | null,
  extras: CatalogExtras = {},
): Page {
  const datasets = views.map(datasetView);
  const ctx = { base: BASE, identity, categories: CATEGORIES };
  return {
    label,
    views,
    identity,
    paging,
    extras,
    turtle: writeCatalogPage(TURTLE, datasets, ctx, paging, extras),
    jsonLd: writeCatalogPage(JSON_LD, datasets, ctx, paging, extras),
  };
}

/** A synthetic catalogue of 3,000 elements: its pages of 100, and its first 200 datasets alone. */
function syntheticPages(): Page[] {
  const views = syntheticViews(3000);
  const pages = Array.from({ length: Math.ceil(views.length / 100) }, (_, i) =>
    render(
      `synthetic page ${i + 1}`,
      views.slice(i * 100, (i + 1) * 100),
      IDENTITIES.full!,
      { page: i + 1, itemsPerPage: 100, totalItems: views.length, url: pageUrl },
      EXTRAS,
    ),
  );
  const alone = views
    .slice(0, 200)
    .map((one) => render(`synthetic dataset ${one.name}`, [one], IDENTITIES.default!, null));
  return [...pages, ...alone];
}

/** SHA-256 of the pages' Turtle, and of their JSON-LD, each joined by NUL. */
const digests = (pages: Page[]) => ({
  turtle: createHash('sha256')
    .update(pages.map((page) => page.turtle).join('\0'))
    .digest('hex'),
  jsonLd: createHash('sha256')
    .update(pages.map((page) => page.jsonLd).join('\0'))
    .digest('hex'),
});

/**
 * The digests of the pages' bytes. First those the RDF model wrote (the writers were compared
 * byte for byte with it until it was removed); then, pages made of parts (a dataset's written
 * apart from its page, the shared nodes all described at the end), the same triples but for
 * shared nodes every page now describes (checked by diffing the triples of the two). A change of
 * these bytes is a change of the mapping, to make on purpose: the SHACL tests below judge it.
 */
const PINNED_DIGESTS = {
  fixture: {
    turtle: 'b4e4a5e5b112acb0aab5f9a9bd89b60f0944b24faefa86afbe022e80660b84b3',
    jsonLd: '59dae75a30596815b649f8d222ee46ab6b2e40b28c91d1774784fba05590fd74',
  },
  synthetic: {
    turtle: '8cf5d9c9348e3ef91ad2645ba1d528040575a7de1bc418e5169a5988d91762fc',
    jsonLd: '6204355c698c4b4659a642daa6e5ca9a33c3f15dfc0bf2bfe24e0e1cf12313ce',
  },
};

/** A synthetic catalogue's published elements (tools/synth), dated as the fixture's. */
function syntheticViews(elements: number): ElementView[] {
  const synthetic = generateCatalogue({ elements, seed: 17, titles: 'realistic' });
  const listFile: Record<string, string> = { dataSource: 'data-source' };
  const lists = synthetic.lists as Record<string, unknown>;
  const catalogue = compileCatalogue({
    lists: Object.fromEntries(
      REFERENCE_LISTS.map(({ name, file }) => [
        name,
        { file, text: JSON.stringify(lists[listFile[name] ?? name]) },
      ]),
    ) as Parameters<typeof compileCatalogue>[0]['lists'],
    elementFiles: [...synthetic.elementFiles].map(([path, content]) => ({
      file: `data-element/${path}`,
      text: JSON.stringify(content),
    })),
  });
  expect(catalogue.problems).toEqual([]);
  return catalogue.published.map((published, i) => view(JSON.parse(published.json), i));
}

function catalogPages(identityName: string, views: ElementView[], extras: CatalogExtras): Page[] {
  const identity = IDENTITIES[identityName]!;
  const last = Math.ceil(views.length / ITEMS_PER_PAGE);
  // every page, and one past the end (ckanext-dcat answers it empty, pointing back at the last)
  return Array.from({ length: last + 1 }, (_, i) => {
    const page = i + 1;
    const onPage = views.slice(i * ITEMS_PER_PAGE, page * ITEMS_PER_PAGE);
    const paging = { page, itemsPerPage: ITEMS_PER_PAGE, totalItems: views.length, url: pageUrl };
    return render(`${identityName} catalog page ${page}`, onPage, identity, paging, extras);
  });
}

const PAGES: Page[] = [
  ...catalogPages('default', allViews, {}),
  ...catalogPages('full', allViews, EXTRAS),
  ...catalogPages('hostile', allViews, EXTRAS),
  ...allViews.map((one) => render(`full dataset ${one.name}`, [one], IDENTITIES.full!, null)),
  render('hostile dataset', [hostileView], IDENTITIES.hostile!, null),
  render('default empty listing', [], IDENTITIES.default!, {
    page: 1,
    itemsPerPage: 100,
    totalItems: 0,
    url: pageUrl,
  }),
];

const parsed = new Map<Page, { turtle: Quad[]; jsonLd: Quad[] }>();
beforeAll(async () => {
  for (const page of PAGES)
    parsed.set(page, { turtle: parseTurtle(page.turtle), jsonLd: await parseJsonLd(page.jsonLd) });
});
const quadsOf = (page: Page) => parsed.get(page)!.turtle;
const objectsOf = (quads: Quad[], subject: string, predicate: string) =>
  quads
    .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
    .map((q) => q.object);
const subjectsOfType = (quads: Quad[], type: string) =>
  quads
    .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === type)
    .map((q) => q.subject);

// ---- the recommended shapes' warnings each page is expected to have ---------------------------

const LICENCES_OF_KNOWN_TYPE = new Set(['CC-BY-4.0', 'CC-BY-SA-4.0']);

/** `<focus class> <path>` → count: what shapes_recommended.ttl reports, and why, page by page. */
function expectedWarnings(page: Page): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string, n = 1) => {
    if (n > 0) counts[key] = (counts[key] ?? 0) + n;
  };
  const { views, identity, extras } = page;
  // no agent here has a type of the ADMS publisher-type vocabulary: the catalogue does not say
  add('foaf:Agent dct:type', 1 + views.length);
  if (identity.spatial === undefined) {
    add('dcat:Catalog dct:spatial');
    add('dcat:Dataset dct:spatial', views.length);
  } else {
    // a place known by its name only
    add('dct:Location dcat:bbox');
    add('dct:Location dcat:centroid');
  }
  if (extras.issued === undefined) add('dcat:Catalog dct:issued');
  if (extras.modified === undefined) add('dcat:Catalog dct:modified');
  if (!LICENCES_OF_KNOWN_TYPE.has(identity.license)) add('dct:LicenseDocument dct:type'); // a licence URL of its own: its type is unknown
  if (views.length === 0) add('dcat:Catalog (dcat:dataset or dcat:service)');
  for (const { element } of views) {
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

const summarize = (results: ShaclResult[]) => {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const key = result.path
      ? `${result.focusClass} ${result.path}`
      : `${result.focusClass} (dcat:dataset or dcat:service)`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

// ---- lexical forms -----------------------------------------------------------------------------

const DATE = /^(-?(?:[1-9]\d{4,}|\d{4}))-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(-?(?:[1-9]\d{4,}|\d{4}))-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const daysIn = (year: number, month: number) =>
  [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ][month - 1] ?? 0;
const validDay = (year: string, month: string, day: string) =>
  Number(month) >= 1 &&
  Number(month) <= 12 &&
  Number(day) >= 1 &&
  Number(day) <= daysIn(Number(year), Number(month));

function lexicalProblem(q: Quad): string | undefined {
  if (q.object.termType !== 'Literal') return undefined;
  const { value, datatype } = q.object;
  switch (datatype.value) {
    case `${NS.xsd}date`: {
      const m = DATE.exec(value);
      return m && validDay(m[1]!, m[2]!, m[3]!) ? undefined : `bad xsd:date ${value}`;
    }
    case `${NS.xsd}dateTime`: {
      const m = DATE_TIME.exec(value);
      const ok = m && validDay(m[1]!, m[2]!, m[3]!) && +m[4]! < 24 && +m[5]! < 60 && +m[6]! < 60;
      return ok ? undefined : `bad xsd:dateTime ${value}`;
    }
    case `${NS.xsd}integer`:
      return /^[+-]?\d+$/.test(value) ? undefined : `bad xsd:integer ${value}`;
    default:
      return undefined;
  }
}

// RFC 3986 URI characters: what every IRI here is written with (non-ASCII percent-encoded)
const URI =
  /^[a-z][a-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*(%[0-9A-Fa-f]{2}[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*)*$/;

// ---- the tests ---------------------------------------------------------------------------------

describe('DCAT-AP 3 pages (core/open-data/dcat)', () => {
  const required = loadShapes('shapes.ttl', 'range.ttl');
  const recommended = loadShapes('shapes_recommended.ttl');

  it('renders every page the same way twice', () => {
    for (const page of PAGES.slice(0, 3)) {
      const again = render(page.label, page.views, page.identity, page.paging, page.extras);
      expect(again.turtle).toBe(page.turtle);
      expect(again.jsonLd).toBe(page.jsonLd);
    }
  });

  it('writes the pinned bytes on every fixture page', () => {
    expect(digests(PAGES)).toEqual(PINNED_DIGESTS.fixture);
  });

  it('writes the pinned bytes over a synthetic catalogue, in pages of 100 and alone', () => {
    expect(digests(syntheticPages())).toEqual(PINNED_DIGESTS.synthetic);
  });

  it('writes Turtle and JSON-LD that parse to the same graph', async () => {
    for (const page of PAGES) {
      const { turtle, jsonLd } = parsed.get(page)!;
      expect(turtle.length, page.label).toBeGreaterThan(10);
      expect(jsonLd.length, page.label).toBe(turtle.length);
      expect(await canonicalNQuads(jsonLd), page.label).toBe(await canonicalNQuads(turtle));
    }
  });

  it('conforms to shapes.ttl and range.ttl of DCAT-AP 3.0.1 with no result at all', async () => {
    for (const page of PAGES) {
      const results = await validateShacl(required, quadsOf(page));
      expect(results, page.label).toEqual([]);
    }
  });

  it('catches what the shapes forbid (the harness is not vacuous)', async () => {
    const page = PAGES.find((p) => p.label.startsWith('full catalog page 1'))!;
    const quads = quadsOf(page);
    const untyped = quads.filter(
      (q) => !(q.predicate.value === RDF_TYPE && q.object.value === `${NS.dct}MediaType`),
    );
    const dataset = datasetIri(BASE, fixtureViews[0]!.element._id);
    // a second publisher, itself a well-described foaf:Agent: only the count is wrong
    const secondPublisher = parseTurtle(
      `<${dataset}> <${NS.dct}publisher> <${catalogIris(BASE).publisher}> .`,
    );
    const results = await validateShacl(required, [...untyped, ...secondPublisher]);
    const found = new Set(results.map((r) => `${r.severity} ${r.path} ${r.constraint}`));
    expect([...found].sort()).toEqual([
      'sh:Violation dcat:mediaType sh:ClassConstraintComponent',
      'sh:Violation dct:publisher sh:MaxCountConstraintComponent',
    ]);
  });

  it("has exactly the recommended shapes' warnings its data explains", async () => {
    const byShape: Record<string, number> = {};
    for (const page of PAGES) {
      const results = await validateShacl(recommended, quadsOf(page));
      expect(
        results.every((r) => r.severity === 'sh:Warning'),
        page.label,
      ).toBe(true);
      const summary = summarize(results);
      expect(summary, page.label).toEqual(expectedWarnings(page));
      for (const [key, n] of Object.entries(summary)) byShape[key] = (byShape[key] ?? 0) + n;
    }
    console.log(
      `shapes_recommended.ttl over ${PAGES.length} pages (warnings by focus class and path):\n` +
        Object.entries(byShape)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, n]) => `  ${String(n).padStart(4)}  ${key}`)
          .join('\n'),
    );
  });

  it('writes well-formed dates, integers, IRIs and language tags', () => {
    for (const page of PAGES) {
      const quads = quadsOf(page);
      expect(quads.map(lexicalProblem).filter(Boolean), page.label).toEqual([]);
      const iris = quads
        .flatMap((q) => [q.subject, q.predicate, q.object])
        .filter((term) => term.termType === 'NamedNode')
        .map((term) => term.value);
      expect(
        iris.filter((value) => !URI.test(value)),
        page.label,
      ).toEqual([]);
      // the catalogue's language, and English for the EU and ADMS concepts' labels
      const language = page.identity.language.toLowerCase();
      const tags = new Set(
        quads.flatMap((q) =>
          q.object.termType === 'Literal' && q.object.language ? [q.object.language] : [],
        ),
      );
      expect(tags.has(language), page.label).toBe(true);
      expect(
        [...tags].filter((tag) => tag !== language && tag !== 'en'),
        page.label,
      ).toEqual([]);
    }
  });

  it('carries hostile text unchanged (a lone surrogate as U+FFFD), and nothing raw that could end a script', () => {
    const page = PAGES.find((p) => p.label === 'hostile dataset')!;
    const quads = quadsOf(page);
    const dataset = datasetIri(BASE, hostileView.element._id);
    expect(objectsOf(quads, dataset, `${NS.dct}title`).map((o) => o.value)).toEqual([
      wellFormed(hostileView.element.title),
    ]);
    expect(objectsOf(quads, dataset, `${NS.dct}identifier`).map((o) => o.value)).toEqual([
      hostileView.element._id,
    ]);
    expect(wellFormed(hostileView.element.title)).toContain('\uFFFD');
    const catalog = catalogIris(BASE).catalog;
    expect(objectsOf(quads, catalog, `${NS.dct}title`).map((o) => o.value)).toEqual([
      wellFormed(IDENTITIES.hostile!.title),
    ]);
    // escaped, not raw: JSON-LD can sit in a <script> block, Turtle keeps every line a line
    for (const raw of [
      '<script>',
      '</script>',
      '\u2028',
      '\u2029',
      '\u0000',
      '\u007F',
      '\u0085',
      '\uFEFF',
    ])
      expect(page.jsonLd).not.toContain(raw);
    for (const raw of ['\u2028', '\u2029', '\u0000', '\u0007', '\u007F', '\u0085', '\uFEFF', '\r'])
      expect(page.turtle).not.toContain(raw);
    // the IRIs were percent-encoded, not dropped
    expect(objectsOf(quads, catalog, `${NS.foaf}homepage`).map((o) => o.value)).toEqual([
      'https://example.org/%C3%A4%20%C3%B6?q=%3Cx%3E#%22y%22',
    ]);
  });

  it('pages as ckanext-dcat does, with the old and the new hydra predicates', () => {
    const pages = PAGES.filter((p) => p.label.startsWith('full catalog page'));
    const last = Math.ceil(allViews.length / ITEMS_PER_PAGE);
    for (const page of pages) {
      const { page: n } = page.paging!;
      const quads = quadsOf(page);
      const [collection, ...others] = subjectsOfType(quads, `${NS.hydra}PagedCollection`);
      expect(others).toEqual([]);
      expect(collection!.value).toBe(pageUrl(n));
      const value = (term: string) => {
        const objects = objectsOf(quads, collection!.value, `${NS.hydra}${term}`);
        for (const o of objects) expect(o.termType).toBe('Literal');
        return objects.map((o) =>
          o.termType === 'Literal' ? `${o.value}^^${o.datatype.value}` : '',
        );
      };
      const link = (target: number | undefined) =>
        target === undefined ? [] : [`${pageUrl(target)}^^${NS.xsd}string`];
      const integer = (v: number) => [`${v}^^${NS.xsd}integer`];
      expect(value('totalItems')).toEqual(integer(allViews.length));
      expect(value('itemsPerPage')).toEqual(integer(ITEMS_PER_PAGE));
      const previous = n === 1 ? undefined : n > last ? last : n - 1;
      const next = n < last ? n + 1 : undefined;
      for (const [old, current, target] of [
        ['firstPage', 'first', 1],
        ['lastPage', 'last', last],
        ['previousPage', 'previous', previous],
        ['nextPage', 'next', next],
      ] as const) {
        expect(value(old), `${page.label} ${old}`).toEqual(link(target));
        expect(value(current), `${page.label} ${current}`).toEqual(link(target));
      }
    }
    const empty = PAGES.find((p) => p.label === 'default empty listing')!;
    expect(subjectsOfType(quadsOf(empty), `${NS.hydra}PagedCollection`)).toEqual([]);
  });

  it('gives every element exactly once to a harvester that follows hydra:next from page 1', () => {
    const pages = new Map(
      PAGES.filter((p) => p.label.startsWith('default catalog page')).map((p) => [
        pageUrl(p.paging!.page),
        p,
      ]),
    );
    const seen: string[] = [];
    for (let url: string | undefined = pageUrl(1); url;) {
      const quads = quadsOf(pages.get(url)!);
      seen.push(...subjectsOfType(quads, `${NS.dcat}Dataset`).map((s) => s.value));
      url = objectsOf(quads, url, `${NS.hydra}next`)[0]?.value;
    }
    expect(seen).toEqual(allViews.map((v) => datasetIri(BASE, v.element._id)));
  });

  it('describes a dataset with what DCAT-AP recommends', () => {
    const one = fixtureViews[0]!;
    const page = PAGES.find((p) => p.label === `full dataset ${one.name}`)!;
    const quads = quadsOf(page);
    const dataset = datasetIri(BASE, one.element._id);
    const values = (predicate: string) => objectsOf(quads, dataset, predicate).map((o) => o.value);
    expect(values(`${NS.dcat}landingPage`)).toEqual([publicUrls(BASE).page(one.name)]);
    expect(values(`${NS.dct}issued`)).toEqual([one.created]);
    expect(values(`${NS.dct}modified`)).toEqual([one.modified]);
    expect(values(`${NS.dct}identifier`)).toEqual([one.element._id]);
    const years = [...new Set(one.element.data.map((d) => d.year))].sort((a, b) => a - b);
    const distributions = values(`${NS.dcat}distribution`);
    expect(distributions).toHaveLength(years.length);
    for (const [i, distribution] of distributions.entries()) {
      const of = (predicate: string) =>
        objectsOf(quads, distribution, predicate).map((o) => o.value);
      const csv = publicUrls(BASE).csv(one.element._id, years[i]!);
      expect(of(`${NS.dcat}accessURL`)).toEqual([csv]);
      expect(of(`${NS.dcat}downloadURL`)).toEqual([csv]);
      expect(of(`${NS.dct}format`)).toEqual([
        'http://publications.europa.eu/resource/authority/file-type/CSV',
      ]);
      expect(of(`${NS.dcat}mediaType`)).toEqual([
        'https://www.iana.org/assignments/media-types/text/csv',
      ]);
      expect(of(`${NS.dct}license`)).toEqual(['https://creativecommons.org/licenses/by-sa/4.0/']);
    }
    const description = values(`${NS.dct}description`)[0]!;
    for (const part of [one.element.title.trim(), one.element.unit, one.element.dataSource.name])
      expect(description).toContain(part);
  });

  it('maps a fixture element with the whole BPS variable metadata', () => {
    const full = fixtureViews.find((v) =>
      v.element.metadata.some(
        (m) => m.key === 'Apakah Kolom Ini Dapat Diakses Umum?' && m.value === 'Ya',
      ),
    )!;
    const entry = (key: string) => full.element.metadata.find((m) => m.key === key)!.value;
    const page = PAGES.find((p) => p.label === `full dataset ${full.name}`)!;
    const quads = quadsOf(page);
    const dataset = datasetIri(BASE, full.element._id);
    const one = (subject: string, predicate: string) =>
      objectsOf(quads, subject, predicate).map((o) => o.value);
    expect(one(dataset, `${NS.dct}accessRights`)).toEqual([
      'http://publications.europa.eu/resource/authority/access-right/PUBLIC',
    ]);
    const [variable] = objectsOf(quads, dataset, `${NS.schema}variableMeasured`);
    expect(one(variable!.value, `${NS.schema}name`)).toEqual([entry('Nama Variabel')]);
    expect(one(variable!.value, `${NS.schema}description`)).toEqual([entry('Definisi')]);
    expect(one(variable!.value, `${NS.schema}unitText`)).toEqual([full.element.unit]);
    const [activity] = objectsOf(quads, dataset, `${NS.prov}wasGeneratedBy`);
    expect(one(activity!.value, `${NS.rdfs}label`)).toEqual([entry('Nama Kegiatan')]);
    const description = one(dataset, `${NS.dct}description`)[0]!;
    expect(description).toContain(`Definisi: ${entry('Definisi')}`);
    expect(description).toContain(`Konsep: ${entry('Konsep')}`);
    const kept = objectsOf(quads, dataset, `${NS.schema}additionalProperty`).map(
      (node) => one(node.value, `${NS.schema}name`)[0],
    );
    const expectedKept = [
      'Konsep',
      'Referensi Pemilihan',
      'Referensi Waktu',
      'Tipe Data',
      'Klasifikasi Isian',
      'Aturan Validasi',
      'Kalimat Pertanyaan',
    ].filter((key) => entry(key).trim() !== '');
    expect(kept.sort()).toEqual(expectedKept.sort());
  });

  it('maps the BPS variable metadata to DCAT and schema.org, and keeps the rest', () => {
    const mapped = mapMetadata(hostileView.element.metadata);
    expect(mapped.access).toBeUndefined(); // "Tidak": kept as written
    expect(mapped.variableName).toBe(`Variabel ${HOSTILE}`);
    expect(mapped.aliases).toEqual([`Alias ${HOSTILE}`]);
    expect(mapped.kept.map((entry) => entry.key)).toEqual([
      'Konsep',
      'Definisi',
      'Referensi Waktu',
      'Apakah Kolom Ini Dapat Diakses Umum?',
      `Kunci ${HOSTILE}`,
    ]);
    expect(mapMetadata([{ key: 'Apakah Kolom Ini Dapat Diakses Umum?', value: 'Ya' }]).access).toBe(
      'PUBLIC',
    );

    const page = PAGES.find((p) => p.label === 'hostile dataset')!;
    const quads = quadsOf(page);
    const dataset = datasetIri(BASE, hostileView.element._id);
    const one = (subject: string, predicate: string) =>
      objectsOf(quads, subject, predicate).map((o) => o.value);
    expect(one(dataset, `${NS.dct}accessRights`)).toEqual([]);
    expect(one(dataset, `${NS.dcat}keyword`).sort()).toEqual(
      [`Sektor ${HOSTILE}`.trim(), `Alias ${HOSTILE}`].map(wellFormed).sort(),
    );
    const [variable] = objectsOf(quads, dataset, `${NS.schema}variableMeasured`);
    expect(one(variable!.value, `${NS.schema}name`)).toEqual([wellFormed(`Variabel ${HOSTILE}`)]);
    expect(one(variable!.value, `${NS.schema}alternateName`)).toEqual([
      wellFormed(`Alias ${HOSTILE}`),
    ]);
    expect(one(variable!.value, `${NS.schema}description`)).toEqual([
      wellFormed(`Definisi ${HOSTILE}`),
    ]);
    const [activity] = objectsOf(quads, dataset, `${NS.prov}wasGeneratedBy`);
    expect(one(activity!.value, `${NS.rdfs}label`)).toEqual([wellFormed(`Kegiatan ${HOSTILE}`)]);
    const kept = objectsOf(quads, dataset, `${NS.schema}additionalProperty`).map(
      (node) =>
        `${one(node.value, `${NS.schema}name`)[0]}=${one(node.value, `${NS.schema}value`)[0]}`,
    );
    expect(kept.sort()).toEqual(
      mapped.kept.map((entry) => wellFormed(`${entry.key}=${entry.value}`)).sort(),
    );
    // every year once, and the years as runs of periods
    const periods = objectsOf(quads, dataset, `${NS.dct}temporal`).map(
      (node) =>
        `${one(node.value, `${NS.dcat}startDate`)[0]}/${one(node.value, `${NS.dcat}endDate`)[0]}`,
    );
    expect(periods.sort()).toEqual(
      [
        '-0044-01-01/-0044-12-31',
        '2019-01-01/2020-12-31',
        '2023-01-01/2023-12-31',
        '10000-01-01/10000-12-31',
      ].sort(),
    );
    expect(one(dataset, `${NS.dcat}distribution`)).toHaveLength(5);
  });
});
