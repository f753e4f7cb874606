// GET /dataset/{id} (docs/harvest.md §14): an element for people and search engines, with no script.
// The title, unit, source and classifications (links to the explorer filtered by each), dates,
// a chart, every year's table as held, the metadata, the downloads; JSON-LD, canonical link and
// Open Graph in the head.
import type { ReferenceItem } from '../../schema.ts';
import { yearSpan } from '../describe.ts';
import { publicUrls, type ElementView, type RenderContext } from '../element-view.ts';
import { chooseChart } from './chart-plan.ts';
import { XLSX_MEDIA_TYPE } from '../downloads.ts';
import { renderChart } from './chart-svg.ts';
import { renderDocument } from './document.ts';
import { escapeHtml, jsonForScript } from './escape.ts';
import { datasetDescription, datasetJsonLd } from './json-ld.ts';
import { displayDate, labelsFor, type PageLabels } from './labels.ts';
import { renderTable } from './table-html.ts';
import { tableShape } from './table-shape.ts';

const EMPTY = '<span class="empty">–</span>';

const time = (iso: string, labels: PageLabels) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(displayDate(iso, labels))}</time>`;

const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text.trim() || '–')}</a>`;

const fact = (label: string, valueHtml: string) =>
  `<div><dt>${escapeHtml(label)}</dt><dd>${valueHtml}</dd></div>`;

function references(items: ReferenceItem[], parameter: string, ctx: RenderContext): string {
  if (items.length === 0) return EMPTY;
  const urls = publicUrls(ctx.base);
  return `<ul>${items.map((item) => `<li>${link(urls.explorer(parameter, item.slug), item.name)}</li>`).join('')}</ul>`;
}

function masthead(view: ElementView, ctx: RenderContext, labels: PageLabels, sections: string[][]) {
  const { element } = view;
  const urls = publicUrls(ctx.base);
  return [
    `<h1>${escapeHtml(element.title.trim() || view.name)}</h1>`,
    '<dl class="facts">',
    fact(labels.unit, element.unit.trim() ? escapeHtml(element.unit) : EMPTY),
    fact(
      labels.dataSource,
      link(urls.explorer('dataSource', element.dataSource.slug), element.dataSource.name),
    ),
    fact(labels.category, references(element.category, 'category', ctx)),
    fact(labels.sector, references(element.sector, 'sector', ctx)),
    fact(labels.field, references(element.field, 'field', ctx)),
    fact(labels.years, escapeHtml(yearSpan(element)) || EMPTY),
    fact(labels.created, time(view.created, labels)),
    fact(labels.modified, time(view.modified, labels)),
    '</dl>',
    `<nav aria-label="${escapeHtml(labels.onThisPage)}"><ul class="nav">`,
    ...sections.map(([id, title]) => `<li><a href="#${id}">${escapeHtml(title!)}</a></li>`),
    '</ul></nav>',
  ].join('');
}

const section = (id: string, title: string, body: string) =>
  `<section id="${id}" aria-labelledby="${id}-heading"><h2 id="${id}-heading">${escapeHtml(title)}</h2>${body}</section>`;

function metadataList(view: ElementView, labels: PageLabels): string {
  const entries = view.element.metadata.map(({ key, value }) => {
    const label = labels.metadataLabels[key] ?? key;
    const keyNote = label === key ? '' : `<span class="key">${escapeHtml(key)}</span>`;
    const shown = value.trim() ? escapeHtml(value.trim()) : EMPTY;
    return `<div><dt>${escapeHtml(label)}${keyNote}</dt><dd>${shown}</dd></div>`;
  });
  return `<dl class="metadata">${entries.join('')}</dl>`;
}

/** Beside a year's table: its data as CSV, and as observations (docs/api.md §15). */
function tableLinks(
  id: string,
  year: number,
  urls: ReturnType<typeof publicUrls>,
  labels: PageLabels,
): string {
  const observations = `${urls.observations(id, 'json')}?year=${year}`;
  return `<p class="table-data">${escapeHtml(labels.tableData)}: <a href="${escapeHtml(urls.csv(id, year))}" type="text/csv">CSV</a> · <a href="${escapeHtml(observations)}" type="application/json">${escapeHtml(labels.tableObservations)}</a></p>`;
}

function downloads(view: ElementView, ctx: RenderContext, labels: PageLabels): string {
  const { element } = view;
  const urls = publicUrls(ctx.base);
  const byYear = [...element.data].sort((a, b) => b.year - a.year);
  return [
    '<ul class="downloads">',
    ...byYear.map(
      (entry) =>
        `<li><a href="${escapeHtml(urls.csv(element._id, entry.year))}" type="text/csv">${escapeHtml(labels.csvOfYear(entry.year))}</a></li>`,
    ),
    `<li><a href="${escapeHtml(urls.observations(element._id, 'csv'))}" type="text/csv">${escapeHtml(labels.observationsCsv)}</a></li>`,
    `<li><a href="${escapeHtml(urls.observations(element._id, 'jsonstat'))}" type="application/json">${escapeHtml(labels.observationsJsonStat)}</a></li>`,
    `<li><a href="${escapeHtml(urls.workbook(element._id))}" type="${XLSX_MEDIA_TYPE}">${escapeHtml(labels.workbook)}</a></li>`,
    `<li><a href="${escapeHtml(urls.element(element._id))}" type="application/json">${escapeHtml(labels.elementJson)}</a></li>`,
    `<li>${escapeHtml(labels.apiUrl)}: <code>${escapeHtml(urls.element(element._id))}</code></li>`,
    `<li>${escapeHtml(labels.dcat)}: <a href="${escapeHtml(urls.datasetRdf(view.name, 'ttl'))}" type="text/turtle">Turtle</a>, <a href="${escapeHtml(urls.datasetRdf(view.name, 'jsonld'))}" type="application/ld+json">JSON-LD</a></li>`,
    '</ul>',
  ].join('');
}

export function renderElementPage(view: ElementView, ctx: RenderContext): string {
  const { element } = view;
  const labels = labelsFor(ctx.identity.language);
  const urls = publicUrls(ctx.base);
  const title = element.title.trim() || view.name;
  const unit = element.unit.trim();

  const plan = chooseChart(element, labels.rowNumber);
  const tables = [...element.data]
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => b.entry.year - a.entry.year || a.position - b.position)
    .map(
      ({ entry, position }) =>
        renderTable(entry.table, tableShape(entry.table), {
          id: `table-${position + 1}`,
          caption: labels.tableCaption(title, entry.year),
          ...(unit && { captionNote: `(${unit})` }),
        }) + tableLinks(element._id, entry.year, urls, labels),
    );

  const sections: [string, string, string][] = [];
  if (plan) sections.push(['chart', labels.chart, renderChart(plan, unit, labels, 'chart-1')]);
  sections.push([
    'tables',
    labels.tables,
    tables.length > 0 ? tables.join('') : `<p>${escapeHtml(labels.noTables)}</p>`,
  ]);
  if (element.metadata.length > 0)
    sections.push(['metadata', labels.metadata, metadataList(view, labels)]);
  sections.push(['downloads', labels.downloads, downloads(view, ctx, labels)]);

  const jsonLd = datasetJsonLd(view, ctx);
  const head = [
    `<link rel="alternate" type="application/json" href="${escapeHtml(urls.element(element._id))}">`,
    `<link rel="alternate" type="text/turtle" href="${escapeHtml(urls.datasetRdf(view.name, 'ttl'))}">`,
    `<link rel="alternate" type="application/ld+json" href="${escapeHtml(urls.datasetRdf(view.name, 'jsonld'))}">`,
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ].join('\n');

  return renderDocument(
    {
      title: `${title} – ${ctx.identity.title}`,
      description: datasetDescription(view, ctx),
      canonical: urls.page(view.name),
      head,
      masthead: masthead(view, ctx, labels, sections),
      main: sections.map(([id, heading, body]) => section(id, heading, body)).join('\n'),
    },
    ctx,
    labels,
  );
}
