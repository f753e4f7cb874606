// The PostgreSQL peer's HTTP side: loads the published catalogue into tables, then answers.
// Tuned as a team would: a pg_trgm GIN index for the title pattern (`~*`), the filters and years
// as arrays with GIN indexes, prepared statements, and the answer's elements streamed as the
// database sends their published JSON text, in catalogue order.
// Usage: tsx bench/peers/postgres-server.ts PG_PORT HTTP_PORT CATALOGUE_JSON
import { readFileSync } from 'node:fs';
import { serve, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import pg from 'pg';
import { ELEMENT_KEYS, FETCH_FAILED, REFERENCE_LISTS } from '../../core/contract.ts';
import { pagingLinks } from '../../worker/http/paging-links.ts';
import { parseSearchParams } from '../../worker/search/parse-query.ts';

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
  elements: (Record<string, unknown> & { title: string; data: { year: number }[] })[];
};

async function load() {
  const sql = [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    'DROP TABLE IF EXISTS element, element_key',
    // body: the element's published JSON; each list's items, and the years, as arrays
    `CREATE TABLE element (position int PRIMARY KEY, title text NOT NULL, body text NOT NULL,
      years int[] NOT NULL, category int[] NOT NULL, data_source int[] NOT NULL,
      sector int[] NOT NULL, field int[] NOT NULL)`,
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
    await pool.query(
      `INSERT INTO element SELECT p, t, b, y::int[], c::int[], d::int[], s::int[], f::int[]
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[]) AS u(p, t, b, y, c, d, s, f)`,
      [
        positions,
        batch.map((e) => e.title),
        batch.map((e) => JSON.stringify(e)),
        batch.map((e) => `{${[...new Set(e.data.map((d) => d.year))].join(',')}}`),
        batch.map((e) => items(e, 'category')),
        batch.map((e) => items(e, 'dataSource')),
        batch.map((e) => items(e, 'sector')),
        batch.map((e) => items(e, 'field')),
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
  for (const column of ['years', ...LISTS.map((list) => TABLE[list])])
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
 * search, and the count alone for a page past the end.
 */
const statements = new Map<string, { search: Statement; count: Statement }>();
function statement(shape: {
  title: boolean;
  lists: List[];
  years: boolean;
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
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // the element's JSON (or the keys asked for) by position, looked up whatever the page's size
  const doc = (position: string) =>
    shape.fields
      ? `(SELECT '{' || ${shape.fields.map((k) => `k.${KEY_COLUMN[k]}`).join(` || ',' || `)} || '}'
          FROM element_key k WHERE k.position = ${position})`
      : `(SELECT b.body FROM element b WHERE b.position = ${position})`;
  let text: string;
  if (!shape.paged)
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
  const paged = query.limit !== undefined || query.offset > 0;
  if (paged) values.push(query.limit ?? null, query.offset);
  const { search, count } = statement({
    title: query.title !== undefined,
    lists,
    years: query.years.length > 0,
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
        values,
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
            values: values.slice(0, -2),
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
