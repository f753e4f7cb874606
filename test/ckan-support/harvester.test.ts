// ckanext-harvest's CKANHarvester gather stage (test/support/ckan/harvester.ts) against a tiny
// in-memory CKAN: the URLs it asks for are the ones the Python harvester builds (each expected
// URL below was printed by Python 3.11's urllib.parse.urlencode on the same params dict), and it
// pages, de-duplicates and fails as ckanharvester.py does. Scenarios after ckanext-harvest's own
// tests (ckanext/harvest/tests/harvesters/test_ckanharvester.py, mock_ckan.py).
import { describe, expect, it } from 'vitest';
import {
  HarvestGatherError,
  changesSince,
  harvestPackages,
  harvesterImportDict,
  harvesterPackageName,
  mungeTitleToName,
  pythonUrlencode,
  quotePlus,
  type FetchLike,
} from '../support/ckan/harvester.ts';

const BASE = 'https://data.example.go.id';
const SEARCH = `${BASE}/api/3/action/package_search`;

interface FakePackage {
  id: string;
  name: string;
  organization: string;
  groups: string[];
  metadata_modified: string;
}

const pad = (n: number) => String(n).padStart(4, '0');
const catalogue = (n: number): FakePackage[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `id-${pad((i * 7919) % n)}`, // ids not in creation order
    name: `package-${pad(i)}`,
    organization: i % 3 === 0 ? 'dinas-kesehatan' : 'bps-kota',
    groups: i % 2 === 0 ? ['kependudukan'] : ['ekonomi'],
    // one a minute from 2026-01-01T00:00, in CKAN's form (naive UTC isoformat)
    metadata_modified: new Date(Date.UTC(2026, 0, 1) + i * 60_000)
      .toISOString()
      .replace('Z', '000'),
  }));

/** One fq clause as the harvester writes them: field:value, -field:value, a OR b, a range. */
function matches(pkg: FakePackage, clause: string): boolean {
  if (clause.includes(' OR ')) return clause.split(' OR ').some((c) => matches(pkg, c));
  if (clause.startsWith('-')) return !matches(pkg, clause.slice(1));
  const [field, value] = [
    clause.slice(0, clause.indexOf(':')),
    clause.slice(clause.indexOf(':') + 1),
  ];
  if (field === 'organization') return pkg.organization === value;
  if (field === 'groups') return pkg.groups.includes(value);
  if (field === 'metadata_modified') {
    const from = /^\[(\S+)Z TO \*\]$/.exec(value)![1]!;
    return pkg.metadata_modified >= from;
  }
  throw new Error(`fake CKAN: no field ${field}`);
}

/** Split an fq into its clauses: "a OR b" stays one clause; a range's spaces stay inside it. */
function clauses(fq: string): string[] {
  const tokens = fq.match(/\S+:\[[^\]]*\]|\S+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i + 1] === 'OR') {
      const group = [tokens[i]!];
      while (tokens[i + 1] === 'OR') {
        group.push(tokens[i + 2]!);
        i += 2;
      }
      out.push(group.join(' OR '));
    } else out.push(tokens[i]!);
  }
  return out;
}

interface Fake {
  fetch: FetchLike;
  urls: string[];
  headers: Record<string, string>[];
}

/** An in-memory CKAN answering package_search; `answer` may replace the n-th answer's body. */
function fakeCkan(
  packages: FakePackage[],
  answer?: (n: number, url: URL) => string | undefined,
): Fake {
  const urls: string[] = [];
  const headers: Record<string, string>[] = [];
  const fetch: FetchLike = async (raw, init) => {
    urls.push(raw);
    headers.push(init?.headers ?? {});
    const url = new URL(raw);
    const replaced = answer?.(urls.length, url);
    if (replaced !== undefined) return { text: async () => replaced };
    if (url.pathname !== '/api/3/action/package_search') throw new Error('fake CKAN: not found');
    const q = url.searchParams; // decodes "+" as a space, as CKAN's Werkzeug does
    const rows = Number(q.get('rows') ?? 10);
    const start = Number(q.get('start') ?? 0);
    expect(q.get('sort')).toBe('id asc');
    const found = packages
      .filter((p) => clauses(q.get('fq') ?? '').every((c) => matches(p, c)))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const body = {
      help: `${BASE}/api/3/action/help_show?name=package_search`,
      success: true,
      result: { count: found.length, results: found.slice(start, start + rows) },
    };
    return { text: async () => JSON.stringify(body) };
  };
  return { fetch, urls, headers };
}

describe('the URLs the harvester asks for', () => {
  it('pages with rows=100, start += 100, sort=id asc, until an empty page', async () => {
    const fake = fakeCkan(catalogue(250));
    const result = await harvestPackages(fake.fetch, BASE, {});
    expect(result.urls).toEqual([
      `${SEARCH}?rows=100&start=0&sort=id+asc`,
      `${SEARCH}?rows=100&start=100&sort=id+asc`,
      `${SEARCH}?rows=100&start=200&sort=id+asc`,
      `${SEARCH}?rows=100&start=300&sort=id+asc`,
    ]);
    expect(result.urls).toEqual(fake.urls);
    expect(result.requests).toBe(4);
    expect(result.packages.map((p) => p.id)).toEqual(
      catalogue(250)
        .map((p) => p.id)
        .sort(),
    );
    expect(result.gatherErrors).toEqual([]);
  });

  it('strips every trailing "/" of the source URL', async () => {
    const fake = fakeCkan(catalogue(3));
    const result = await harvestPackages(fake.fetch, `${BASE}//`);
    expect(result.urls[0]).toBe(`${SEARCH}?rows=100&start=0&sort=id+asc`);
  });

  it('includes organizations with OR (test_include_organizations)', async () => {
    const fake = fakeCkan(catalogue(20));
    const result = await harvestPackages(fake.fetch, BASE, {
      organizations_filter_include: ['dinas-kesehatan', 'bps-kota'],
    });
    expect(result.urls).toEqual([
      `${SEARCH}?rows=100&start=0&sort=id+asc&fq=organization%3Adinas-kesehatan+OR+organization%3Abps-kota`,
      `${SEARCH}?rows=100&start=100&sort=id+asc&fq=organization%3Adinas-kesehatan+OR+organization%3Abps-kota`,
    ]);
    expect(result.packages).toHaveLength(20);
  });

  it('excludes organizations one term each; include wins over exclude; groups after', async () => {
    const fake = fakeCkan(catalogue(20));
    const result = await harvestPackages(fake.fetch, BASE, {
      organizations_filter_exclude: ['dinas-kesehatan', 'bps-kota'],
      groups_filter_include: ['kependudukan', 'ekonomi'],
    });
    expect(result.urls[0]).toBe(
      `${SEARCH}?rows=100&start=0&sort=id+asc&fq=-organization%3Adinas-kesehatan+-organization%3Abps-kota+groups%3Akependudukan+OR+groups%3Aekonomi`,
    );
    const both = await harvestPackages(fake.fetch, BASE, {
      organizations_filter_include: ['bps-kota'],
      organizations_filter_exclude: ['dinas-kesehatan'],
    });
    expect(both.urls[0]).toBe(`${SEARCH}?rows=100&start=0&sort=id+asc&fq=organization%3Abps-kota`);
    expect(both.packages.every((p) => p.organization === 'bps-kota')).toBe(true);
  });

  it('asks for metadata_modified:[<since>Z TO *] after the filters, percent-encoded', async () => {
    const fake = fakeCkan(catalogue(20));
    const since = changesSince(new Date('2026-01-01T09:00:00.123Z'));
    expect(since).toBe('2026-01-01T08:00:00.123000');
    expect(changesSince(new Date('2026-01-01T09:00:00Z'))).toBe('2026-01-01T08:00:00');
    const result = await harvestPackages(fake.fetch, BASE, {
      groups_filter_exclude: ['ekonomi'],
      since: '2026-01-01T07:59:59.123000',
    });
    expect(result.urls[0]).toBe(
      `${SEARCH}?rows=100&start=0&sort=id+asc&fq=-groups%3Aekonomi+metadata_modified%3A%5B2026-01-01T07%3A59%3A59.123000Z+TO+%2A%5D`,
    );
  });

  it('encodes as quote_plus does: UTF-8, upper-case hex, "~" kept', () => {
    expect(quotePlus('organization:é/ü~x')).toBe('organization%3A%C3%A9%2F%C3%BC~x');
    expect(
      pythonUrlencode([
        ['fq', 'a b*'],
        ['x y', "!'()"],
      ]),
    ).toBe('fq=a+b%2A&x+y=%21%27%28%29');
  });

  it('sends api_key as Authorization and user_agent as User-Agent', async () => {
    const fake = fakeCkan(catalogue(1));
    await harvestPackages(fake.fetch, BASE, { api_key: 'k', user_agent: 'ua' });
    expect(fake.headers[0]).toEqual({ 'User-Agent': 'ua', Authorization: 'k' });
  });
});

describe('what the gather stage keeps and how it fails', () => {
  it('an incremental harvest with nothing new ends quietly after one request', async () => {
    const fake = fakeCkan(catalogue(5));
    const result = await harvestPackages(fake.fetch, BASE, { since: '2030-01-01T00:00:00' });
    expect(result).toMatchObject({ packages: [], requests: 1, gatherErrors: [] });
  });

  it('an incremental search that fails falls back to the full search', async () => {
    const fake = fakeCkan(catalogue(5), (n) => (n === 1 ? 'Site is down' : undefined));
    const result = await harvestPackages(fake.fetch, BASE, { since: '2026-01-01T00:00:00' });
    expect(result.urls).toEqual([
      `${SEARCH}?rows=100&start=0&sort=id+asc&fq=metadata_modified%3A%5B2026-01-01T00%3A00%3A00Z+TO+%2A%5D`,
      `${SEARCH}?rows=100&start=0&sort=id+asc`,
      `${SEARCH}?rows=100&start=100&sort=id+asc`,
    ]);
    expect(result.packages).toHaveLength(5);
  });

  it('a site that answers no JSON is a gather error (test_harvest_site_down)', async () => {
    // 'Unable to search remote CKAN for datasets:%s url:%s' 'terms:%s': no space before terms
    const fake = fakeCkan(catalogue(5), () => 'Site is down');
    const failure = harvestPackages(fake.fetch, BASE);
    await expect(failure).rejects.toBeInstanceOf(HarvestGatherError);
    await expect(failure).rejects.toThrow(
      /^Unable to search remote CKAN for datasets:Response from remote CKAN was not JSON: 'Site is down' url:https:\/\/data\.example\.go\.idterms:\[\]$/,
    );
  });

  it('a network failure is a gather error too', async () => {
    const fetch: FetchLike = async () => {
      throw new Error('ECONNREFUSED');
    };
    await expect(harvestPackages(fetch, BASE)).rejects.toBeInstanceOf(HarvestGatherError);
  });

  it('never reads the status: an error envelope mid-way is an empty page, and paging stops', async () => {
    const error = JSON.stringify({
      help: `${BASE}/api/3/action/help_show?name=package_search`,
      success: false,
      error: { __type: 'Search Error', message: 'Search error: ...' },
    });
    const fake = fakeCkan(catalogue(150), (n) => (n === 2 ? error : undefined));
    const result = await harvestPackages(fake.fetch, BASE);
    expect(result.requests).toBe(2);
    expect(result.packages).toHaveLength(100);
    expect(result.gatherErrors).toEqual([]);
  });

  it('drops a dataset a later page repeats, keeps the new one (test_harvest_whilst_datasets_added)', async () => {
    const [a, b] = catalogue(2);
    const page = (results: unknown[]) => JSON.stringify({ success: true, result: { results } });
    const fake = fakeCkan([], (_n, url) => {
      const start = url.searchParams.get('start');
      if (start === '0') return page([a]);
      if (start === '100') return page([a, b]);
      return page([]);
    });
    const result = await harvestPackages(fake.fetch, BASE);
    expect(result.packages.map((p) => p.id)).toEqual([a!.id, b!.id]);
    expect(result.requests).toBe(3);
  });

  it('stops without an error when a server ignores start (a page of repeats is empty)', async () => {
    const first = JSON.stringify({ success: true, result: { results: catalogue(3) } });
    const fake = fakeCkan([], () => first);
    const result = await harvestPackages(fake.fetch, BASE);
    expect(result.requests).toBe(2);
    expect(result.packages).toHaveLength(3);
  });

  it('records "No datasets found" when the search finds nothing', async () => {
    const fake = fakeCkan([]);
    const result = await harvestPackages(fake.fetch, BASE);
    expect(result).toMatchObject({
      packages: [],
      requests: 1,
      gatherErrors: [`No datasets found at CKAN: ${BASE}`],
    });
  });
});

describe('the import stage', () => {
  it('munges names as munge_title_to_name does (ckan/tests/lib/test_munge.py:94-113)', () => {
    const cases: [string, string][] = [
      ['unchanged', 'unchanged'],
      ['some spaces  here    &here', 'some-spaces-here-here'],
      ['s', 's_'],
      ['random:other%character&', 'random-othercharacter'],
      ['u with umlaut \xfc', 'u-with-umlaut-u'],
      ['reallylong'.repeat(12), 'reallylong'.repeat(9) + 'reall'],
      ['reallylong'.repeat(12) + ' - 2012', 'reallylong'.repeat(9) + '-2012'],
      [
        '10cm - 50cm Near InfraRed (NI) Digital Aerial Photography (AfA142)',
        '10cm-50cm-near-infrared-ni-digital-aerial-photography-afa142',
      ],
    ];
    for (const [title, name] of cases) expect(mungeTitleToName(title)).toBe(name);
  });

  it('gives a new package the munged remote name (base.py:333-337, test_base.py:20-23)', () => {
    expect(harvesterPackageName({ name: 'Trees' })).toBe('trees');
    expect(harvesterPackageName({ name: '', title: 'Trees and branches - survey.' })).toBe(
      'trees-and-branches-survey',
    );
    // a valid CKAN name that still changes: over 95 characters, or a leading "-"
    expect(harvesterPackageName({ name: 'a'.repeat(100) })).toBe('a'.repeat(95));
    expect(harvesterPackageName({ name: '-x-' })).toBe('x_');
    expect(harvesterPackageName({ name: 'jumlah_penduduk-2024' })).toBe('jumlah_penduduk-2024');
  });

  it('drops groups, replaces owner_org, clears url_type and revision_id (ckanharvester.py:407-546)', () => {
    const remote = {
      id: 'p1',
      name: 'p1-name',
      owner_org: 'remote-org',
      organization: { id: 'remote-org' },
      groups: [{ id: 'g', name: 'g' }],
      resources: [{ id: 'r', url: 'u', url_type: null, revision_id: 'x', position: 0 }],
    };
    expect(harvesterImportDict(remote, { sourceOrganization: 'local-org' })).toEqual({
      id: 'p1',
      name: 'p1-name',
      owner_org: 'local-org',
      organization: { id: 'remote-org' },
      resources: [{ id: 'r', url: 'u', position: 0 }],
    });
    expect(
      harvesterImportDict(remote, { sourceOrganization: null, remote_groups: 'only_local' })!
        .groups,
    ).toEqual(remote.groups);
    expect(harvesterImportDict({ ...remote, type: 'harvest' }, { sourceOrganization: 'x' })).toBe(
      null,
    );
  });
});
