// CKAN's action API besides package_search (docs/harvest.md §13.1): the envelope and statuses, GET and
// POST, the two prefixes, ETag/304, and each read action against the fixture catalogue.
import { describe, expect, it } from 'vitest';
import { fixtureLists, idOf } from '../../support/fixture-catalogue.ts';
import { uniqueCkanNames } from '../../../core/open-data/ckan-names.ts';
import { referencePackages } from '../../support/ckan-reference.ts';
import { ORIGIN, callWorker } from '../worker-client.ts';
import { action, failure, result, type Package, type SearchResult } from './ckan-client.ts';

const packages = referencePackages();
const orgNames = uniqueCkanNames(fixtureLists.dataSource);

describe('CKAN action API', () => {
  it('status_show names the catalogue and the CKAN version answered as', async () => {
    const status = await result<Record<string, unknown>>('status_show');
    expect(Object.keys(status).sort()).toEqual(
      [
        'ckan_version',
        'error_emails_to',
        'extensions',
        'locale_default',
        'site_description',
        'site_title',
        'site_url',
      ].sort(),
    );
    expect(status.site_url).toBe(ORIGIN);
    expect(status.ckan_version).toMatch(/^2\.1[01]\./);
  });

  it('answers under /api/action as under /api/3/action', async () => {
    const a = await action('package_list', '', undefined, '/api/action');
    const b = await action('package_list');
    expect(a.body.result).toEqual(b.body.result);
  });

  it('takes POST with a JSON body and with a form, as ckanapi sends them', async () => {
    const id = packages[2]!.id;
    const json = await action<Package>('package_show', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    const form = await action<Package>('package_show', '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${id}`,
    });
    const get = await action<Package>('package_show', `id=${id}`);
    expect(json.body.result).toEqual(get.body.result);
    expect(form.body.result).toEqual(get.body.result);
  });

  it.each([
    ['no_such_action', '', 400, 'Bad request'],
    ['package_create', '', 403, 'Authorization Error'],
    ['package_update', '', 403, 'Authorization Error'],
    ['resource_delete', '', 403, 'Authorization Error'],
    ['package_show', 'id=no-such-package', 404, 'Not Found Error'],
    ['package_show', '', 409, 'Validation Error'],
    ['organization_show', 'id=nobody', 404, 'Not Found Error'],
    ['group_show', 'id=nothing', 404, 'Not Found Error'],
    ['package_list', 'limit=x', 409, 'Validation Error'],
  ] as const)('%s?%s → %i %s', async (name, query, status, type) => {
    await failure(name, query, status, type);
  });

  it('answers a POST whose body is not JSON with a 400 in the envelope', async () => {
    await failure('package_search', '', 400, 'Bad request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
  });

  it('refuses a POST body over 64 KiB, sent with no length, after reading no more of it than that', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"q":"${'a'.repeat(16 * 1024)}`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ >= 1000)
          controller.close(); // about 16 MiB, if it were read whole
        else controller.enqueue(chunk);
      },
    });
    await failure('package_search', '', 400, 'Bad request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(pulled).toBeLessThan(20);
  });

  it('allows a browser to POST: the preflight of a CKAN action names POST', async () => {
    const response = await callWorker(`${ORIGIN}/api/3/action/package_search`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://portal.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const api = await callWorker(`${ORIGIN}/api/v1/category`, {
      method: 'OPTIONS',
      headers: { origin: 'https://portal.example', 'access-control-request-method': 'GET' },
    });
    expect(api.headers.get('access-control-allow-methods')).not.toContain('POST');
  });

  it('refuses a method other than GET, HEAD, POST, OPTIONS with 405', async () => {
    const response = await callWorker(`${ORIGIN}/api/3/action/package_list`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('POST');
  });

  it('gives an ETag and 304 for If-None-Match, and HEAD without a body', async () => {
    const first = await callWorker(`${ORIGIN}/api/3/action/package_search?rows=3`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toContain('max-age');
    const again = await callWorker(`${ORIGIN}/api/3/action/package_search?rows=3`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const other = await callWorker(`${ORIGIN}/api/3/action/package_search?rows=4`);
    expect(other.headers.get('etag')).not.toBe(etag);
    const head = await callWorker(`${ORIGIN}/api/3/action/package_search?rows=3`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
  });

  it('package_show finds a package by id and by name, as package_search gives it', async () => {
    const search = await result<SearchResult>('package_search', 'rows=1000&sort=id%20asc');
    for (const p of packages) {
      const byId = await result<Package>('package_show', `id=${p.id}`);
      const byName = await result<Package>('package_show', `id=${p.name}`);
      expect(byId).toEqual(byName);
      expect(byId).toEqual(search.results.find((r) => r.id === p.id));
      expect(byId.name).toBe(p.name);
    }
  });

  it('maps an element to a package: resources per year, organization, groups, tags, dates', async () => {
    const answer = await callWorker(`${ORIGIN}/api/v1/data-element?limit=1000`);
    const elements = (await answer.json()) as {
      _id: string;
      title: string;
      unit: string;
      data: { id: string; year: number }[];
      metadata: { key: string; value: string }[];
      dataSource: { _id: string; name: string };
    }[];
    for (const element of elements) {
      const pkg = await result<Package>('package_show', `id=${element._id}`);
      const ref = packages.find((p) => p.id === element._id)!;
      expect(pkg.title).toBe(element.title);
      expect(pkg.type).toBe('dataset');
      expect(pkg.state).toBe('active');
      expect(pkg.private).toBe(false);
      expect(pkg.organization.id).toBe(element.dataSource._id);
      expect(pkg.organization.name).toBe(ref.organization);
      expect(pkg.owner_org).toBe(element.dataSource._id);
      expect(pkg.groups.map((g) => g.name)).toEqual(ref.groups);
      expect(pkg.tags.map((t) => t.name)).toEqual(ref.tags);
      expect(pkg.num_tags).toBe(pkg.tags.length);
      // each year's table, DataStore-active (docs/harvest.md §16)
      expect(pkg.num_resources).toBe(element.data.length);
      expect(pkg.resources.map((r) => [r.id, r.format, r.package_id, r.url])).toEqual(
        element.data.map((entry) => [
          entry.id,
          'CSV',
          element._id,
          `${ORIGIN}/api/v1/data-element/${encodeURIComponent(element._id)}/${entry.year}.csv`,
        ]),
      );
      expect(pkg.resources.every((r) => r.datastore_active)).toBe(true);
      expect(pkg.url).toBe(`${ORIGIN}/dataset/${ref.name}`);
      expect(pkg.metadata_created).toBe(ckan(ref.created));
      expect(pkg.metadata_modified).toBe(ckan(ref.modified));
      // every metadata entry is an extra (keys made unique), and the unit
      expect(pkg.extras.map((x) => x.value)).toEqual([
        element.unit,
        ...element.metadata.map((m) => m.value),
      ]);
      expect(new Set(pkg.extras.map((x) => x.key)).size).toBe(pkg.extras.length);
      expect(typeof pkg.notes).toBe('string');
    }
  });

  it('package_list gives every name in name order, paged by limit and offset', async () => {
    const names = packages.map((p) => p.name).sort();
    expect(await result<string[]>('package_list')).toEqual(names);
    expect(await result<string[]>('package_list', 'limit=5&offset=3')).toEqual(names.slice(3, 8));
    expect(await result<string[]>('package_list', `offset=${names.length}`)).toEqual([]);
  });

  it('current_package_list_with_resources pages the packages, newest first', async () => {
    const search = await result<SearchResult>('package_search', 'rows=4&start=2');
    const list = await result<Package[]>('current_package_list_with_resources', 'limit=4&offset=2');
    expect(list).toEqual(search.results);
    const byPage = await result<Package[]>('current_package_list_with_resources', 'limit=4&page=2');
    expect(byPage.map((p) => p.id)).toEqual(
      (await result<SearchResult>('package_search', 'rows=4&start=4')).results.map((p) => p.id),
    );
  });

  it('organization_list and organization_show are the data sources, counted', async () => {
    const names = await result<string[]>('organization_list', 'sort=name%20asc');
    expect(names).toEqual([...orgNames].sort());
    const all = await result<{ name: string; package_count: number; id: string }[]>(
      'organization_list',
      'all_fields=true',
    );
    for (const org of all) {
      expect(org.package_count).toBe(packages.filter((p) => p.organization === org.name).length);
      const shown = await result<{ id: string; name: string }>(
        'organization_show',
        `id=${org.name}`,
      );
      expect(shown.id).toBe(org.id);
      const byId = await result<{ name: string }>('organization_show', `id=${org.id}`);
      expect(byId.name).toBe(org.name);
    }
    expect(all.map((o) => o.id).sort()).toEqual(
      fixtureLists.dataSource.map((d) => idOf(d._id)).sort(),
    );
  });

  it('group_list and group_show are the categories; tag_list the sectors and fields', async () => {
    const groups = await result<string[]>('group_list', 'sort=name%20asc');
    expect(groups).toEqual([...uniqueCkanNames(fixtureLists.category)].sort());
    const shown = await result<{ name: string }>('group_show', `id=${groups[0]}`);
    expect(shown.name).toBe(groups[0]);
    const tags = await result<string[]>('tag_list');
    for (const p of packages) for (const tag of p.tags) expect(tags).toContain(tag);
  });
});

/** Python's isoformat() of a whole-second naive UTC time, as CKAN writes metadata_modified. */
const ckan = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');
