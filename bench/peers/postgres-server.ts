// The PostgreSQL peer's HTTP side: loads the published catalogue into tables, then answers.
// Usage: tsx bench/peers/postgres-server.ts PG_PORT HTTP_PORT CATALOGUE_JSON
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const [pgPort, httpPort, catalogueFile] = process.argv.slice(2);
const pool = new pg.Pool({
  host: '127.0.0.1',
  port: Number(pgPort),
  user: 'bench',
  database: 'postgres',
  max: 8,
});
const LISTS = ['category', 'dataSource', 'sector', 'field'] as const;
const TABLE = {
  category: 'category',
  dataSource: 'data_source',
  sector: 'sector',
  field: 'field',
} as const;

interface Item {
  _id: string;
  name: string;
  slug: string;
}
const catalogue = JSON.parse(readFileSync(catalogueFile!, 'utf8')) as {
  lists: Record<string, Item[]>;
  elements: (Record<string, unknown> & { title: string })[];
};

async function load() {
  const sql = LISTS.map((list) => `DROP TABLE IF EXISTS element_${TABLE[list]}`);
  sql.push(
    `DROP TABLE IF EXISTS element`,
    `CREATE TABLE element (position int PRIMARY KEY, title text NOT NULL, body text NOT NULL)`,
  );
  for (const list of LISTS) {
    sql.push(
      `DROP TABLE IF EXISTS ${TABLE[list]}`,
      `CREATE TABLE ${TABLE[list]} (position int PRIMARY KEY, id text, name text, slug text UNIQUE)`,
    );
    sql.push(
      `CREATE TABLE element_${TABLE[list]} (element int REFERENCES element, item int REFERENCES ${TABLE[list]})`,
    );
  }
  for (const s of sql) await pool.query(s);
  for (const list of LISTS) {
    const items = catalogue.lists[list]!;
    for (let i = 0; i < items.length; i++)
      await pool.query(`INSERT INTO ${TABLE[list]} VALUES ($1,$2,$3,$4)`, [
        i,
        items[i]!._id,
        items[i]!.name,
        items[i]!.slug,
      ]);
  }
  const BATCH = 1000;
  for (let start = 0; start < catalogue.elements.length; start += BATCH) {
    const batch = catalogue.elements.slice(start, start + BATCH);
    await pool.query(
      `INSERT INTO element SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
      [
        batch.map((_, i) => start + i),
        batch.map((e) => e.title),
        batch.map((e) => JSON.stringify(e)),
      ],
    );
    for (const list of LISTS) {
      const positions = new Map(catalogue.lists[list]!.map((item, i) => [item._id, i]));
      const pairs = batch.flatMap((e, i) =>
        ([] as Item[])
          .concat(e[list] as Item | Item[])
          .map((item) => [start + i, positions.get(item._id)!]),
      );
      await pool.query(
        `INSERT INTO element_${TABLE[list]} SELECT * FROM unnest($1::int[], $2::int[])`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
    }
  }
  for (const list of LISTS)
    await pool.query(`CREATE INDEX ON element_${TABLE[list]} (item, element)`);
  await pool.query('ANALYZE');
}

const app = new Hono();
for (const [path, list] of [
  ['category', 'category'],
  ['sector', 'sector'],
  ['field', 'field'],
  ['data-source', 'dataSource'],
] as const) {
  app.get(`/api/v1/${path}`, async (c) => {
    const { rows } = await pool.query(
      `SELECT id AS "_id", name, slug FROM ${TABLE[list]} ORDER BY position`,
    );
    return c.json(rows);
  });
}
app.get('/api/v1/data-element', async (c) => {
  const where: string[] = [];
  const params: unknown[] = [];
  const title = c.req.query('title');
  if (title) {
    params.push(title);
    where.push(`e.title ~* $${params.length}`);
  }
  for (const list of LISTS) {
    const slugs = c.req.queries(list)?.filter((v) => v !== '');
    if (!slugs?.length) continue;
    const known = await pool.query(`SELECT slug FROM ${TABLE[list]} WHERE slug = ANY($1)`, [slugs]);
    if (known.rowCount !== new Set(slugs).size)
      return c.json({ error: `Invalid ${list} slug`, status: 404 }, 404);
    params.push(slugs);
    where.push(
      `EXISTS (SELECT 1 FROM element_${TABLE[list]} j JOIN ${TABLE[list]} r ON r.position = j.item WHERE j.element = e.position AND r.slug = ANY($${params.length}))`,
    );
  }
  try {
    const { rows } = await pool.query(
      `SELECT body FROM element e ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY position`,
      params,
    );
    return c.body(`[${rows.map((r) => r.body).join(',')}]`, 200, {
      'content-type': 'application/json; charset=utf-8',
    });
  } catch {
    return c.json({ message: 'Failed to fetch data.' }, 400);
  }
});

await load();
serve({ fetch: app.fetch, port: Number(httpPort), hostname: '127.0.0.1' }, () =>
  console.log('listening'),
);
