// Every package passes CKAN's own validators as package_create runs them for a harvester (CKAN
// 2.10 and 2.11: test/support/ckan/validators.ts, written from ckan/logic/schema.py and
// validators.py), names and resource ids are unique, and each package survives the harvester's
// own rewriting of it (ckanext-harvest's import stage).
import { describe, expect, it } from 'vitest';
import {
  validatePackage,
  validatePackageNamesUnique,
  validateResourceIdsUnique,
} from '../../support/ckan/validators.ts';
import { harvesterImportDict } from '../../support/ckan/harvester.ts';
import { result, type SearchResult } from './ckan-client.ts';

describe('CKAN packages against CKAN validators', () => {
  it('every package of the catalogue is accepted by package_create, as sent and as the harvester rewrites it', async () => {
    const { results, count } = await result<SearchResult>('package_search', 'rows=1000');
    expect(results).toHaveLength(count);
    for (const pkg of results) {
      expect(validatePackage(pkg), pkg.name).toEqual([]);
      expect(
        validatePackage(harvesterImportDict(pkg, { sourceOrganization: 'portal-org' })),
        pkg.name,
      ).toEqual([]);
    }
    expect(validatePackageNamesUnique(results)).toEqual([]);
    expect(validateResourceIdsUnique(results)).toEqual([]);
  });
});
