// The documentation page's script: the explorer (a search form over the API, facet counts, a
// result table with paging) and the live examples of the endpoint list. It talks to the API
// through the typed client; the build bundles it into /docs/explorer.js.
//
// The search box (`q`) and the advanced title pattern answer as people type: a search starts once
// typing has paused for TYPING_PAUSE_MS, and each search aborts the one before it, so an old answer
// arriving late never replaces a newer one.
import { ApiError, createClient, type FacetCounts } from '../client/index.ts';
import { byId } from './explorer/dom.ts';
import { enableLiveExamples } from './explorer/live-examples.ts';
import {
  fillSelect,
  itemOptions,
  renderFacets,
  renderRows,
  renderSummary,
  type Row,
} from './explorer/render.ts';
import {
  FILTERS,
  emptyState,
  facetQuery,
  searchQuery,
  stateFromUrl,
  stateToUrl,
  type ExplorerState,
  type Filter,
} from './explorer/state.ts';

/** How long typing must pause before the text is searched. */
const TYPING_PAUSE_MS = 250;

const api = createClient({ baseUrl: location.origin });
const form = byId<HTMLFormElement>('search-form');
const wordsInput = byId<HTMLInputElement>('q-words');
const titleInput = byId<HTMLInputElement>('q-title');
const advanced = byId<HTMLDetailsElement>('advanced');
const limitSelect = byId<HTMLSelectElement>('q-limit');
const selects = Object.fromEntries(
  FILTERS.map((filter) => [filter, byId<HTMLSelectElement>(`q-${filter}`)]),
) as Record<Filter, HTMLSelectElement>;

let state: ExplorerState = stateFromUrl(location.search);
let inFlight: AbortController | undefined;
/**
 * Whether the page's current history entry was made by typing: while typing goes on, each search
 * replaces that entry, so Back returns to the search before the typing, not to every word typed.
 */
let typedEntry = false;

async function start() {
  for (const element of document.querySelectorAll('[data-origin]'))
    element.textContent = location.origin;
  enableLiveExamples();
  try {
    const [categories, dataSources, sectors, fields, everything] = await Promise.all([
      api.categories(),
      api.dataSources(),
      api.sectors(),
      api.fields(),
      api.facets(),
    ]);
    fillSelect(selects.category, itemOptions(categories));
    fillSelect(selects.dataSource, itemOptions(dataSources));
    fillSelect(selects.sector, itemOptions(sectors));
    fillSelect(selects.field, itemOptions(fields));
    fillSelect(
      selects.year,
      everything.year.map(({ year }) => ({ value: String(year), label: String(year) })),
    );
  } catch (error) {
    showError(error);
  }
  showState();
  await search({ history: 'none' });
}

/** The form shows the state. */
function showState() {
  wordsInput.value = state.q;
  titleInput.value = state.title;
  if (state.title) advanced.open = true;
  for (const filter of FILTERS) selects[filter].value = state[filter];
  limitSelect.value = String(state.limit);
}

/** The state from the form, back to the first page. */
function readForm(): ExplorerState {
  const next: ExplorerState = {
    ...state,
    q: wordsInput.value.trim(),
    title: titleInput.value,
    limit: Number(limitSelect.value),
    offset: 0,
  };
  for (const filter of FILTERS) next[filter] = selects[filter].value;
  return next;
}

/**
 * Asks the API for the state's page and facets, aborting the search still under way. `typed`: a
 * search made by typing, which replaces the history entry of the typing before it.
 */
async function search({ history }: { history: 'push' | 'typed' | 'none' }) {
  inFlight?.abort();
  const controller = (inFlight = new AbortController());
  const query = searchQuery(state);
  const url = api.urls.search(query);
  byId<HTMLInputElement>('request-url').value = url;
  byId<HTMLAnchorElement>('open-url').href = url;
  const pageUrl = `${location.pathname}${stateToUrl(state)}${location.hash}`;
  if (history === 'typed' && typedEntry) window.history.replaceState(null, '', pageUrl);
  else if (history !== 'none') window.history.pushState(null, '', pageUrl);
  typedEntry = history === 'typed';
  byId('results').setAttribute('aria-busy', 'true');
  try {
    const [page, facets] = await Promise.all([
      api.search(query, { signal: controller.signal }),
      api.facets(facetQuery(state), { signal: controller.signal }),
    ]);
    if (inFlight !== controller) return; // a newer search took over
    showResults(page.elements, page.total, facets);
  } catch (error) {
    if (controller.signal.aborted) return; // a newer search took over
    showError(error);
  } finally {
    if (inFlight === controller) byId('results').setAttribute('aria-busy', 'false');
  }
}

function showResults(rows: Row[], total: number, facets: FacetCounts) {
  byId('search-error').hidden = true;
  renderRows(rows, {
    page: (id) => `/dataset/${encodeURIComponent(id)}`,
    element: (id) => api.urls.element(id),
    tableCsv: (id, year) => api.urls.tableCsv(id, year),
  });
  renderSummary(state, total, rows.length);
  renderFacets(facets, state, (filter, value) => {
    state = { ...state, [filter]: value, offset: 0 };
    showState();
    void search({ history: 'push' });
  });
}

function showError(error: unknown) {
  const message =
    error instanceof ApiError
      ? typeof error.body === 'string'
        ? error.body
        : 'message' in error.body
          ? error.body.message
          : error.body.error
      : String(error);
  const box = byId('search-error');
  box.textContent = message;
  box.hidden = false;
  renderRows([], { page: () => '', element: () => '', tableCsv: () => '' });
  byId('result-summary').textContent = 'No results: the request was refused.';
  byId('facet-groups').replaceChildren();
  byId<HTMLButtonElement>('prev-page').disabled = true;
  byId<HTMLButtonElement>('next-page').disabled = true;
  byId('page-status').textContent = '';
}

let typingPause: ReturnType<typeof setTimeout> | undefined;

form.addEventListener('submit', (event) => {
  event.preventDefault();
  clearTimeout(typingPause);
  state = readForm();
  void search({ history: 'push' });
});
form.addEventListener('reset', () => {
  clearTimeout(typingPause);
  state = emptyState();
  queueMicrotask(() => {
    showState();
    void search({ history: 'push' });
  });
});
for (const select of [...Object.values(selects), limitSelect]) {
  select.addEventListener('change', () => {
    state = readForm();
    void search({ history: 'push' });
  });
}
// Results as people type: each keystroke restarts the pause; the text is searched once it ends,
// unless another search (a list, a facet, Enter) has taken the same text in the meantime.
for (const input of [wordsInput, titleInput]) {
  input.addEventListener('input', () => {
    clearTimeout(typingPause);
    typingPause = setTimeout(() => {
      if (wordsInput.value.trim() === state.q && titleInput.value === state.title) return;
      state = readForm();
      void search({ history: 'typed' });
    }, TYPING_PAUSE_MS);
  });
}
byId('prev-page').addEventListener('click', () => {
  state = { ...state, offset: Math.max(0, state.offset - state.limit) };
  void search({ history: 'push' });
});
byId('next-page').addEventListener('click', () => {
  state = { ...state, offset: state.offset + state.limit };
  void search({ history: 'push' });
});
byId('copy-url').addEventListener('click', async () => {
  const input = byId<HTMLInputElement>('request-url');
  const status = byId('copy-status');
  try {
    await navigator.clipboard.writeText(input.value);
    status.textContent = 'Copied.';
  } catch {
    input.select(); // no clipboard access: leave it selected for the keyboard
    status.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
  }
});
window.addEventListener('popstate', () => {
  clearTimeout(typingPause);
  state = stateFromUrl(location.search);
  showState();
  void search({ history: 'none' });
});

void start();
