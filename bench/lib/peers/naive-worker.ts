// Peer 1, the obvious implementation: a Hono Worker that loads the whole published catalogue
// (JSON files in its assets) once per isolate and answers with Array.filter, new RegExp and
// JSON.stringify. Same routes and slug rules as ours, no index, no safety.
import { Hono } from 'hono';

interface Item {
  _id: string;
  name: string;
  slug: string;
}
interface Element {
  title: string;
  category: Item[];
  dataSource: Item;
  sector: Item[];
  field: Item[];
}
interface Catalogue {
  lists: Record<string, Item[]>;
  elements: Element[];
}

let loading: Promise<Catalogue> | undefined;
async function load(assets: Fetcher): Promise<Catalogue> {
  const manifest = (await (await assets.fetch('https://a/manifest.json')).json()) as {
    chunks: number;
  };
  const lists = (await (await assets.fetch('https://a/lists.json')).json()) as Catalogue['lists'];
  const elements: Element[] = [];
  for (let i = 0; i < manifest.chunks; i++)
    elements.push(
      ...((await (await assets.fetch(`https://a/elements-${i}.json`)).json()) as Element[]),
    );
  return { lists, elements };
}

const LISTS = {
  category: 'category',
  dataSource: 'dataSource',
  sector: 'sector',
  field: 'field',
} as const;
const app = new Hono<{ Bindings: { ASSETS: Fetcher } }>();
for (const [path, list] of [
  ['category', 'category'],
  ['sector', 'sector'],
  ['field', 'field'],
  ['data-source', 'dataSource'],
]) {
  app.get(`/api/v1/${path}`, async (c) =>
    c.json((await (loading ??= load(c.env.ASSETS))).lists[list!]),
  );
}
app.get('/api/v1/data-element', async (c) => {
  const catalogue = await (loading ??= load(c.env.ASSETS));
  let result = catalogue.elements;
  const title = c.req.query('title');
  if (title) {
    const re = new RegExp(title, 'i');
    result = result.filter((e) => re.test(e.title));
  }
  for (const key of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
    const wanted = c.req.queries(key)?.filter((v) => v !== '');
    if (!wanted?.length) continue;
    for (const slug of wanted) {
      if (!catalogue.lists[key]!.some((i) => i.slug === slug))
        return c.json({ error: `Invalid ${key} slug`, status: 404 }, 404);
    }
    result = result.filter((e) =>
      ([] as Item[]).concat(e[key]).some((i) => wanted.includes(i.slug)),
    );
  }
  return c.body(JSON.stringify(result), 200, { 'content-type': 'application/json; charset=utf-8' });
});
export default app;
