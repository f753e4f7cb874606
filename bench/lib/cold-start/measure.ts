// The Worker's own first search, in workerd: a fresh isolate (a new workerd each run) loads the
// index from bytes already in memory and answers its first search, each step timed. The files
// come first from FILES (the driver in Node), untimed: the figure is the Worker's CPU, not I/O.
// Bundled alone, this is an isolate without the Worker's startup; as-deployed.ts adds it.
import { ReadBudget } from '../../../worker/snapshot/read-budget.ts';
import { checkQuery, resolveQuery } from '../../../worker/search/find-matches.ts';
import { searched } from '../../../test/support/searched.ts';
import { filteredCandidates, matchTitles } from '../../../worker/search/filters.ts';
import { storedBytesResponse } from '../../../test/support/stored-bytes-response.ts';
import { SnapshotStore, type AssetFetcher } from '../../../worker/snapshot/snapshot-store.ts';
import { warmUpPatternCompiler } from '../../../worker/title-search/warm-up.ts';
import { warmUpWordSearch } from '../../../worker/search/warm-up-words.ts';
import {
  elementsMatching,
  matchWords,
  orderByRelevance,
} from '../../../worker/search/word-search.ts';

interface Env {
  FILES: { fetch(url: string): Promise<Response> };
}

/** Files handed over as stored bytes, as workerd's ASSETS reads do. */
function memoryAssets(files: Map<string, ArrayBuffer>): AssetFetcher {
  return {
    fetch: async (url: string) => {
      const bytes = files.get(new URL(url).pathname.slice(1));
      return bytes ? storedBytesResponse(bytes) : new Response('not found', { status: 404 });
    },
  };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.searchParams.has('warm-up')) {
      // what the deployed Worker's startup adds: its warm-up, timed in a request (workerd's clock
      // does not move while the global scope runs)
      const started = performance.now();
      warmUpPatternCompiler();
      warmUpWordSearch();
      return Response.json({ warmUpMs: performance.now() - started });
    }
    const files = new Map<string, ArrayBuffer>();
    await Promise.all(
      url.searchParams.getAll('file').map(async (path) => {
        const response = await env.FILES.fetch(`https://files.invalid/${path}`);
        files.set(path, await response.arrayBuffer());
      }),
    );
    const probe = new URL(url.searchParams.get('probe')!, url).searchParams;

    const steps: Record<string, number> = {};
    let last = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      steps[name] = now - last;
      last = now;
    };
    const store = new SnapshotStore(memoryAssets(files));
    const index = await store.index({ budget: new ReadBudget() });
    lap('load');
    const query = searched(checkQuery(probe));
    lap('check');
    let candidates = filteredCandidates(index, searched(resolveQuery(index, query)));
    lap('filters');
    // with q: the word index read on first use, the words matched, then (after the titles) the
    // matches put in relevance order
    const words =
      query.words &&
      matchWords(await store.wordIndex(index, { budget: new ReadBudget() }), query.words);
    if (words) {
      candidates = elementsMatching(words, candidates);
      lap('words');
    }
    let matches = matchTitles(index, query.pattern, candidates);
    lap('titles');
    if (words) {
      matches = orderByRelevance(words, matches);
      lap('order');
    }
    return Response.json({ steps, matches: matches.length });
  },
};
