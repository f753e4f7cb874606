// The PostgreSQL peer's HTTP side: loads the published catalogue into tables, then answers.
// Tuned as a team would: a pg_trgm GIN index for the title pattern (`~*`), the filters and years
// as arrays with GIN indexes, PostgreSQL's full-text search for the words of `q` (a tsvector with a
// GIN index, see wordSearch), prepared statements, and the answer's elements streamed as the
// database sends their published JSON text, in catalogue order (in relevance order with `q`).
// Usage: tsx bench/lib/peers/postgres-server.ts PG_PORT HTTP_PORT CATALOGUE_JSON
import { readFileSync } from 'node:fs';
import { serve, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import pg from 'pg';
import { ELEMENT_KEYS, FETCH_FAILED, REFERENCE_LISTS } from '../../../core/contract.ts';
import type { DataElement } from '../../../core/schema.ts';
import { wordsOf } from '../../../core/word-index.ts';
import { searchableTexts } from '../../../generator/build-word-index.ts';
import { pagingLinks } from '../../../worker/http/paging-links.ts';
import { parseSearchParams } from '../../../worker/search/parse-query.ts';

const [pgPort, httpPort, catalogueFile] = process.argv.slice(2);
const pool = new pg.Pool({
  host: '127.0.0.1',
  port: Number(pgPort),
  user: 'bench',
  database: 'postgres',
  max: 8,
});
type List = (typeof REFERENCE_LISTS)[number]['name'];
const LISTS = REFERENCE_LISTS.map(({ name }) => name);
const TABLE: Record<List, string> = {
  category: 'category',
  dataSource: 'data_source',
  sector: 'sector',
  field: 'field',
};
/** Answers are written in pieces of about this many characters. */
const CHUNK = 1 << 16;
/** Each element key's column: its value's published JSON text, `"key":` before it. */
const KEY_COLUMN = ELEMENT_KEYS.map((key) => `k_${key.replace(/[A-Z]/g, (c) => `_${c}`)}`);

interface Item {
  _id: string;
  name: string;
  slug: string;
}
const catalogue = JSON.parse(readFileSync(catalogueFile!, 'utf8')) as {
  lists: Record<List, Item[]>;
  elements: (Record<string, unknown> & DataElement)[];
};

/**
 * An element's searchable words (docs/api.md §11) as PostgreSQL's text search reads them: cut by
 * wordsOf, the Worker's own function, and joined by spaces, so that the `simple` configuration
 * (the default parser, lower case, no stop words, no stemming) finds the very same words, accents,
 * case and punctuation handled as ours.
 */
function searchText(element: DataElement): { title: string; others: string } {
  const texts = searchableTexts(element);
  return { title: wordsOf(texts.title).join(' '), others: texts.others.flatMap(wordsOf).join(' ') };
}

async function load() {
  const sql = [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    'DROP TABLE IF EXISTS element, element_key',
    // body: the element's published JSON; each list's items, and the years, as arrays
    // title_words: the title's words, read for the order only (no index); words: every
    // searchable word, the title's weighted A (for ts_rank), in a GIN index (the match)
    `CREATE TABLE element (position int PRIMARY KEY, title text NOT NULL, body text NOT NULL,
      years int[] NOT NULL, category int[] NOT NULL, data_source int[] NOT NULL,
      sector int[] NOT NULL, field int[] NOT NULL, title_words tsvector NOT NULL,
      words tsvector NOT NULL)`,
    // for projections (`fields`)
    `CREATE TABLE element_key (position int PRIMARY KEY,
      ${KEY_COLUMN.map((c) => `${c} text NOT NULL`).join(', ')})`,
    // Texts out of line and not compressed: the searched rows stay small, and an answer copies
    // its texts without decompressing them (at 100,000 elements, a filter's answer came 1.4
    // times as fast as with lz4 in line).
    'ALTER TABLE element ALTER body SET STORAGE EXTERNAL',
    `ALTER TABLE element_key ${KEY_COLUMN.map((c) => `ALTER ${c} SET STORAGE EXTERNAL`).join(', ')}`,
  ];
  for (const list of LISTS)
    sql.push(
      `DROP TABLE IF EXISTS ${TABLE[list]}`,
      `CREATE TABLE ${TABLE[list]} (position int PRIMARY KEY, id text, name text, slug text UNIQUE)`,
    );
  for (const s of sql) await pool.query(s);
  for (const list of LISTS) {
    const items = catalogue.lists[list];
    await pool.query(
      `INSERT INTO ${TABLE[list]} SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      [
        items.map((_, i) => i),
        ...(['_id', 'name', 'slug'] as const).map((k) => items.map((item) => item[k])),
      ],
    );
  }
  const position = Object.fromEntries(
    LISTS.map((list) => [list, new Map(catalogue.lists[list].map((item, i) => [item._id, i]))]),
  ) as Record<List, Map<string, number>>;
  const items = (e: Record<string, unknown>, list: List) =>
    `{${([] as Item[])
      .concat(e[list] as Item | Item[])
      .map((item) => position[list].get(item._id)!)
      .join(',')}}`;
  const BATCH = 1000;
  for (let start = 0; start < catalogue.elements.length; start += BATCH) {
    const batch = catalogue.elements.slice(start, start + BATCH);
    const positions = batch.map((_, i) => start + i);
    const texts = batch.map(searchText);
    await pool.query(
      `INSERT INTO element SELECT p, t, b, y::int[], c::int[], d::int[], s::int[], f::int[],
         to_tsvector('simple', tw), setweight(to_tsvector('simple', tw), 'A') ||
         to_tsvector('simple', ow)
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::text[]) AS u(p, t, b, y, c, d, s, f, tw, ow)`,
      [
        positions,
        batch.map((e) => e.title),
        batch.map((e) => JSON.stringify(e)),
        batch.map((e) => `{${[...new Set(e.data.map((d) => d.year))].join(',')}}`),
        batch.map((e) => items(e, 'category')),
        batch.map((e) => items(e, 'dataSource')),
        batch.map((e) => items(e, 'sector')),
        batch.map((e) => items(e, 'field')),
        texts.map((t) => t.title),
        texts.map((t) => t.others),
      ],
    );
    await pool.query(
      `INSERT INTO element_key SELECT * FROM unnest($1::int[], ${KEY_COLUMN.map((_, i) => `$${2 + i}::text[]`).join(', ')})`,
      [
        positions,
        ...ELEMENT_KEYS.map((key) =>
          batch.map((e) => `${JSON.stringify(key)}:${JSON.stringify(e[key])}`),
        ),
      ],
    );
  }
  await pool.query('CREATE INDEX ON element USING gin (title gin_trgm_ops)');
  for (const column of ['years', ...LISTS.map((list) => TABLE[list]), 'words'])
    await pool.query(`CREATE INDEX ON element USING gin (${column})`);
  await pool.query('VACUUM ANALYZE');
}

/** Slug to item position, per list: an exact slug, else the one equal to it but for white space. */
let slugs: Record<List, { exact: Map<string, number>; trimmed: Map<string, number | null> }>;
async function loadSlugs() {
  slugs = {} as typeof slugs;
  for (const list of LISTS) {
    const { rows } = await pool.query<{ position: number; slug: string }>(
      `SELECT position, slug FROM ${TABLE[list]}`,
    );
    const trimmed = new Map<string, number | null>();
    for (const { position, slug } of rows)
      trimmed.set(slug.trim(), trimmed.has(slug.trim()) ? null : position);
    slugs[list] = { exact: new Map(rows.map((r) => [r.slug, r.position])), trimmed };
  }
}
const resolveSlug = (list: List, slug: string) =>
  slugs[list].exact.get(slug) ?? slugs[list].trimmed.get(slug.trim()) ?? undefined;

interface Statement {
  name: string;
  text: string;
}
/**
 * The prepared statements of a query shape (which conditions, paged or not, which keys): the
 * search, and the count alone for a page past the end. The count takes the conditions' values;
 * the search these, then the words of `q` again (for the order), then limit and offset.
 */
const statements = new Map<string, { search: Statement; count: Statement }>();
function statement(shape: {
  title: boolean;
  lists: List[];
  years: boolean;
  words: boolean;
  paged: boolean;
  fields: number[] | undefined;
}) {
  const key = JSON.stringify(shape);
  let found = statements.get(key);
  if (found) return found;
  const where: string[] = [];
  let n = 0;
  if (shape.title) where.push(`e.title ~* $${++n}`);
  for (const list of shape.lists) where.push(`e.${TABLE[list]} && $${++n}::int[]`);
  if (shape.years) where.push(`e.years && $${++n}::int[]`);
  const order = shape.words ? wordSearch(++n, ++n) : undefined;
  if (order) where.push(order.where);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // the element's JSON (or the keys asked for) by position, looked up whatever the page's size
  const doc = (position: string) =>
    shape.fields
      ? `(SELECT '{' || ${shape.fields.map((k) => `k.${KEY_COLUMN[k]}`).join(` || ',' || `)} || '}'
          FROM element_key k WHERE k.position = ${position})`
      : `(SELECT b.body FROM element b WHERE b.position = ${position})`;
  let text: string;
  if (order && !shape.paged)
    text = `SELECT count(*) OVER ()::int AS total, ${shape.fields ? doc('e.position') : 'e.body'}
      AS doc FROM element e ${filter}
      ORDER BY ${order.keys.map((k) => `${k.expression} DESC`).join(', ')}, e.position`;
  else if (order)
    // the page found in relevance order, its keys kept to put it back in that order
    text = `SELECT p.total, ${doc('p.position')} AS doc FROM (SELECT e.position,
      count(*) OVER ()::int AS total, ${order.keys.map((k) => `${k.expression} AS ${k.name}`).join(', ')}
      FROM element e ${filter}
      ORDER BY ${order.keys.map((k) => `${k.name} DESC`).join(', ')}, e.position
      LIMIT $${n + 1} OFFSET $${n + 2}) p
      ORDER BY ${order.keys.map((k) => `p.${k.name} DESC`).join(', ')}, p.position`;
  else if (!shape.paged)
    text = `SELECT count(*) OVER ()::int AS total, ${shape.fields ? doc('e.position') : 'e.body'}
      AS doc FROM element e ${filter} ORDER BY e.position`;
  else if (where.length)
    // the total over every match, counted in the pass that finds the page
    text = `SELECT p.total, ${doc('p.position')} AS doc FROM (SELECT e.position,
      count(*) OVER ()::int AS total FROM element e ${filter} ORDER BY e.position
      LIMIT $${n + 1} OFFSET $${n + 2}) p ORDER BY p.position`;
  else
    text = `SELECT (SELECT count(*)::int FROM element) AS total, ${doc('p.position')} AS doc
      FROM (SELECT position FROM element ORDER BY position LIMIT $1 OFFSET $2) p
      ORDER BY p.position`;
  found = {
    search: { name: `search-${statements.size}`, text },
    count: {
      name: `count-${statements.size}`,
      text: `SELECT count(*)::int AS total FROM element e ${filter}`,
    },
  };
  statements.set(key, found);
  return found;
}

/**
 * Word search (docs/api.md §11) in PostgreSQL's full-text search, `$query` a tsquery of the words of
 * `q` as prefixes (prefixQuery), `$words` the words themselves. The match: `words @@ $query`,
 * served by the GIN index on `words`. EXPLAIN ANALYZE at 10,000 elements (8,551 published), with
 * the generic plan a named statement comes to and with the values planned in alike:
 * q=puskesmas kec (367 rows) is a Bitmap Heap Scan on element (Recheck Cond: words @@ $1) over a
 * Bitmap Index Scan on element_words_idx, 2.5 ms; with dataSource=dpupr, jalan (55 rows) a
 * BitmapAnd of that and the Bitmap Index Scan on element_data_source_idx. A q that nearly every
 * element matches (pen: every element's metadata has "pengumpulan") is planned as a Seq Scan with
 * its values, but read through the index under the generic plan, about 1.5 times as long: let be,
 * as a search box's words are seldom that broad. The order, as the contract's:
 *   1. every word of `q` starts a title word: title_words @@ the same prefix query;
 *   2. more words of `q` equal to a whole title word first: the title's words less those deleted
 *      by ts_delete(title_words, words), counted;
 *   3. then ts_rank over all searchable words, title words weighing 1 and the others 0.1 (its
 *      defaults for weights A and D), higher first. This is PostgreSQL's score, not ours: it counts
 *      how often and how close together the words occur, not how rare a word is (ours weighs each
 *      word by its rarity, worker/search/word-search.ts), so within the first two tiers the order
 *      may differ from ours; the match, the count and the tiers do not;
 *   4. ties in catalogue order.
 */
function wordSearch(query: number, words: number) {
  const prefixes = `$${query}::tsquery`;
  return {
    where: `e.words @@ ${prefixes}`,
    keys: [
      { name: 'in_title', expression: `e.title_words @@ ${prefixes}` },
      {
        name: 'whole_in_title',
        expression: `length(e.title_words) - length(ts_delete(e.title_words, $${words}::text[]))`,
      },
      { name: 'rank', expression: `ts_rank(e.words, ${prefixes})` },
    ],
  };
}

/**
 * The words as a tsquery, each a prefix (`'word':*`), all of them (`&`). Each word quoted, a quote
 * or backslash in it escaped (wordsOf leaves none: it keeps letters and digits); the tsquery's
 * lexemes are taken as written, and they are the words as the tsvectors hold them (searchText).
 */
const prefixQuery = (words: string[]) =>
  words.map((word) => `'${word.replace(/['\\]/g, '\\$&')}':*`).join(' & ');

/**
 * Whether the trigram index certainly serves the pattern: three letters or digits in a row, none
 * optional, no alternation. A pattern without trigrams would make the index read whole (under a
 * generic plan, 2.5 times a scan's time at 100,000 elements): such a pattern goes unnamed, planned
 * with its value, and the planner may choose to scan.
 */
function indexable(pattern: string): boolean {
  if (/\||\)[?*{]/.test(pattern)) return false;
  const plain = pattern.replace(/\\./g, ' ').replace(/\[[^\]]*\]/g, ' ');
  return /[a-z0-9]{3}(?![?*{])/i.test(plain);
}

const app = new Hono<{ Bindings: HttpBindings }>();
for (const { name, endpoint } of REFERENCE_LISTS) {
  const query = {
    name: `list-${name}`,
    text: `SELECT id AS "_id", name, slug FROM ${TABLE[name]} ORDER BY position`,
  };
  app.get(endpoint, async (c) => c.json((await pool.query(query)).rows));
}
app.get('/api/v1/data-element', async (c) => {
  const url = new URL(c.req.url);
  const parsed = parseSearchParams(url.searchParams);
  if (!parsed.ok) return c.json({ message: parsed.message }, 400);
  const query = parsed.query;
  const { words } = query;
  /** The conditions' values (the count's); the search takes more after them. */
  const values: unknown[] = [];
  if (query.title !== undefined) values.push(query.title);
  const lists = LISTS.filter((list) => query.filters[list].length > 0);
  for (const list of lists) {
    const items = query.filters[list].map((slug) => resolveSlug(list, slug));
    if (items.includes(undefined))
      return c.json({ error: `Invalid ${list} slug`, status: 404 }, 404);
    values.push(items);
  }
  // a year past int's range is no element's year
  if (query.years.length) values.push(query.years.filter((y) => Math.abs(y) < 2 ** 31));
  if (words) values.push(prefixQuery(words));
  const paged = query.limit !== undefined || query.offset > 0;
  const searchValues = [
    ...values,
    ...(words ? [words] : []),
    ...(paged ? [query.limit ?? null, query.offset] : []),
  ];
  const { search, count } = statement({
    title: query.title !== undefined,
    lists,
    years: query.years.length > 0,
    words: words !== undefined,
    paged,
    fields: query.fields?.map((key) => ELEMENT_KEYS.indexOf(key)),
  });
  // a pattern the index may not serve goes unnamed: planned with its value each time
  const named = query.title === undefined || indexable(query.title);
  const headers = (total: number) => ({
    'content-type': 'application/json; charset=utf-8',
    'x-total-count': String(total),
    ...(query.limit !== undefined
      ? { link: pagingLinks(url, total, query.limit, query.offset) }
      : {}),
  });
  // The elements written as PostgreSQL sends them, in pieces; each row carries the total.
  const client = await pool.connect();
  const out = c.env.outgoing;
  return new Promise<Response>((resolve, reject) => {
    let started = false;
    let written = 0;
    let chunk = '';
    const start = (total: number) => {
      started = true;
      out.writeHead(200, headers(total));
      chunk = `[${chunk}`;
    };
    const finish = (total: number) => {
      if (!started) start(total);
      out.end(`${chunk}]`);
      resolve(RESPONSE_ALREADY_SENT);
    };
    const rows = client.query(
      new pg.Query<{ total: number; doc: string }>({
        name: named ? search.name : undefined,
        text: search.text,
        values: searchValues,
      }),
    );
    rows.on('row', ({ total, doc }: { total: number; doc: string }) => {
      if (!started) start(total);
      chunk += written++ === 0 ? doc : `,${doc}`;
      if (chunk.length >= CHUNK) {
        out.write(chunk);
        chunk = '';
      }
    });
    rows.on('end', () => {
      client.release();
      if (started || !paged) finish(0);
      // a page past the end: no row to carry the total
      else
        pool
          .query<{ total: number }>({
            name: named ? count.name : undefined,
            text: count.text,
            values,
          })
          .then(({ rows: [row] }) => finish(row!.total), reject);
    });
    rows.on('error', (error: Error) => {
      client.release();
      if (started) {
        out.destroy(error);
        resolve(RESPONSE_ALREADY_SENT);
      }
      // a pattern PostgreSQL's regular expressions refuse
      else if ((error as { code?: string }).code === '2201B')
        resolve(c.json({ message: FETCH_FAILED }, 400));
      else reject(error);
    });
  });
});

await load();
await loadSlugs();
serve({ fetch: app.fetch, port: Number(httpPort), hostname: '127.0.0.1' }, () =>
  console.log('listening'),
);
