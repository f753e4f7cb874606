// ckanext-harvest's CKANHarvester, gather stage, and what its import stage does to each package
// dict, re-implemented from ckan/ckanext-harvest v1.6.2 (34bbcdbd; ckanharvester.py unchanged
// at 1a9a987d): ckanext/harvest/harvesters/ckanharvester.py, base.py, and CKAN's munge
// (ckan/lib/munge.py, ckan-2.11.5 69f790d9, same in 2.10.10). Runtime-neutral: takes a
// fetch-like function, no node:* imports.
import { isDict, pyRepr, pyStrip } from './python.ts';

/** What the harvester needs of fetch: requests.get(url, headers=...).text (status never read). */
export type FetchLike = (
  url: string,
  init?: { headers?: Record<string, string> },
) => Promise<{ text(): Promise<string> }>;

/** The harvest source's config keys the gather stage reads (ckanharvester.py:39-45, 196-220). */
export interface HarvestConfig {
  organizations_filter_include?: string[];
  organizations_filter_exclude?: string[];
  groups_filter_include?: string[];
  groups_filter_exclude?: string[];
  /**
   * An incremental harvest: the text put in `metadata_modified:[<since>Z TO *]`, which the
   * harvester computes as (gather_started of the last error-free job - 1 hour).isoformat()
   * (ckanharvester.py:217-234): see changesSince.
   */
  since?: string;
  /** force_all: ignore `since` (ckanharvester.py:219-220). */
  force_all?: boolean;
  /** Sent as Authorization (ckanharvester.py:43-45). */
  api_key?: string;
  /** Sent as User-Agent (ckanharvester.py:39-41). */
  user_agent?: string;
}

export interface HarvestResult {
  /** The dicts the gather stage makes harvest objects of, in order, one per id. */
  packages: Record<string, unknown>[];
  /** package_search requests made. */
  requests: number;
  /** Their URLs, in order. */
  urls: string[];
  /** Gather errors the harvester records while returning normally (ckanharvester.py:264-268). */
  gatherErrors: string[];
}

/** ckanharvester.py's SearchError, raised by _search_for_datasets. */
export class HarvestSearchError extends Error {}

/** The gather stage failed: the harvester records this gather error and returns None. */
export class HarvestGatherError extends Error {
  constructor(
    message: string,
    readonly urls: string[],
  ) {
    super(message);
  }
}

/** An exception the harvester does not catch (a KeyError, an AttributeError…): the job crashes. */
export class HarvestCrash extends Error {}

/**
 * urllib.parse.quote_plus(s, safe=''): UTF-8, A-Z a-z 0-9 _ . - ~ kept, " " as "+", everything
 * else %XX in upper case.
 */
export function quotePlus(s: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(s)) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.~-]/.test(ch)) out += ch;
    else if (ch === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * urllib.parse.urlencode(params) with its defaults (doseq=False, quote_via=quote_plus), as
 * ckanharvester.py:327 calls it: key=value pairs in insertion order joined by "&".
 */
export const pythonUrlencode = (params: readonly (readonly [string, string])[]) =>
  params.map(([k, v]) => `${quotePlus(k)}=${quotePlus(v)}`).join('&');

/**
 * (lastGatherStarted - 1 hour).isoformat() of a naive UTC datetime (ckanharvester.py:224-229):
 * YYYY-MM-DDTHH:MM:SS, then .ffffff only when the microseconds are not 0.
 */
export function changesSince(lastGatherStarted: Date): string {
  const t = new Date(lastGatherStarted.getTime() - 3600_000).toISOString();
  const ms = t.slice(20, 23);
  return ms === '000' ? t.slice(0, 19) : `${t.slice(0, 19)}.${ms}000`;
}

/** The fq terms of ckanharvester.py:196-213: include wins over exclude, orgs before groups. */
export function filterTerms(config: HarvestConfig): string[] {
  const terms: string[] = [];
  const orgsIn = config.organizations_filter_include ?? [];
  const orgsOut = config.organizations_filter_exclude ?? [];
  if (orgsIn.length > 0) terms.push(orgsIn.map((o) => `organization:${o}`).join(' OR '));
  else if (orgsOut.length > 0) terms.push(...orgsOut.map((o) => `-organization:${o}`));
  const groupsIn = config.groups_filter_include ?? [];
  const groupsOut = config.groups_filter_exclude ?? [];
  if (groupsIn.length > 0) terms.push(groupsIn.map((g) => `groups:${g}`).join(' OR '));
  else if (groupsOut.length > 0) terms.push(...groupsOut.map((g) => `-groups:${g}`));
  return terms;
}

/** "/api/3/action/package_search" after the source URL with every trailing "/" removed. */
export const searchBaseUrl = (sourceUrl: string) =>
  `${sourceUrl.replace(/\/+$/, '')}/api/3/action/package_search`;

interface SearchState {
  urls: string[];
}

/**
 * _search_for_datasets (ckanharvester.py:295-368): rows=100, start=0, sort="id asc", fq the
 * terms joined by " "; start grows by the rows asked for until a page brings nothing new.
 */
async function searchForDatasets(
  fetch: FetchLike,
  sourceUrl: string,
  fqTerms: string[],
  config: HarvestConfig,
  state: SearchState,
): Promise<Record<string, unknown>[]> {
  const base = searchBaseUrl(sourceUrl);
  // a dict in Python: insertion order, "start" rewritten in place (ckanharvester.py:301-321)
  const rows = 100;
  let start = 0;
  const params = (): [string, string][] => [
    ['rows', String(rows)],
    ['start', String(start)],
    ['sort', 'id asc'],
    ...(fqTerms.length > 0 ? [['fq', fqTerms.join(' ')] as [string, string]] : []),
  ];
  const headers: Record<string, string> = {};
  if (config.user_agent) headers['User-Agent'] = String(config.user_agent);
  if (config.api_key) headers['Authorization'] = config.api_key;

  const pkgDicts: Record<string, unknown>[] = [];
  const pkgIds = new Set<unknown>();
  // ckanharvester.py:325 sets previous_content = None and never assigns it again, so the
  // "paging doesn't seem to work" check (lines 337-339) never fires.
  for (;;) {
    const url = `${base}?${pythonUrlencode(params())}`;
    state.urls.push(url);
    let content: string;
    try {
      content = await (await fetch(url, { headers })).text();
    } catch (e) {
      throw new HarvestSearchError(
        `Error sending request to search remote CKAN instance ${sourceUrl} using URL ${pyRepr(url)}. Error: Request error: ${String(e)}`,
      );
    }
    let response: unknown;
    try {
      response = JSON.parse(content);
    } catch {
      throw new HarvestSearchError(`Response from remote CKAN was not JSON: ${pyRepr(content)}`);
    }
    // response_dict.get('result', {}).get('results', []): an error envelope (no "result") is an
    // empty page; anything but dicts there is an AttributeError nobody catches.
    if (!isDict(response))
      throw new HarvestCrash(
        `AttributeError: the response is not a dict: ${content.slice(0, 200)}`,
      );
    const result = 'result' in response ? response.result : {};
    if (!isDict(result)) throw new HarvestCrash('AttributeError: result is not a dict');
    const page = 'results' in result ? result.results : [];
    if (!Array.isArray(page)) throw new HarvestCrash('TypeError: results is not a list');
    const idsInPage = new Set<unknown>();
    for (const p of page) {
      if (!isDict(p) || !('id' in p)) throw new HarvestCrash("KeyError: 'id'");
      idsInPage.add(p.id);
    }
    // weed out datasets of earlier pages; a page of nothing but those ends the paging too
    const fresh = (page as Record<string, unknown>[]).filter((p) => !pkgIds.has(p.id));
    for (const id of idsInPage) pkgIds.add(id);
    pkgDicts.push(...fresh);
    if (fresh.length === 0) break;
    start += rows;
  }
  return pkgDicts;
}

/**
 * CKANHarvester.gather_stage (ckanharvester.py:184-293): the search (incremental first when
 * `since` is given and force_all is not, falling back to a full search when that fails), then
 * one dict per id, later repeats discarded.
 */
export async function harvestPackages(
  fetch: FetchLike,
  baseUrl: string,
  config: HarvestConfig = {},
): Promise<HarvestResult> {
  const sourceUrl = baseUrl.replace(/\/+$/, '');
  const fqTerms = filterTerms(config);
  const state: SearchState = { urls: [] };
  const gatherErrors: string[] = [];
  let getAll = true;
  let pkgDicts: Record<string, unknown>[] = [];
  if (config.since !== undefined && !config.force_all) {
    getAll = false;
    try {
      pkgDicts = await searchForDatasets(
        fetch,
        sourceUrl,
        [...fqTerms, `metadata_modified:[${config.since}Z TO *]`],
        config,
        state,
      );
    } catch (e) {
      if (!(e instanceof HarvestSearchError)) throw e;
      getAll = true;
    }
    if (!getAll && pkgDicts.length === 0)
      return { packages: [], requests: state.urls.length, urls: state.urls, gatherErrors };
  }
  if (getAll) {
    try {
      pkgDicts = await searchForDatasets(fetch, sourceUrl, fqTerms, config, state);
    } catch (e) {
      if (!(e instanceof HarvestSearchError)) throw e;
      throw new HarvestGatherError(
        `Unable to search remote CKAN for datasets:${e.message} url:${sourceUrl}terms:${pyRepr(fqTerms)}`,
        state.urls,
      );
    }
  }
  if (pkgDicts.length === 0) {
    gatherErrors.push(`No datasets found at CKAN: ${sourceUrl}`);
    return { packages: [], requests: state.urls.length, urls: state.urls, gatherErrors };
  }
  const ids = new Set<unknown>();
  const packages: Record<string, unknown>[] = [];
  for (const pkg of pkgDicts) {
    if (ids.has(pkg.id)) continue; // "Discarding duplicate dataset"
    ids.add(pkg.id);
    // log.debug(… pkg_dict['name'] …) evaluates the name: a KeyError whose handler then fails on
    // e.message (Python 3 has none), ckanharvester.py:283-293
    if (!('name' in pkg))
      throw new HarvestCrash("KeyError: 'name', then AttributeError: e.message");
    packages.push(pkg);
  }
  return { packages, requests: state.urls.length, urls: state.urls, gatherErrors };
}

// ---- the import stage -------------------------------------------------------------------------

/** substitute_ascii_equivalents (ckan/lib/munge.py:66-114): Latin-1 letters to ASCII, other non-ASCII dropped. */
const LATIN1: Record<number, string> = {
  0xc0: 'A',
  0xc1: 'A',
  0xc2: 'A',
  0xc3: 'A',
  0xc4: 'A',
  0xc5: 'A',
  0xc6: 'Ae',
  0xc7: 'C',
  0xc8: 'E',
  0xc9: 'E',
  0xca: 'E',
  0xcb: 'E',
  0xcc: 'I',
  0xcd: 'I',
  0xce: 'I',
  0xcf: 'I',
  0xd0: 'Th',
  0xd1: 'N',
  0xd2: 'O',
  0xd3: 'O',
  0xd4: 'O',
  0xd5: 'O',
  0xd6: 'O',
  0xd8: 'O',
  0xd9: 'U',
  0xda: 'U',
  0xdb: 'U',
  0xdc: 'U',
  0xdd: 'Y',
  0xde: 'th',
  0xdf: 'ss',
  0xe0: 'a',
  0xe1: 'a',
  0xe2: 'a',
  0xe3: 'a',
  0xe4: 'a',
  0xe5: 'a',
  0xe6: 'ae',
  0xe7: 'c',
  0xe8: 'e',
  0xe9: 'e',
  0xea: 'e',
  0xeb: 'e',
  0xec: 'i',
  0xed: 'i',
  0xee: 'i',
  0xef: 'i',
  0xf0: 'th',
  0xf1: 'n',
  0xf2: 'o',
  0xf3: 'o',
  0xf4: 'o',
  0xf5: 'o',
  0xf6: 'o',
  0xf8: 'o',
  0xf9: 'u',
  0xfa: 'u',
  0xfb: 'u',
  0xfc: 'u',
  0xfd: 'y',
  0xfe: 'th',
  0xff: 'y',
};
export function substituteAsciiEquivalents(text: string): string {
  let r = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (LATIN1[cp] !== undefined) r += LATIN1[cp];
    else if (cp < 0x80) r += ch;
  }
  return r;
}

/** _munge_to_length (munge.py:171-177): padded with "_" to the minimum, cut to the maximum. */
const mungeToLength = (s: string, min: number, max: number) =>
  (s.length < min ? s + '_'.repeat(min - s.length) : s).slice(0, max);

/** munge_title_to_name (munge.py:39-63). */
export function mungeTitleToName(title: string): string {
  let name = substituteAsciiEquivalents(title)
    .replace(/[ .:/]/g, '-')
    .replace(/[^a-zA-Z0-9\-_]/g, '')
    .toLowerCase()
    .replace(/-+/g, '-');
  name = pyStrip(name, '-');
  const maxLength = 100 - 5;
  if (name.length > maxLength) {
    const year = /^.*?[_-]((?:\d{2,4}[-/])?\d{2,4})$/.exec(name);
    name = year
      ? `${name.slice(0, maxLength - year[1]!.length - 1)}-${year[1]}`
      : name.slice(0, maxLength);
  }
  return mungeToLength(name, 2, 100);
}

/** munge_tag (munge.py:117-122), used by the clean_tags option. */
export function mungeTag(tag: string): string {
  const t = pyStrip(substituteAsciiEquivalents(tag).toLowerCase())
    .replace(/[^a-zA-Z0-9\- ]/g, '')
    .replaceAll(' ', '-');
  return mungeToLength(t, 2, 100);
}

/**
 * The name a first import gives the package: HarvesterBase._gen_new_name (base.py:46-78) of the
 * remote name (or the title when the name is empty, base.py:333-337): munge_title_to_name,
 * dashes collapsed, cut to PACKAGE_NAME_MAX_LENGTH; a number is appended only when the site
 * already has that name (_ensure_name_is_unique, base.py:80-146, not modelled).
 */
export function harvesterPackageName(pkg: { name?: unknown; title?: unknown }): string {
  const from = pkg.name ? pkg.name : pkg.title;
  if (typeof from !== 'string') throw new Error(`TypeError: munge of a non-str ${pyRepr(from)}`);
  return mungeTitleToName(from).replace(/-+/g, '-').slice(0, 100);
}

export interface ImportConfig {
  /** The harvest source's own organization (owner_org of the source dataset). */
  sourceOrganization: string | null;
  default_tags?: Record<string, unknown>[];
  default_extras?: Record<string, string>;
  override_extras?: boolean;
  /** "only_local" or "create" keep groups (after a lookup not modelled here); otherwise dropped. */
  remote_groups?: string;
  /** "only_local" or "create" look the remote organization up (not modelled); otherwise replaced. */
  remote_orgs?: string;
  clean_tags?: boolean;
}

/**
 * The dict CKANHarvester.import_stage hands to package_create for a new package
 * (ckanharvester.py:375-552, base.py:257-354), without the lookups of remote_groups/remote_orgs:
 * default tags added, groups dropped, owner_org := the source's organization, default extras,
 * resources without url_type and revision_id, tags munged if clean_tags, the name re-made.
 * `null` for a remote dict of type "harvest" (ignored, line 395-397).
 */
export function harvesterImportDict(
  remote: Record<string, unknown>,
  config: ImportConfig,
): Record<string, unknown> | null {
  const pkg = structuredClone(remote);
  if (pkg.type === 'harvest') return null;
  if (config.default_tags && config.default_tags.length > 0) {
    const tags = (pkg.tags ??= []) as unknown[];
    const has = (t: unknown) => tags.some((x) => JSON.stringify(x) === JSON.stringify(t));
    tags.push(...config.default_tags.filter((t) => !has(t)));
  }
  if (config.remote_groups !== 'only_local' && config.remote_groups !== 'create') delete pkg.groups;
  if (config.remote_orgs !== 'only_local' && config.remote_orgs !== 'create')
    pkg.owner_org = config.sourceOrganization;
  if (config.default_extras && Object.keys(config.default_extras).length > 0) {
    const extras = (pkg.extras ??= []) as Record<string, unknown>[];
    for (const [key, value] of Object.entries(config.default_extras)) {
      const existing = extras.find((e) => e.key === key);
      if (existing && !config.override_extras) continue;
      if (existing) extras.splice(extras.indexOf(existing), 1);
      extras.push({ key, value });
    }
  }
  for (const resource of (pkg.resources ?? []) as Record<string, unknown>[]) {
    delete resource.url_type;
    delete resource.revision_id;
  }
  if (config.clean_tags && Array.isArray(pkg.tags)) {
    pkg.tags = (pkg.tags as Record<string, unknown>[])
      .filter((t) => mungeTag(String(t.name)) !== '')
      .map((t) => ({ ...t, name: mungeTag(String(t.name)) }));
  }
  pkg.name = harvesterPackageName(pkg);
  return pkg;
}
