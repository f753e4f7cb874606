import { XLSX_MEDIA_TYPE } from '../../../core/open-data/downloads.ts';
import { describe, expect, it } from 'vitest';
import { resolveIdentity } from '../../../core/open-data/catalogue-identity.ts';
import { publicUrls } from '../../../core/open-data/element-view.ts';
import { renderElementPage } from '../../../core/open-data/page/index.ts';
import { datasetDescription } from '../../../core/open-data/page/json-ld.ts';
import {
  attr,
  byId,
  byTag,
  children,
  findAll,
  grid,
  parseHtml,
  text,
} from '../../support/node/html-tree.ts';
import { fixtureViews, renderContext, viewOf } from '../../support/node/fixture-views.ts';

const ctx = renderContext();
const urls = publicUrls(ctx.base);
const views = fixtureViews();
const pageOf = (id: string) => {
  const view = views.find((v) => v.element._id === id)!;
  return { view, document: parseHtml(renderElementPage(view, ctx)) };
};
/** What a browser shows of a cell: line breaks normalized, forbidden controls replaced. */
const shown = (cell: string) =>
  // eslint-disable-next-line no-control-regex
  cell.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g, '\uFFFD');
const jsonLdOf = (document: ReturnType<typeof parseHtml>) => {
  const scripts = byTag(document, 'script');
  expect(scripts.map((s) => attr(s, 'type'))).toEqual(['application/ld+json']);
  return JSON.parse(text(scripts[0]!)) as Record<string, any>;
};

describe('renderElementPage', () => {
  it('holds every year of every fixture element as a table, every cell in place', () => {
    for (const view of views) {
      const document = parseHtml(renderElementPage(view, ctx));
      const tables = byTag(document, 'table');
      expect(tables).toHaveLength(view.element.data.length);
      const byCaption = new Map(tables.map((table) => [text(byTag(table, 'caption')[0]!), table]));
      for (const { year, table } of view.element.data) {
        const caption = [...byCaption.keys()].find((c) => c.includes(`tahun ${year}`))!;
        const html = byCaption.get(caption)!;
        expect(caption).toContain(view.element.title.trim());
        const [thead] = children(html, 'thead');
        const [tbody] = children(html, 'tbody');
        // body: exactly the rows, cell for cell
        expect(grid(tbody!)).toEqual(table.rows.map((row) => row.map(shown)));
        // header: each heading over every column it spans, each sub-header label under its own
        const headerGrid = grid(thead!);
        expect(headerGrid).toHaveLength(1 + table.subHeaders.length);
        const topRow = table.headers.flatMap((h) => Array(h.colSpan).fill(shown(h.content)));
        expect(headerGrid[0]).toEqual(topRow);
        table.subHeaders.forEach((labels, subRow) => {
          let offset = 0;
          const expected = table.headers.flatMap((h) => {
            if (h.colSpan === 1) return [shown(h.content)];
            offset += h.colSpan;
            return labels.slice(offset - h.colSpan, offset).map(shown);
          });
          expect(headerGrid[subRow + 1]).toEqual(expected);
        });
      }
    }
  });

  it('marks headers for assistive technology: scopes, a caption, a labelled scrolling region', () => {
    const { document } = pageOf('000000000000000000001016');
    const table = byTag(document, 'table')[0]!;
    const headers = byTag(byTag(table, 'thead')[0]!, 'th');
    expect(
      headers.map((th) => [text(th), attr(th, 'scope'), attr(th, 'colspan'), attr(th, 'rowspan')]),
    ).toEqual([
      ['Uraian', 'col', undefined, '2'],
      ['Anggaran', 'colgroup', '2', undefined],
      ['Capaian', 'colgroup', '2', undefined],
      ['+/- Tahun Lalu', 'col', undefined, '2'],
      ['Keterangan', 'col', undefined, '2'],
      ['Pagu', 'col', undefined, undefined],
      ['Realisasi', 'col', undefined, undefined],
      ['Persen', 'col', undefined, undefined],
      ['Predikat', 'col', undefined, undefined],
    ]);
    const rowHeaders = byTag(byTag(table, 'tbody')[0]!, 'th');
    expect(rowHeaders.map((th) => attr(th, 'scope'))).toEqual(['row', 'row', 'row']);
    const wrapper = findAll(document, (e) => attr(e, 'class') === 'table-wrap')[0]!;
    expect(attr(wrapper, 'role')).toBe('region');
    expect(attr(wrapper, 'tabindex')).toBe('0');
    expect(text(byId(document, attr(wrapper, 'aria-labelledby')!)!)).toContain('tahun 2021');
  });

  it('puts the title, unit, source, classifications and dates at the top, each list item linking the explorer', () => {
    const { view, document } = pageOf('000000000000000000001001');
    const { element } = view;
    expect(attr(byTag(document, 'html')[0]!, 'lang')).toBe('id');
    expect(text(byTag(document, 'h1')[0]!)).toBe(element.title.trim());
    const facts = Object.fromEntries(
      byTag(findAll(document, (e) => attr(e, 'class') === 'facts')[0]!, 'div').map((div) => [
        text(byTag(div, 'dt')[0]!),
        byTag(div, 'dd')[0]!,
      ]),
    );
    expect(Object.keys(facts)).toEqual([
      'Satuan',
      'Sumber data',
      'Kategori',
      'Sektor',
      'Bidang',
      'Tahun',
      'Dibuat',
      'Diperbarui',
    ]);
    expect(text(facts.Satuan!)).toBe(element.unit);
    const links = (dd: any) => byTag(dd, 'a').map((a) => [text(a), attr(a, 'href')]);
    expect(links(facts['Sumber data'])).toEqual([
      [element.dataSource.name, urls.explorer('dataSource', element.dataSource.slug)],
    ]);
    for (const [label, list, parameter] of [
      ['Kategori', element.category, 'category'],
      ['Sektor', element.sector, 'sector'],
      ['Bidang', element.field, 'field'],
    ] as const)
      expect(links(facts[label])).toEqual(
        list.map((item) => [item.name.trim(), urls.explorer(parameter, item.slug)]),
      );
    expect(text(facts.Tahun!)).toBe('2022–2023');
    const created = byTag(facts.Dibuat!, 'time')[0]!;
    expect([attr(created, 'datetime'), text(created)]).toEqual([
      view.created,
      '01 Januari 2024'.replace(/^0/, ''),
    ]);
    expect(text(facts.Diperbarui!)).toBe('1 Juni 2025');
  });

  it('shows the metadata under readable labels, an empty value as a dash', () => {
    const { document } = pageOf('000000000000000000001016');
    const entries = byTag(findAll(document, (e) => attr(e, 'class') === 'metadata')[0]!, 'div').map(
      (div) => [text(byTag(div, 'dt')[0]!), text(byTag(div, 'dd')[0]!)],
    );
    expect(entries).toContainEqual(['Nama Variabel', 'Realisasi Anggaran Pendidikan Tahun 2023']);
    expect(entries).toContainEqual(['Referensi Pemilihan', '–']);
    expect(entries).toContainEqual([
      'Dapat diakses umumApakah Kolom Ini Dapat Diakses Umum?',
      'Ya',
    ]);
  });

  it('links each year’s CSV, the element’s JSON and shows its API URL', () => {
    const { view, document } = pageOf('000000000000000000001016');
    const section = byId(document, 'downloads')!;
    const hrefs = byTag(section, 'a').map((a) => attr(a, 'href'));
    for (const { year } of view.element.data)
      expect(hrefs).toContain(urls.csv(view.element._id, year));
    expect(hrefs).toContain(urls.element(view.element._id));
    expect(byTag(section, 'code').map(text)).toEqual([urls.element(view.element._id)]);
  });

  it('draws a chart with a text alternative', () => {
    const { document } = pageOf('000000000000000000001006');
    const svg = byTag(document, 'svg').find((s) => attr(s, 'role') === 'img')!;
    const title = byId(document, attr(svg, 'aria-labelledby')!)!;
    expect(title.tagName).toBe('title');
    expect(text(title)).toBe('Jumlah menurut Kecamatan, 2022–2023');
    const summary = text(byId(document, attr(svg, 'aria-describedby')!)!);
    expect(summary).toMatch(/^Grafik garis 2 deret, tahun 2022–2023, dalam Orang\. /);
    expect(byTag(svg, 'polyline')).toHaveLength(2);
    // values in Indonesian notation
    const { document: bars } = pageOf('000000000000000000001016');
    const values = findAll(bars, (e) => attr(e, 'class') === 'bar-value').map(text);
    expect(values).toEqual(['1.000.000']);
  });

  it('draws extreme numbers without an invalid coordinate', () => {
    const huge = `179.769.313.486.231.570${'.000'.repeat(97)}`; // 1.7976931348623157e308
    for (const cells of [
      [huge, `-${huge}`],
      ['100.000.000.000.000.000', '100.000.000.000.000.016'],
    ]) {
      const extreme = viewOf({
        ...views[0]!.element,
        data: [2022, 2023].map((year) => ({
          id: String(year),
          year,
          table: {
            headers: [
              { content: 'Desa', colSpan: 1, rowSpan: 1, dataType: 'string' },
              { content: 'Jumlah', colSpan: 1, rowSpan: 1, dataType: 'number' },
            ],
            subHeaders: [],
            rows: cells.map((cell, row) => [`Desa ${row}`, cell]),
          },
        })),
      });
      for (const language of ['id', 'en']) {
        const html = renderElementPage(extreme, {
          ...ctx,
          identity: { ...ctx.identity, language },
        });
        const svg = byTag(parseHtml(html), 'svg').find((s) => attr(s, 'role') === 'img')!;
        const coordinates = findAll(svg, () => true).flatMap((e) => e.attrs.map((a) => a.value));
        expect(coordinates.join(' ')).not.toMatch(/NaN|Infinity/);
      }
    }
  });

  it('tells search engines: canonical link, description, Open Graph', () => {
    const { view, document } = pageOf('000000000000000000001001');
    const canonical = findAll(
      document,
      (e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical',
    );
    expect(canonical.map((l) => attr(l, 'href'))).toEqual([urls.page(view.name)]);
    const metas = Object.fromEntries(
      byTag(document, 'meta').map((m) => [
        attr(m, 'name') ?? attr(m, 'property'),
        attr(m, 'content'),
      ]),
    );
    expect(metas.description!.length).toBeGreaterThanOrEqual(50);
    expect(metas['og:title']).toBe(`${view.element.title.trim()} – ${ctx.identity.title}`);
    expect(metas['og:description']).toBe(metas.description);
    expect(metas['og:url']).toBe(urls.page(view.name));
    expect(metas['og:type']).toBe('website');
    expect(metas.robots).toBeUndefined();
  });

  it('describes the element as a schema.org Dataset in JSON-LD', () => {
    const { view, document } = pageOf('000000000000000000001001');
    const { element } = view;
    const data = jsonLdOf(document);
    expect(data).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'Dataset',
      name: element.title.trim(),
      url: urls.page(view.name),
      identifier: element._id,
      creator: { '@type': 'Organization', name: element.dataSource.name },
      publisher: { '@type': 'Organization', name: ctx.identity.publisher.name },
      temporalCoverage: '2022/2023',
      dateModified: view.modified,
      datePublished: view.created,
      license: 'https://creativecommons.org/licenses/by/4.0/',
      isAccessibleForFree: true,
      includedInDataCatalog: { '@type': 'DataCatalog', name: ctx.identity.title },
      variableMeasured: [{ '@type': 'PropertyValue', unitText: element.unit }],
    });
    expect(data.description.length).toBeGreaterThanOrEqual(50);
    expect(data.description.length).toBeLessThanOrEqual(5000);
    expect(data.keywords).toEqual(
      expect.arrayContaining([element.category[0]!.name.trim(), element.sector[0]!.name.trim()]),
    );
    const csv = data.distribution.filter(
      (d: any) => d.encodingFormat === 'text/csv' && d.temporalCoverage,
    );
    expect(csv).toEqual(
      element.data.map(({ year }) =>
        expect.objectContaining({
          '@type': 'DataDownload',
          contentUrl: urls.csv(element._id, year),
        }),
      ),
    );
    // the observations of every year, as CSV, JSON-stat and a workbook (docs/api.md §15.5)
    expect(data.distribution.map((d: any) => [d.contentUrl, d.encodingFormat])).toEqual(
      expect.arrayContaining([
        [urls.observations(element._id, 'csv'), 'text/csv'],
        [urls.observations(element._id, 'jsonstat'), 'application/json'],
        [urls.workbook(element._id), XLSX_MEDIA_TYPE],
      ]),
    );
    // an empty Alias is left out
    expect(element.metadata.find((m) => m.key === 'Alias')?.value).toBe('');
    expect(data.variableMeasured[0]).not.toHaveProperty('alternateName');
  });

  it('takes variableMeasured from the BPS MS-Var metadata', () => {
    const { view, document } = pageOf('000000000000000000001016');
    expect(jsonLdOf(document).variableMeasured).toEqual([
      {
        '@type': 'PropertyValue',
        name: 'Realisasi Anggaran Pendidikan Tahun 2023',
        alternateName: 'Realisasi Anggaran',
        description: 'Pagu dan realisasi belanja fungsi pendidikan, dalam rupiah',
        unitText: view.element.unit,
      },
    ]);
  });

  it('composes a description of at least 50 characters, at most 5,000, for any element', () => {
    const tiny = viewOf({
      ...views[0]!.element,
      title: 'A',
      unit: '',
      data: [],
      metadata: [],
      dataSource: { _id: 'x', name: 'B', slug: 'b' },
    });
    expect(datasetDescription(tiny, ctx).length).toBeGreaterThanOrEqual(50);
    const huge = viewOf({
      ...views[0]!.element,
      metadata: [{ key: 'Definisi', value: 'kata '.repeat(2000) }],
    });
    expect(datasetDescription(huge, ctx).length).toBeLessThanOrEqual(5000);
    for (const view of views)
      expect(datasetDescription(view, ctx).length).toBeGreaterThanOrEqual(50);
  });

  it('speaks English for a catalogue in English', () => {
    const english = { ...ctx, identity: resolveIdentity({ title: 'Open Data', language: 'en' }) };
    const view = views.find((v) => v.element._id === '000000000000000000001016')!;
    const document = parseHtml(renderElementPage(view, english));
    expect(attr(byTag(document, 'html')[0]!, 'lang')).toBe('en');
    expect(byTag(document, 'h2').map(text)).toEqual(['Chart', 'Tables', 'Metadata', 'Downloads']);
    expect(byTag(document, 'dt').map(text)).toContain('Data source');
    expect(byTag(document, 'dt').map(text)).toContain('DefinitionDefinisi');
    expect(findAll(document, (e) => attr(e, 'class') === 'bar-value').map(text)).toEqual([
      '1,000,000',
    ]);
  });

  it('needs no script: the only script element is the JSON-LD', () => {
    for (const view of views) {
      const document = parseHtml(renderElementPage(view, ctx));
      expect(byTag(document, 'script').map((s) => attr(s, 'type'))).toEqual([
        'application/ld+json',
      ]);
    }
  });
});
