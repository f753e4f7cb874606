// Renders the explorer's answers: the filter lists, the facet counts, the result table, the pager.
import type { FacetCounts, Projected, ReferenceItem } from '../../client/index.ts';
import { byId, h } from './dom.ts';
import type { ExplorerState, Filter } from './state.ts';

export type Row = Projected<'_id' | 'title' | 'unit' | 'data' | 'dataSource'>;
export interface Links {
  /** The element's page (docs/harvest.md §14); its JSON is `element`. */
  page: (id: string) => string;
  element: (id: string) => string;
  tableCsv: (id: string, year: number) => string;
}

const FILTER_LABELS: Record<Filter, string> = {
  category: 'Category',
  dataSource: 'Data source',
  sector: 'Sector',
  field: 'Field',
  year: 'Year',
};
/** Facet items shown before "more". */
const FACET_PREVIEW = 8;

/** Fills a filter's list, keeping its first option ("Any …"). */
export function fillSelect(select: HTMLSelectElement, options: { value: string; label: string }[]) {
  select.replaceChildren(
    select.options[0]!,
    ...options.map(({ value, label }) => h('option', { value }, label)),
  );
}

export const itemOptions = (items: ReferenceItem[]) =>
  items.map((item) => ({ value: item.slug, label: item.name.trim() || item.slug }));

export function renderRows(rows: Row[], links: Links) {
  byId('result-rows').replaceChildren(
    ...rows.map((row) =>
      h(
        'tr',
        {},
        h('td', { 'data-label': 'Title' }, h('a', { href: links.page(row._id) }, row.title)),
        h('td', { 'data-label': 'Unit' }, row.unit),
        h('td', { 'data-label': 'Data source' }, row.dataSource.name.trim()),
        h(
          'td',
          { 'data-label': 'Years (CSV)', class: 'years' },
          ...row.data.map(({ year }) =>
            h(
              'a',
              {
                href: links.tableCsv(row._id, year),
                'aria-label': `${year} table of ${row.title.trim()}, CSV`,
              },
              String(year),
            ),
          ),
        ),
        h(
          'td',
          { 'data-label': 'JSON' },
          h(
            'a',
            {
              href: links.element(row._id),
              class: 'json-link',
              'aria-label': `JSON of ${row.title.trim()}`,
            },
            'JSON',
          ),
        ),
      ),
    ),
  );
}

export function renderSummary(state: ExplorerState, total: number, shown: number) {
  const summary = byId('result-summary');
  if (total === 0) summary.textContent = 'No data element matches.';
  else if (shown === 0)
    summary.textContent = `${total.toLocaleString()} data elements match; this page is past the last.`;
  else
    summary.textContent =
      `${total.toLocaleString()} ${total === 1 ? 'data element matches' : 'data elements match'} · showing ${state.offset + 1}–${state.offset + shown}` +
      (state.q ? ' · best matches first' : '');
  const pages = Math.max(1, Math.ceil(total / state.limit));
  byId('page-status').textContent = total
    ? `Page ${Math.floor(state.offset / state.limit) + 1} of ${pages}`
    : '';
  byId<HTMLButtonElement>('prev-page').disabled = state.offset === 0;
  byId<HTMLButtonElement>('next-page').disabled = state.offset + state.limit >= total;
}

/** Each dimension's counts as buttons; a pressed button is the filter in force. */
export function renderFacets(
  facets: FacetCounts,
  state: ExplorerState,
  choose: (filter: Filter, value: string) => void,
) {
  const groups = (Object.keys(FILTER_LABELS) as Filter[]).map((filter) => {
    const items =
      filter === 'year'
        ? facets.year.map(({ year, count }) => ({
            value: String(year),
            label: String(year),
            count,
          }))
        : facets[filter].map(({ slug, name, count }) => ({
            value: slug,
            label: name.trim() || slug,
            count,
          }));
    const button = ({ value, label, count }: (typeof items)[number]) => {
      const pressed = state[filter] === value;
      const element = h(
        'button',
        { type: 'button', class: 'facet', 'aria-pressed': String(pressed) },
        h('span', { class: 'facet-label' }, label),
        h('span', { class: 'count' }, count.toLocaleString()),
      );
      element.addEventListener('click', () => choose(filter, pressed ? '' : value));
      return h('li', {}, element);
    };
    const shown = items.slice(0, FACET_PREVIEW).map(button);
    const rest = items.slice(FACET_PREVIEW).map(button);
    return h(
      'section',
      { class: 'facet-group' },
      h('h4', {}, FILTER_LABELS[filter]),
      items.length === 0 ? h('p', { class: 'hint' }, 'None') : h('ul', {}, ...shown),
      rest.length > 0 &&
        h('details', {}, h('summary', {}, `${rest.length} more`), h('ul', {}, ...rest)),
    );
  });
  byId('facet-groups').replaceChildren(...groups);
}
