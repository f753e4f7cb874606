// CKAN's package_create validation (test/support/ckan/validators.ts) against the cases of
// CKAN's own tests (ckan/ckan ckan-2.11.5: ckan/tests/logic/test_validators.py,
// ckan/tests/lib/dictization/test_model_dictize.py, ckan/tests/logic/test_conversion.py,
// ckan/tests/lib/navl/test_dictization_functions.py) and of ckanext-harvest's mock CKAN
// (ckanext/harvest/tests/harvesters/mock_ckan.py), plus answers taken from Python 3.10 itself
// (uuid.UUID, datetime.fromisoformat, re) where the rule is Python's.
import { describe, expect, it } from 'vitest';
import { ckanDateParses } from '../support/ckan/dates.ts';
import { Invalid } from '../support/ckan/navl.ts';
import {
  PACKAGE_SCHEMA_KEYS,
  convertPackage,
  intValidator,
  nameValidator,
  tagNameProblem,
  uuidParses,
  validatePackage,
  validatePackageNamesUnique,
  validateResourceIdsUnique,
} from '../support/ckan/validators.ts';

/** The smallest package a harvester's package_create takes. */
const minimal = (extra: Record<string, unknown> = {}) => ({
  name: 'a-package',
  owner_org: 'some-org',
  ...extra,
});

const only211 = { versions: ['2.11'] } as const;

describe('name_validator (test_validators.py:257-382)', () => {
  it('refuses what CKAN refuses', () => {
    const invalid: unknown[] = [
      13,
      23.7,
      100,
      null,
      true,
      false,
      ['a', 2, false],
      [13, null, true],
      { foo: 'bar' },
      'new',
      'edit',
      'search',
      '',
      'a',
      '2',
      'a'.repeat(101),
      'fred_❤%\'"Ußabc@fred.com',
      'seanH',
      'sean h',
      'seanh!',
    ];
    for (const value of invalid) expect(nameValidator(value), JSON.stringify(value)).toBeDefined();
  });

  it('accepts what CKAN accepts', () => {
    const valid = [
      'fred',
      'fred-flintstone',
      'fred_flintstone',
      'fred_flintstone-9',
      'f'.repeat(100),
      '-'.repeat(100),
      '_'.repeat(100),
      '9'.repeat(100),
      '99',
      '--',
      '__',
      'fred-flintstone_9',
      // re.match(r'[a-z0-9_\-]*$') also matches before a final newline
      'abc\n',
    ];
    for (const value of valid) expect(nameValidator(value), value).toBeUndefined();
  });

  it("gives CKAN's message for a bad name in a package (test_model_dictize.py:767-777)", () => {
    expect(validatePackage(minimal({ name: '????jfaiofjioafjij' }))).toEqual([
      'name: Must be purely lowercase alphanumeric (ascii) characters and these symbols: -_ [name_validator, CKAN 2.10/2.11]',
    ]);
  });

  it('runs package_name_validator after name_validator fails: two messages for a short name', () => {
    expect(validatePackage(minimal({ name: 'a' }), only211)).toEqual([
      'name: Must be at least 2 characters long [name_validator, CKAN 2.11]',
      'name: Name "a" length is less than minimum 2 [package_name_validator, CKAN 2.11]',
    ]);
  });

  it('takes a non-str name as its JSON text (unicode_safe before name_validator)', () => {
    expect(validatePackage(minimal({ name: 13 }))).toEqual([]);
    expect(validatePackage(minimal({ name: 7 }), only211)).toEqual([
      'name: Must be at least 2 characters long [name_validator, CKAN 2.11]',
      'name: Name "7" length is less than minimum 2 [package_name_validator, CKAN 2.11]',
    ]);
  });

  it('refuses a missing name', () => {
    expect(validatePackage({ owner_org: 'x', title: 'T' }, only211)).toEqual([
      'name: Missing value [not_empty, CKAN 2.11]',
    ]);
  });
});

describe('package_name_validator across packages (test_model_dictize.py:755-765)', () => {
  it('refuses a name another package (another id) uses', () => {
    const pkgs = [
      { id: 'a', name: 'same' },
      { id: 'b', name: 'same' },
      { id: 'c', name: 'other' },
    ];
    expect(validatePackageNamesUnique(pkgs)).toEqual([
      "packages[0].name: That URL is already in use. ('same' is also packages[1]'s) [package_name_validator, CKAN 2.10/2.11]",
      "packages[1].name: That URL is already in use. ('same' is also packages[0]'s) [package_name_validator, CKAN 2.10/2.11]",
    ]);
  });

  it('ignores a deleted holder of the name and the package itself (same id)', () => {
    expect(
      validatePackageNamesUnique([
        { id: 'a', name: 'same' },
        { id: 'a', name: 'same' },
        { id: 'b', name: 'gone', state: 'deleted' },
        { id: 'c', name: 'gone' },
      ]),
    ).toEqual([
      "packages[2].name: That URL is already in use. ('gone' is also packages[3]'s) [package_name_validator, CKAN 2.10/2.11]",
    ]);
  });
});

describe('resource_id_does_not_exist across packages', () => {
  it('refuses a resource id another package holds', () => {
    const rid = '00000000-0000-4000-8000-000000000001';
    expect(
      validateResourceIdsUnique([
        { id: 'a', resources: [{ id: rid }] },
        { id: 'b', resources: [{ id: rid }] },
      ]),
    ).toEqual([
      "packages[1].resources[0].id: Resource id already exists. ('00000000-0000-4000-8000-000000000001' is also a resource of packages[0]) [resource_id_does_not_exist, CKAN 2.10/2.11]",
    ]);
  });
});

describe('tags (test_model_dictize.py TestTagSchema, 834-914)', () => {
  const withTag = (name: unknown) => minimal({ tags: [{ name }] });

  it('accepts spaces, limited punctuation, capitals', () => {
    for (const name of [
      'with space',
      '.-_',
      'CAPITALS',
      'Kesehatan Ibu dan Anak',
      'ékonomi',
      '日本',
    ])
      expect(validatePackage(withTag(name)), name).toEqual([]);
  });

  it('refuses most punctuation, naming the tag', () => {
    for (const ch of '!?"\'+=:;@#~[]{}()*&^%$,') {
      const name = `Character ${ch}`;
      expect(validatePackage(withTag(name), only211)).toEqual([
        `tags[0].name: Tag "${name}" can only contain alphanumeric characters, spaces (" "), hyphens ("-"), underscores ("_") or dots (".") [tag_name_validator, CKAN 2.11]`,
      ]);
    }
  });

  it('refuses whitespace other than spaces', () => {
    for (const ch of '\t\n\r\f\v')
      expect(validatePackage(withTag(`Bad ${ch} character`))).toHaveLength(1);
  });

  it("refuses combining marks (Python's \\w has letters and numbers, not marks)", () => {
    expect(tagNameProblem('e\u0301konomi')).toBeDefined();
  });

  it('checks the length in code points: 2 to 100', () => {
    expect(validatePackage(withTag('a'), only211)).toEqual([
      'tags[0].name: Tag "a" length is less than minimum 2 [tag_length_validator, CKAN 2.11]',
    ]);
    expect(validatePackage(withTag('𝔸'.repeat(100)))).toEqual([]);
    expect(validatePackage(withTag('a'.repeat(101)), only211)).toEqual([
      `tags[0].name: Tag "${'a'.repeat(101)}" length is more than maximum 100 [tag_length_validator, CKAN 2.11]`,
    ]);
  });

  it('refuses a tag without a name and a tag of an unknown vocabulary', () => {
    expect(validatePackage(minimal({ tags: [{ display_name: 'x' }] }), only211)).toEqual([
      'tags[0].name: Missing value [not_missing, CKAN 2.11]',
    ]);
    expect(
      validatePackage(minimal({ tags: [{ name: 'ok', vocabulary_id: 'sectors' }] }), only211),
    ).toEqual([
      'tags[0].vocabulary_id: Tag vocabulary was not found. [vocabulary_id_exists, CKAN 2.11]',
    ]);
    expect(
      validatePackage(minimal({ tags: [{ name: 'ok', vocabulary_id: 'sectors' }] }), {
        vocabularies: ['sectors'],
      }),
    ).toEqual([]);
  });

  it('takes tags as package_show gives them (id, display_name, state, vocabulary_id null)', () => {
    const tag = { display_name: 'x1', id: 'abc', name: 'x1', state: 'active', vocabulary_id: null };
    expect(validatePackage(minimal({ tags: [tag] }))).toEqual([]);
  });
});

describe('tag_string_convert (test_validators.py:886-911)', () => {
  const tagsOf = (tag_string: string) => {
    const { data } = convertPackage(minimal({ tag_string }), '2.11');
    const tags: unknown[] = [];
    for (let i = 0; data.has(['tags', i, 'name']); i++) tags.push(data.get(['tags', i, 'name']));
    return tags;
  };

  it('splits on commas and strips', () => {
    expect(tagsOf('big, good')).toEqual(['big', 'good']);
    expect(tagsOf('one, several word tag, with-hyphen')).toEqual([
      'one',
      'several word tag',
      'with-hyphen',
    ]);
    expect(tagsOf('')).toEqual([]);
    expect(tagsOf('trailing comma,')).toEqual(['trailing comma']);
    expect(tagsOf('trailing comma space, ')).toEqual(['trailing comma space']);
  });

  it('reports its first bad tag under tag_string', () => {
    expect(validatePackage(minimal({ tag_string: 'ok, x, bad!' }), only211)).toEqual([
      'tag_string: Tag "x" length is less than minimum 2 [tag_string_convert, CKAN 2.11]',
    ]);
  });
});

describe('extras', () => {
  it('refuses a repeated key (duplicate_extras_key), once, under extras_validation', () => {
    const extras = [
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
      { key: 'a', value: '3' },
      { key: 'b', value: '4' },
    ];
    expect(validatePackage(minimal({ extras }), only211)).toEqual([
      'extras_validation: Duplicate key "a" [duplicate_extras_key, CKAN 2.11]',
    ]);
  });

  it('skips extras marked deleted', () => {
    const extras = [
      { key: 'a', value: '1' },
      { key: 'a', value: '3', deleted: 'on' },
    ];
    expect(validatePackage(minimal({ extras }))).toEqual([]);
  });

  it('refuses a key of the package schema (test_conversion.py:120-140)', () => {
    for (const key of ['name', 'url', 'tags', 'save', 'return_to', 'tag_string', '__junk'])
      expect(validatePackage(minimal({ extras: [{ key, value: 'x' }] }), only211)).toEqual([
        'extras[0].key: There is a schema field with the same name [extra_key_not_in_root_schema, CKAN 2.11]',
      ]);
    expect(PACKAGE_SCHEMA_KEYS).toContain('plugin_data');
  });

  it('needs a key and a value, takes any value (not_missing)', () => {
    expect(validatePackage(minimal({ extras: [{ key: '', value: 'x' }] }), only211)).toEqual([
      'extras[0].key: Missing value [not_empty, CKAN 2.11]',
    ]);
    expect(validatePackage(minimal({ extras: [{ key: 'k' }] }), only211)).toEqual([
      'extras[0].value: Missing value [not_missing, CKAN 2.11]',
    ]);
    expect(validatePackage(minimal({ extras: [{ key: 'k', value: '' }] }))).toEqual([]);
  });
});

describe('resources', () => {
  const withResource = (res: Record<string, unknown>) =>
    minimal({ resources: [{ url: 'https://x.example/a.csv', ...res }] });

  it('2.11 wants a UUID-shaped id (uuid_validator), 2.10 7 to 100 of [0-9a-zA-Z _-]', () => {
    const objectId = '000000000000000000001001';
    expect(validatePackage(withResource({ id: objectId }))).toEqual([
      'resources[0].id: Invalid id provided [uuid_validator, CKAN 2.11]',
    ]);
    expect(validatePackage(withResource({ id: '00000000-0000-4000-8000-000000000001' }))).toEqual(
      [],
    );
    expect(validatePackage(withResource({ id: 'short' }))).toEqual([
      'resources[0].id: Invalid length for resource id [resource_id_validator, CKAN 2.10]',
      'resources[0].id: Invalid id provided [uuid_validator, CKAN 2.11]',
    ]);
    expect(validatePackage(withResource({ id: '' }))).toEqual([]); // ignore_empty
  });

  it('reads ids as uuid.UUID(value, version=4) does (answers of Python 3.10)', () => {
    const answers: [string, boolean][] = [
      ['+0x_' + 'a'.repeat(28), true],
      ['{' + 'a'.repeat(32) + '}', true],
      ['urn:uuid:' + 'a'.repeat(32), true],
      ['a'.repeat(8) + '-----' + 'a'.repeat(24), true],
      [' ' + 'a'.repeat(31), true],
      ['a_'.repeat(16), false],
      ['6cb06ebe-020d-42ff-0106-046d2ec468f9', true],
      ['000000000000000000001001', false],
      ['g'.repeat(32), false],
      ['a'.repeat(33), false],
    ];
    for (const [value, ok] of answers) expect(uuidParses(value), value).toBe(ok);
  });

  it('does not check the url (no url_validator in default_resource_schema)', () => {
    expect(validatePackage(withResource({ url: 'not a url' }))).toEqual([]);
  });

  it('checks created and last_modified with isodate', () => {
    expect(validatePackage(withResource({ created: '2024-01-31T08:00:00.000000' }))).toEqual([]);
    expect(validatePackage(withResource({ created: '2024-01-31T08:00:00Z' }))).toEqual([
      'resources[0].created: Date format incorrect [isodate, CKAN 2.10/2.11]',
    ]);
    expect(validatePackage(withResource({ last_modified: '2024-01-31T08:00:00+07:00' }))).toEqual([
      'resources[0].last_modified: Date format incorrect [isodate, CKAN 2.10]',
    ]);
    expect(validatePackage(withResource({ created: '' }))).toEqual([]);
  });

  it('checks size with int_validator', () => {
    expect(validatePackage(withResource({ size: '12' }))).toEqual([]);
    expect(validatePackage(withResource({ size: 1.5 }), only211)).toEqual([
      'resources[0].size: Invalid integer [int_validator, CKAN 2.11]',
    ]);
  });

  it('keeps keys outside its schema (metadata_modified, package_id, position are fine)', () => {
    expect(
      validatePackage(
        withResource({ metadata_modified: 'x', package_id: 'p', position: 0, anything: [1] }),
      ),
    ).toEqual([]);
  });
});

describe('isodate: h.date_str_to_datetime (answers of Python 3.10)', () => {
  // [string, 2.10 accepts, 2.11 accepts]
  const answers: [string, boolean, boolean][] = [
    ['2024-01-31T08:00:00.000000', true, true],
    ['2024-01-31T08:00:00Z', false, false],
    ['2024-01-31T08:00:00+00:00', false, true],
    ['2024-01-31', true, true],
    ['2024-01-31 08:00', true, true],
    ['2024-01-31T08', true, true],
    ['2024-01-31T08.123', false, true],
    ['2024-01-31T08:00:00:123', false, true],
    ['2024-01-31T08:00:00.1234', true, true],
    ['2024-01-31T08:00+00:99', false, true],
    ['2024-01-31T24:00', false, false],
    ['2024-02-30', false, false],
    ['2024-02-29', true, true],
    ['2023-02-29', false, false],
    ['2024-01-31T', false, false],
    ['2024-1-31', true, true],
    ['2020/01/01 15:14:55.1', true, true],
    ['2020-01-01 10:00:05\n', true, true],
    ['x2020-01-01', false, false],
    ['2020-01', false, false],
    ['0000-01-01', false, false],
    ['2024-01-31T08:00+24:00', false, false],
  ];
  it('accepts what CKAN 2.10 and 2.11 accept', () => {
    for (const [s, v210, v211] of answers) {
      expect(ckanDateParses(s, '2.10'), `2.10 ${JSON.stringify(s)}`).toBe(v210);
      expect(ckanDateParses(s, '2.11'), `2.11 ${JSON.stringify(s)}`).toBe(v211);
    }
  });
});

describe('int_validator (test_validators.py:625-716)', () => {
  const int = (v: unknown) => {
    try {
      const r = intValidator(v);
      return r === null ? null : Number(r);
    } catch (e) {
      if (e instanceof Invalid) return 'Invalid';
      throw e;
    }
  };
  it('converts', () => {
    expect(int(42)).toBe(42);
    expect(int(0)).toBe(0);
    expect(int(null)).toBeNull();
    expect(int(42.0)).toBe(42);
    expect(int('-2')).toBe(-2);
    expect(int('+3')).toBe(3);
    expect(int('0123')).toBe(123);
    expect(int('\t  98\n')).toBe(98);
    expect(int('')).toBeNull();
    expect(int('\n\n  \t')).toBeNull();
    expect(int('1_000')).toBe(1000);
    expect(intValidator('528735648764587235684376')).toBe(528735648764587235684376n);
  });
  it('refuses', () => {
    for (const v of [42.5, '42.0', '1e6', 'text', '1__0', [1], { a: 1 }])
      expect(int(v)).toBe('Invalid');
  });
});

describe('private, owner_org, state', () => {
  it('boolean_validator: strings it reads, and the AttributeError on a number', () => {
    for (const v of [true, false, 'true', 'yes', 't', 'y', '1', 'f', '', null])
      expect(validatePackage(minimal({ private: v })), String(v)).toEqual([]);
    expect(validatePackage(minimal({ private: 1 }), only211)).toEqual([
      "(package): AttributeError: 'int' object has no attribute 'lower' (uncaught: the action API answers 500, the harvester records an import error) [package_create, CKAN 2.11]",
    ]);
  });

  it('refuses a private dataset without an organization (test_validators.py:577-597)', () => {
    expect(
      validatePackage({ name: 'ab', private: true }, { ...only211, createUnownedDataset: true }),
    ).toEqual([
      "private: Datasets with no organization can't be private. [datasets_with_no_organization_cannot_be_private, CKAN 2.11]",
    ]);
  });

  it('needs an organization unless ckan.auth.create_unowned_dataset', () => {
    expect(validatePackage({ name: 'ab' }, only211)).toEqual([
      'owner_org: An organization must be provided [owner_org_validator, CKAN 2.11]',
    ]);
    expect(validatePackage({ name: 'ab' }, { createUnownedDataset: true })).toEqual([]);
    expect(validatePackage(minimal(), { ...only211, organizations: ['other'] })).toEqual([
      'owner_org: Organization does not exist [owner_org_validator, CKAN 2.11]',
    ]);
  });
});

describe('e-mails (test_validators.py:303-335)', () => {
  it('refuses and accepts as CKAN does, after strip_value', () => {
    for (const bad of [
      '..test...test..@example.com',
      'test @example.com',
      'test@ example.com',
      'test..test@example.com',
      'test.test...@example.com',
      '...test@example.com',
    ])
      expect(validatePackage(minimal({ author_email: bad }), only211)).toEqual([
        `author_email: Email ${bad} is not a valid format [email_validator, CKAN 2.11]`,
      ]);
    for (const good of ['text@example.com', 'test.this@example.com', ' test@example.com  ', ''])
      expect(validatePackage(minimal({ maintainer_email: good }))).toEqual([]);
  });
});

describe('the package as a whole', () => {
  it('refuses a version over 100 characters', () => {
    expect(validatePackage(minimal({ version: 'v'.repeat(101) }), only211)).toEqual([
      'version: Version must be a maximum of 100 characters long [package_version_validator, CKAN 2.11]',
    ]);
  });

  it('ignores unknown top-level keys (to __extras), junk only matters to a plain package_create', () => {
    const pkg = minimal({ num_tags: 3, organization: { id: 'x' }, foo: [{ a: 1 }] });
    expect(validatePackage(pkg)).toEqual([]);
    // test_dictization_functions.py:447-472: the junk key names its flattened tuple
    expect(validatePackage(pkg, { ...only211, route: 'package_create' })).toEqual([
      "__junk: The input field [('foo', 0, 'a')] was not expected. [empty, CKAN 2.11]",
    ]);
  });

  it('as a sysadmin through the API, 2.11 wants a UUID-shaped package id', () => {
    expect(
      validatePackage(minimal({ id: '000000000000000000001001' }), { route: 'package_create' }),
    ).toEqual(['id: Invalid id provided [uuid_validator, CKAN 2.11]']);
    expect(validatePackage(minimal({ id: '000000000000000000001001' }))).toEqual([]);
  });

  it('answers DataError for a non-list where a list of dicts belongs', () => {
    expect(validatePackage(minimal({ tags: 'a,b' }), only211)).toEqual([
      `(package): Only lists of dicts can be placed against subschema ('tags',), not <class 'str'> (DataError: the action API answers 400 "Integrity Error") [navl flatten_dict/augment_data, CKAN 2.11]`,
    ]);
    expect(validatePackage(minimal({ resources: [{ url: 'x' }, 'y'] }), only211)).toEqual([
      '(package): Values in lists need to be dicts (DataError: the action API answers 400 "Integrity Error") [navl flatten_dict/augment_data, CKAN 2.11]',
    ]);
    expect(validatePackage(minimal({ tags: [], groups: [], extras: [] }))).toEqual([]);
  });

  it('refuses an unknown relationship type', () => {
    expect(
      validatePackage(minimal({ relationships_as_object: [{ type: 'friend_of' }] }), only211),
    ).toEqual([
      "relationships_as_object[0].type: Value must be one of ['depends_on', 'dependency_of', 'derives_from', 'has_derivation', 'links_to', 'linked_from', 'child_of', 'parent_of'] [one_of, CKAN 2.11]",
    ]);
  });

  it("accepts ckanext-harvest's mock CKAN dataset, a package_show dict of data.gov.uk", () => {
    // mock_ckan.py DATASETS[1], the keys package_create reads
    const cabinetOffice = {
      id: '1c65c66a-fdec-4138-9c64-0f9bf087bcbb',
      name: 'cabinet-office-energy-use',
      private: false,
      maintainer_email: null,
      revision_timestamp: '2010-11-23T22:34:55.089925',
      organization: { id: 'aa1e068a-23da-4563-b9c2-2cad272b663e', name: 'cabinet-office' },
      metadata_created: '2010-08-02T09:19:47.600853',
      metadata_modified: '2014-05-09T22:00:01.486366',
      author_email: null,
      geographic_coverage: [],
      state: 'active',
      version: null,
      license_id: 'uk-ogl',
      type: 'dataset',
      resources: [
        {
          content_length: '69837',
          cache_url: 'http://data.gov.uk/data/resource_cache/f1/f156019d/elec00.csv',
          hash: '6f1e452320dafbe9a5304ac77ed7a4ff79bfafc3',
          description: '70 Whitehall energy data',
          cache_last_updated: '2013-06-19T00:59:42.762642',
          url: 'http://data.carbonculture.net/orgs/cabinet-office/70-whitehall/reports/elec00.csv',
          format: 'CSV',
          tracking_summary: { total: 0, recent: 0 },
          last_modified: '2014-05-09T23:00:01.435211',
          mimetype: 'text/csv',
          position: 0,
          revision_id: '4fca759e-d340-4e64-b75e-22ee1d42c2b4',
          id: 'f156019d-ea88-46a6-8fa3-3d12582e2161',
          size: 299107,
        },
      ],
      num_resources: 1,
      tags: [
        {
          vocabulary_id: null,
          display_name: 'consumption',
          name: 'consumption',
          revision_timestamp: '2010-08-02T09:19:47.600853',
          state: 'active',
          id: '84ce26de-6711-4e85-9609-f7d8a87b0fc8',
        },
      ],
      groups: [{ id: 'af9eacfc-5f77-4b36-9cb0-ce0222bf14d6', name: 'remote-group' }],
      creator_user_id: null,
      relationships_as_subject: [],
      num_tags: 8,
      isopen: true,
      url: 'http://www.carbonculture.net/orgs/cabinet-office/70-whitehall/',
      notes: 'Cabinet Office head office energy use.',
      owner_org: 'aa1e068a-23da-4563-b9c2-2cad272b663e',
      extras: [{ key: 'theme-primary', value: 'Government' }],
      title: 'Cabinet Office 70 Whitehall energy use',
    };
    expect(validatePackage(cabinetOffice)).toEqual([]);
    // mock_ckan.py INVALID_TAGS: what its "invalid_tag" scenario sends
    expect(
      validatePackage({ ...cabinetOffice, tags: [{ name: 'consumption%^&' }] }, only211),
    ).toEqual([
      'tags[0].name: Tag "consumption%^&" can only contain alphanumeric characters, spaces (" "), hyphens ("-"), underscores ("_") or dots (".") [tag_name_validator, CKAN 2.11]',
    ]);
  });

  it('refuses what is not a dict', () => {
    expect(validatePackage([], only211)).toEqual([
      '(package): not a JSON object [package_create, CKAN 2.11]',
    ]);
  });
});
