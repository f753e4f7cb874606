// CKAN's default validation of a package dict as package_create runs it, written down from
// ckan/ckan at tags ckan-2.10.10 (f826af9c66ce98c7f274a58b0b95f6925f1eb351) and ckan-2.11.5
// (69f790d9e37805827f513a78e586ac54be91a6b9): ckan/logic/schema.py, ckan/logic/validators.py,
// ckan/lib/navl/validators.py, ckan/logic/converters.py, run by the navl engine of ./navl.ts.
// Line numbers are 2.11.5's, with 2.10.10's where they differ.
//
// Two callers are modelled:
// - "harvester" (the default): ckanext-harvest's HarvesterBase._create_or_update_package
//   (ckanext/harvest/harvesters/base.py:257-281, v1.6.2): default_create_package_schema() with
//   schema['id'] = [ignore_missing, unicode_safe] and schema['__junk'] = [ignore], context
//   ignore_auth=True, the harvest user a sysadmin. Its import-stage rewrites (groups dropped,
//   owner_org replaced, the name munged) are ./harvester.ts's harvesterImportDict, not applied here.
// - "package_create": the action by a sysadmin through the API (a non-sysadmin may not send an
//   id at all: empty_if_not_sysadmin).
// What needs the receiving site's database is modelled by sets in the options (organizations,
// vocabularies) or by the batch checks below (names, resource ids), the rest assumes a fresh site.
// Where this reading differs from CKAN it is stricter, never looser: int(), dates and UUIDs take
// ASCII digits only (Python also takes other Unicode decimal digits); dates follow Python 3.10's
// fromisoformat (3.11+ accepts more); if_empty_guess_format is not run (a falsy non-str `format`
// is reported even where CKAN would guess one from the URL).
// Runtime-neutral: no node:* imports.
import { ckanDateParses, type CkanVersion } from './dates.ts';
import {
  DataError,
  FlatData,
  FlatErrors,
  Invalid,
  JunkDict,
  MISSING,
  StopOnError,
  Uncaught,
  keyPath,
  unflattenExtras,
  validateFlat,
  type Context,
  type FlatKey,
  type Schema,
  type Validator,
} from './navl.ts';
import {
  PY_WORD_CLASS,
  isDict,
  pyIntFromStr,
  pyJsonDumps,
  pyLen,
  pyRepr,
  pyStrip,
  pyTruthy,
  pyTypeName,
} from './python.ts';

export type { CkanVersion } from './dates.ts';

/** ckan/model/package.py:50-52 */
export const PACKAGE_NAME_MAX_LENGTH = 100;
export const PACKAGE_NAME_MIN_LENGTH = 2;
export const PACKAGE_VERSION_MAX_LENGTH = 100;
/** ckan/model/tag.py:28-29 */
export const MAX_TAG_LENGTH = 100;
export const MIN_TAG_LENGTH = 2;

const isMissing = (v: unknown) => v === MISSING;
const isNone = (v: unknown) => v === null || v === undefined;
/** Python's truth value; navl's `missing` is falsy (Missing.__len__ is 0). */
const truthy = (v: unknown) => !isMissing(v) && pyTruthy(v);
const attributeError = (v: unknown, attr: string) =>
  new Uncaught(`AttributeError: '${pyTypeName(v)}' object has no attribute '${attr}'`);

// ---- ckan/lib/navl/validators.py ----------------------------------------------------------

/** ignore_missing (navl/validators.py:212; 2.10: 213): missing or None, drop and stop. */
const ignore_missing: Validator = {
  name: 'ignore_missing',
  flat: (key, data) => {
    const value = data.get(key);
    if (isMissing(value) || isNone(value)) {
      data.pop(key);
      throw new StopOnError();
    }
  },
};

/** ignore_empty (navl/validators.py:235; 2.10: 236): missing or falsy, drop and stop. */
const ignore_empty: Validator = {
  name: 'ignore_empty',
  flat: (key, data) => {
    const value = data.get(key);
    if (!truthy(value)) {
      data.pop(key);
      throw new StopOnError();
    }
  },
};

/** ignore (navl/validators.py:161; 2.10: 162): drop and stop. */
const ignore: Validator = {
  name: 'ignore',
  flat: (key, data) => {
    data.pop(key);
    throw new StopOnError();
  },
};

/** not_missing (navl/validators.py:36; 2.10: 37). */
const not_missing: Validator = {
  name: 'not_missing',
  flat: (key, data, errors) => {
    if (isMissing(data.get(key))) {
      errors.append(key, 'Missing value');
      throw new StopOnError();
    }
  },
};

/** not_empty (navl/validators.py:55; 2.10: 56): False, 0 and 0.0 pass; missing or falsy fail. */
const not_empty: Validator = {
  name: 'not_empty',
  flat: (key, data, errors) => {
    const value = data.get(key);
    if (value === false || value === 0) return;
    if (!truthy(value)) {
      errors.append(key, 'Missing value');
      throw new StopOnError();
    }
  },
};

/** empty (navl/validators.py:136; 2.10: 137): the key must not be sent. */
function emptyCheck(key: FlatKey, data: FlatData, errors: FlatErrors) {
  const value = data.pop(key);
  const given = value instanceof JunkDict ? value.entries.length > 0 : truthy(value);
  if (given) {
    const last = key[key.length - 1];
    // for __junk the field names are the junk dict's keys (flattened tuples)
    const name =
      last === '__junk' && value instanceof JunkDict
        ? `[${value.entries.map(([k]) => pyRepr([...k], true)).join(', ')}]`
        : String(last);
    errors.append(key, `The input field ${name} was not expected.`);
  }
}
const empty: Validator = {
  name: 'empty',
  flat: (key, data, errors) => emptyCheck(key, data, errors),
};

/** if_empty_same_as(other) (navl/validators.py:78; 2.10: 79). */
const if_empty_same_as = (other: string): Validator => ({
  name: `if_empty_same_as("${other}")`,
  flat: (key, data) => {
    const value = data.get(key);
    if (!truthy(value)) data.set(key, data.item([...key.slice(0, -1), other]));
  },
});

/** keep_extras (navl/validators.py:18; 2.10: 19): the __extras dict back into the data. */
const keep_extras: Validator = {
  name: 'keep_extras',
  flat: (key, data) => {
    const extras = data.pop(key);
    if (isDict(extras)) {
      for (const [k, v] of Object.entries(extras)) data.set([...key.slice(0, -1), k], v);
    }
  },
};

/**
 * unicode_safe (navl/validators.py:289; 2.10: 290): a str as is, missing or None as '', anything
 * else as json.dumps(value, sort_keys=True, ensure_ascii=False). Never an error.
 */
export function unicodeSafe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isMissing(value) || isNone(value)) return '';
  return pyJsonDumps(value, true);
}
const unicode_safe: Validator = { name: 'unicode_safe', value: unicodeSafe };

// ---- ckan/logic/converters.py ---------------------------------------------------------------

/** remove_whitespace (converters.py:250): str.strip() of a str. */
const remove_whitespace: Validator = {
  name: 'remove_whitespace',
  value: (v) => (typeof v === 'string' ? pyStrip(v) : v),
};

// ---- ckan/logic/validators.py ---------------------------------------------------------------

/**
 * name_validator (validators.py:383-416; 2.10: 348-381), for names of packages, groups,
 * organizations: a str; not new, edit, search; 2 to PACKAGE_NAME_MAX_LENGTH code points;
 * re.compile(r'[a-z0-9_\-]*$').match, whose "$" also matches before a final newline.
 */
export function nameValidator(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'Names must be strings';
  if (['new', 'edit', 'search'].includes(value)) return 'That name cannot be used';
  if (pyLen(value) < 2) return 'Must be at least 2 characters long';
  if (pyLen(value) > PACKAGE_NAME_MAX_LENGTH)
    return `Name must be a maximum of ${PACKAGE_NAME_MAX_LENGTH} characters long`;
  if (!/^[a-z0-9_-]*\n?$/.test(value))
    return 'Must be purely lowercase alphanumeric (ascii) characters and these symbols: -_';
  return undefined;
}
const name_validator: Validator = {
  name: 'name_validator',
  value: (v) => {
    const problem = nameValidator(v);
    if (problem) throw new Invalid(problem);
    return v;
  },
};

/**
 * package_name_validator (validators.py:419-448; 2.10: 384-413): the name's uniqueness among
 * packages not deleted with another id (a database query: validatePackageNamesUnique), then the
 * length bounds again, with their own messages.
 */
const package_name_validator: Validator = {
  name: 'package_name_validator',
  flat: (key, data) => {
    const value = data.item(key);
    const len = typeof value === 'string' ? pyLen(value) : 0;
    if (len < PACKAGE_NAME_MIN_LENGTH)
      throw new Invalid(
        `Name "${String(value)}" length is less than minimum ${PACKAGE_NAME_MIN_LENGTH}`,
      );
    if (len > PACKAGE_NAME_MAX_LENGTH)
      throw new Invalid(
        `Name "${String(value)}" length is more than maximum ${PACKAGE_NAME_MAX_LENGTH}`,
      );
  },
};

/** package_version_validator (validators.py:451; 2.10: 416). */
const package_version_validator: Validator = {
  name: 'package_version_validator',
  value: (v) => {
    if (pyLen(String(v)) > PACKAGE_VERSION_MAX_LENGTH)
      throw new Invalid(
        `Version must be a maximum of ${PACKAGE_VERSION_MAX_LENGTH} characters long`,
      );
    return v;
  },
};

/**
 * duplicate_extras_key (validators.py:461-478; 2.10: 426-443), the package's __before: the keys
 * of the extras not marked `deleted`, each once; the first repeat is reported under
 * ('extras_validation',).
 */
const duplicate_extras_key: Validator = {
  name: 'duplicate_extras_key',
  flat: (_key, data, errors) => {
    const keys: unknown[] = [];
    for (const extra of unflattenExtras(data)) {
      if (truthy(extra.deleted)) continue;
      if (!('key' in extra)) throw new Uncaught("KeyError: 'key'");
      keys.push(extra.key);
    }
    if (keys.some((k) => Array.isArray(k) || isDict(k)))
      throw new Uncaught(
        `TypeError: unhashable type: '${pyTypeName(keys.find((k) => Array.isArray(k) || isDict(k)))}'`,
      );
    const hash = (k: unknown) => (isMissing(k) ? 'missing' : JSON.stringify(k));
    const seen = new Set<string>();
    const repeats = keys.filter((k) => {
      if (seen.has(hash(k))) return true;
      seen.add(hash(k));
      return false;
    });
    if (repeats.length > 0) {
      // '%s' % missing raises Invalid('Missing value') (dictization_functions.py:15-16)
      if (isMissing(repeats[0])) throw new Invalid('Missing value');
      errors.append(['extras_validation'], `Duplicate key "${pyStr(repeats[0])}"`);
    }
  },
};

/** str() of a JSON value. */
const pyStr = (v: unknown) => (typeof v === 'string' ? v : pyRepr(v));

/** tag_length_validator (validators.py:501-512; 2.10: 466-477). */
export function tagLengthProblem(value: string): string | undefined {
  if (pyLen(value) < MIN_TAG_LENGTH)
    return `Tag "${value}" length is less than minimum ${MIN_TAG_LENGTH}`;
  if (pyLen(value) > MAX_TAG_LENGTH)
    return `Tag "${value}" length is more than maximum ${MAX_TAG_LENGTH}`;
  return undefined;
}

/**
 * tag_name_validator (validators.py:514-522; 2.10: 479-487): re.compile(r'[\w \-.]*$',
 * re.UNICODE).match: word characters (Python's: letters and numbers, not marks), space, "-",
 * "_", "."; "$" also before a final newline.
 */
const TAG_NAME = new RegExp(`^[${PY_WORD_CLASS} .-]*\\n?$`, 'u');
export function tagNameProblem(value: string): string | undefined {
  if (TAG_NAME.test(value)) return undefined;
  return `Tag "${value}" can only contain alphanumeric characters, spaces (" "), hyphens ("-"), underscores ("_") or dots (".")`;
}

const stringOnly = (v: unknown, what: string): string => {
  if (typeof v === 'string') return v;
  throw new Uncaught(`TypeError: ${what} of a '${pyTypeName(v)}'`);
};
const tag_length_validator: Validator = {
  name: 'tag_length_validator',
  value: (v) => {
    const problem = tagLengthProblem(stringOnly(v, 'len()'));
    if (problem) throw new Invalid(problem);
    return v;
  },
};
const tag_name_validator: Validator = {
  name: 'tag_name_validator',
  value: (v) => {
    const problem = tagNameProblem(stringOnly(v, 're.match'));
    if (problem) throw new Invalid(problem);
    return v;
  },
};

/**
 * tag_string_convert (validators.py:533-553; 2.10: 498-518): a comma-separated string (or a
 * list) becomes tags after the existing ones, each checked for length then characters; the
 * first failure is the error of tag_string.
 */
const tag_string_convert: Validator = {
  name: 'tag_string_convert',
  flat: (key, data) => {
    const value = data.item(key);
    let tags: unknown[];
    if (typeof value === 'string')
      tags = value
        .split(',')
        .map((t) => pyStrip(t))
        .filter((t) => t !== '');
    else if (Array.isArray(value)) tags = value;
    else throw new Uncaught(`TypeError: '${pyTypeName(value)}' object is not iterable`);
    const indexes = data
      .keys()
      .filter((k) => k.length === 3 && k[0] === 'tags')
      .map((k) => Number(k[1]));
    const current = Math.max(-1, ...indexes);
    tags.forEach((tag, i) => data.set(['tags', current + 1 + i, 'name'], tag));
    for (const tag of tags) {
      const t = stringOnly(tag, 'len()');
      const problem = tagLengthProblem(t) ?? tagNameProblem(t);
      if (problem) throw new Invalid(problem);
    }
  },
};

/** ignore_not_package_admin (validators.py:556-585; 2.10: 521-550): kept for ignore_auth or a sysadmin. */
const ignore_not_package_admin: Validator = {
  name: 'ignore_not_package_admin',
  flat: (key, data, _errors, context) => {
    if (context.ignoreAuth || context.sysadmin) return;
    data.pop(key);
  },
};

/** ignore_not_sysadmin (validators.py:588; 2.10: 553). */
const ignore_not_sysadmin: Validator = {
  name: 'ignore_not_sysadmin',
  flat: (key, data, _errors, context) => {
    if (context.ignoreAuth || context.sysadmin) return;
    data.pop(key);
  },
};

/** empty_if_not_sysadmin (validators.py:1002-1016; 2.10: 964-976, without the StopOnError). */
const empty_if_not_sysadmin = (version: CkanVersion): Validator => ({
  name: 'empty_if_not_sysadmin',
  flat: (key, data, errors, context) => {
    if (context.ignoreAuth || context.sysadmin) return;
    emptyCheck(key, data, errors);
    if (version === '2.11') throw new StopOnError();
  },
});

/**
 * owner_org_validator (validators.py:38-92): None or missing needs
 * ckan.auth.create_unowned_dataset (then the key is dropped); '' the same without the drop; the
 * organization must exist (model.Group.get: id or name). Permission checks pass for ignore_auth
 * and sysadmins.
 */
const owner_org_validator: Validator = {
  name: 'owner_org_validator',
  flat: (key, data, _errors, context) => {
    const value = data.get(key);
    if (isMissing(value) || isNone(value)) {
      if (!context.createUnownedDataset) throw new Invalid('An organization must be provided');
      data.pop(key);
      throw new StopOnError();
    }
    if (value === '') {
      if (!context.createUnownedDataset) throw new Invalid('An organization must be provided');
      return;
    }
    if (context.organizations && !context.organizations.has(String(value)))
      throw new Invalid('Organization does not exist');
  },
};

/**
 * boolean_validator (validators.py:160-174): True for 'true', 'yes', 't', 'y', '1' (any case),
 * a bool as is, False otherwise; value.lower() on anything but a str or bool is an
 * AttributeError CKAN does not catch.
 */
const boolean_validator: Validator = {
  name: 'boolean_validator',
  value: (v) => {
    if (isMissing(v) || isNone(v)) return false;
    if (typeof v === 'boolean') return v;
    if (typeof v !== 'string') throw attributeError(v, 'lower');
    return ['true', 'yes', 't', 'y', '1'].includes(v.toLowerCase());
  },
};

/** datasets_with_no_organization_cannot_be_private (validators.py:865-892; 2.10: 827-854). */
const datasets_with_no_organization_cannot_be_private: Validator = {
  name: 'datasets_with_no_organization_cannot_be_private',
  flat: (key, data, errors) => {
    // with an id, package_show of the (new) dataset is NotFound: the check fails the same way
    if (data.item(key) === true && !truthy(data.get(['owner_org'])))
      errors.append(key, "Datasets with no organization can't be private.");
  },
};

/**
 * int_validator (validators.py:105-133): None, '' or whitespace give None; a whole number or a
 * base-10 str (Python's int(): whitespace, sign, underscores between digits) an int.
 */
export function intValidator(value: unknown): number | bigint | null {
  if (isNone(value)) return null;
  if (typeof value === 'string') {
    if (pyStrip(value) === '') return null;
    const n = pyIntFromStr(value);
    if (n === undefined) throw new Invalid('Invalid integer');
    return n;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new Invalid('Invalid integer');
}
const int_validator: Validator = { name: 'int_validator', value: intValidator };

/** isodate (validators.py:176-187) with h.date_str_to_datetime (./dates.ts). */
const isodate = (version: CkanVersion): Validator => ({
  name: 'isodate',
  value: (v) => {
    if (v === '') return null;
    if (typeof v !== 'string' || !ckanDateParses(v, version))
      throw new Invalid('Date format incorrect');
    return v;
  },
});

/**
 * uuid_validator (2.11 only, validators.py:321-326): uuid.UUID(value, version=4), which does not
 * check the version: "urn:" and "uuid:" removed, "{}" stripped from the ends, every "-" removed,
 * then exactly 32 characters that int(…, 16) reads (whitespace, "+", "0x", underscores).
 */
export function uuidParses(value: string): boolean {
  const hex = pyStrip(value.replaceAll('urn:', '').replaceAll('uuid:', ''), '{}').replaceAll(
    '-',
    '',
  );
  if (pyLen(hex) !== 32) return false;
  return /^\+?(?:0[xX](?:_?[0-9a-fA-F])+|[0-9a-fA-F](?:_?[0-9a-fA-F])*)$/.test(pyStrip(hex));
}
const uuid_validator: Validator = {
  name: 'uuid_validator',
  value: (v) => {
    if (typeof v !== 'string') throw attributeError(v, 'replace');
    if (!uuidParses(v)) throw new Invalid('Invalid id provided');
    return v;
  },
};

/** resource_id_validator (2.10 only, validators.py:285-291): [0-9a-zA-Z _-], 7 to 100 long. */
const resource_id_validator: Validator = {
  name: 'resource_id_validator',
  value: (v) => {
    if (typeof v !== 'string')
      throw new Uncaught(`TypeError: expected string, got '${pyTypeName(v)}'`);
    if (/[^0-9a-zA-Z _-]/.test(v)) throw new Invalid('Invalid characters in resource id');
    if (pyLen(v) < 7 || pyLen(v) > 100) throw new Invalid('Invalid length for resource id');
    return v;
  },
};

/**
 * if_empty_guess_format (validators.py:907-927) then clean_format (validators.py:930;
 * h.unified_resource_format: value.lower()). Guessing from the URL only ever sets a str;
 * clean_format on a non-str is an AttributeError CKAN does not catch.
 */
const clean_format: Validator = {
  name: 'clean_format',
  value: (v) => {
    if (typeof v !== 'string') throw attributeError(v, 'lower');
    return v;
  },
};

/** extra_key_not_in_root_schema (validators.py:992-999; 2.10: 954-961). */
const extra_key_not_in_root_schema: Validator = {
  name: 'extra_key_not_in_root_schema',
  flat: (key, data, _errors, context) => {
    const value = data.item(key);
    if (context.schemaKeys.some((k) => k === value))
      throw new Invalid('There is a schema field with the same name');
  },
};

/** strip_value (validators.py:1028): value.strip(). */
const strip_value: Validator = {
  name: 'strip_value',
  value: (v) => {
    if (typeof v !== 'string') throw attributeError(v, 'strip');
    return pyStrip(v);
  },
};

/** email_validator (validators.py:1018-1039; 2.10: 980-998): the WHATWG e-mail pattern, re.match. */
const EMAIL =
  /^(?![.])(?![^\n]*\.\n?$)(?![^\n]*?\.\.)[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\n?$/;
const email_validator: Validator = {
  name: 'email_validator',
  value: (v) => {
    if (truthy(v) && !EMAIL.test(String(v)))
      throw new Invalid(`Email ${String(v)} is not a valid format`);
    return v;
  },
};

/** json_object (validators.py:1119-1129): None or '' pass (as None), else a dict. */
const json_object: Validator = {
  name: 'json_object',
  value: (v) => {
    if (isNone(v) || v === '') return null;
    if (!isDict(v)) throw new Invalid('The value should be a valid JSON object');
    return v;
  },
};

/** extras_valid_json (validators.py:1132): json.dumps of every value; JSON values always pass. */
const extras_valid_json: Validator = { name: 'extras_valid_json', value: (v) => v };

/** vocabulary_id_exists (validators.py:762-770; 2.10: 724-732): Vocabulary by primary key. */
const vocabulary_id_exists: Validator = {
  name: 'vocabulary_id_exists',
  value: (v, context) => {
    if (!context.vocabularies.has(String(v))) throw new Invalid('Tag vocabulary was not found.');
    return v;
  },
};

/** one_of (validators.py:1110-1116) over PackageRelationship.get_all_types() (model/package_relationship.py:65-69, 149-156). */
const RELATIONSHIP_TYPES = [
  'depends_on',
  'dependency_of',
  'derives_from',
  'has_derivation',
  'links_to',
  'linked_from',
  'child_of',
  'parent_of',
];
const one_of_relationship_types: Validator = {
  name: 'one_of',
  value: (v) => {
    if (v !== '' && !RELATIONSHIP_TYPES.includes(v as string))
      throw new Invalid(`Value must be one of ${pyRepr(RELATIONSHIP_TYPES)}`);
    return v;
  },
};

/** The database checks a fresh site passes: package_id_does_not_exist, resource_id_does_not_exist. */
const passes = (name: string): Validator => ({ name, flat: () => undefined });

// ---- ckan/logic/schema.py ---------------------------------------------------------------------

/** default_resource_schema (schema.py:43-75; 2.10: 31-64). */
function resourceSchema(version: CkanVersion): Schema {
  const text = [ignore_missing, unicode_safe];
  return {
    id:
      version === '2.11'
        ? [ignore_empty, uuid_validator, passes('resource_id_does_not_exist'), unicode_safe]
        : [ignore_empty, resource_id_validator, passes('resource_id_does_not_exist'), unicode_safe],
    package_id: [ignore],
    url: [ignore_missing, unicode_safe, remove_whitespace],
    description: text,
    format: [passes('if_empty_guess_format'), ignore_missing, clean_format, unicode_safe],
    hash: text,
    state: [ignore],
    position: [ignore],
    name: text,
    resource_type: text,
    url_type: text,
    mimetype: text,
    mimetype_inner: text,
    cache_url: text,
    size: [ignore_missing, int_validator],
    created: [ignore_missing, isodate(version)],
    last_modified: [ignore_missing, isodate(version)],
    cache_last_updated: [ignore_missing, isodate(version)],
    ...(version === '2.10' ? { tracking_summary: [ignore_missing] } : {}),
    datastore_active: [ignore_missing],
    __extras: [ignore_missing, extras_valid_json, keep_extras],
  };
}

/** default_tags_schema (schema.py:85-106; 2.10: 73-93). */
const tagsSchema = (): Schema => ({
  name: [not_missing, not_empty, unicode_safe, tag_length_validator, tag_name_validator],
  vocabulary_id: [ignore_missing, unicode_safe, vocabulary_id_exists],
  revision_timestamp: [ignore],
  state: [ignore],
  display_name: [ignore],
});

/** default_extras_schema (schema.py:379-393; 2.10: 357-370). */
const extrasSchema = (version: CkanVersion): Schema => ({
  id:
    version === '2.11'
      ? [ignore_missing, empty_if_not_sysadmin(version), uuid_validator]
      : [ignore],
  key: [not_empty, extra_key_not_in_root_schema, unicode_safe],
  value: [not_missing],
  state: [ignore],
  deleted: [ignore_missing],
  revision_timestamp: [ignore],
  __extras: [ignore],
});

/** default_relationship_schema (schema.py:406-419; 2.10: 373-386). */
const relationshipSchema = (): Schema => ({
  id: [ignore_missing, unicode_safe],
  subject: [ignore_missing, unicode_safe],
  object: [ignore_missing, unicode_safe],
  type: [not_empty, one_of_relationship_types],
  comment: [ignore_missing, unicode_safe],
  state: [ignore],
});

export type Route = 'harvester' | 'package_create';

/** default_create_package_schema (schema.py:126-179; 2.10: 113-166), as the route changes it. */
function packageSchema(version: CkanVersion, route: Route): Schema {
  const text = [ignore_missing, unicode_safe];
  const email = [ignore_missing, unicode_safe, strip_value, email_validator];
  const id =
    route === 'harvester'
      ? [ignore_missing, unicode_safe] // ckanext/harvest/harvesters/base.py:261
      : version === '2.11'
        ? [
            ignore_missing,
            empty_if_not_sysadmin(version),
            uuid_validator,
            passes('package_id_does_not_exist'),
            unicode_safe,
          ]
        : [
            empty_if_not_sysadmin(version),
            ignore_missing,
            unicode_safe,
            passes('package_id_does_not_exist'),
          ];
  return {
    __before: [duplicate_extras_key, ignore],
    id,
    name: [not_empty, unicode_safe, name_validator, package_name_validator],
    title: [if_empty_same_as('name'), unicode_safe],
    author: text,
    author_email: email,
    maintainer: text,
    maintainer_email: email,
    license_id: text,
    notes: text,
    url: text,
    version: [ignore_missing, unicode_safe, package_version_validator],
    state: [ignore_not_package_admin, ignore_missing],
    type: text,
    owner_org: [owner_org_validator, unicode_safe],
    private: [ignore_missing, boolean_validator, datasets_with_no_organization_cannot_be_private],
    __extras: [ignore],
    // ckanext/harvest/harvesters/base.py:262 for the harvester
    __junk: route === 'harvester' ? [ignore] : [empty],
    resources: resourceSchema(version),
    tags: tagsSchema(),
    tag_string: [ignore_missing, tag_string_convert],
    plugin_data: [ignore_missing, json_object, ignore_not_sysadmin],
    extras: extrasSchema(version),
    save: [ignore],
    return_to: [ignore],
    relationships_as_object: relationshipSchema(),
    relationships_as_subject: relationshipSchema(),
    groups: {
      id: text,
      name: text,
      title: text,
      __extras: [ignore],
    },
  };
}

/** The top-level keys of default_create_package_schema: an extra may not use one as its key. */
export const PACKAGE_SCHEMA_KEYS: readonly string[] = Object.keys(
  packageSchema('2.11', 'harvester'),
);

// ---- the checks -------------------------------------------------------------------------------

export interface ValidateOptions {
  /** CKAN releases to check against (default both; a problem names the releases it holds for). */
  versions?: readonly CkanVersion[];
  /** Who calls package_create (default "harvester"). */
  route?: Route;
  /** Ids and names of the receiving site's organizations; omitted, owner_org's existence is not checked. */
  organizations?: readonly string[];
  /** Ids of the receiving site's tag vocabularies (default none: any vocabulary_id is refused). */
  vocabularies?: readonly string[];
  /** ckan.auth.create_unowned_dataset (default false, CKAN's default). */
  createUnownedDataset?: boolean;
}

interface Problem {
  path: string;
  message: string;
  validator: string;
}

/** The schema and context package_create runs with, for the route and release. */
function setup(version: CkanVersion, options: ValidateOptions) {
  const route = options.route ?? 'harvester';
  const schema = packageSchema(version, route);
  const context: Context = {
    ignoreAuth: route === 'harvester',
    sysadmin: true,
    schemaKeys: Object.keys(schema),
    createUnownedDataset: options.createUnownedDataset ?? false,
    organizations: options.organizations ? new Set(options.organizations) : undefined,
    vocabularies: new Set(options.vocabularies ?? []),
  };
  return { schema, context };
}

function problemsFor(pkg: unknown, version: CkanVersion, options: ValidateOptions): Problem[] {
  if (!isDict(pkg))
    return [{ path: '(package)', message: 'not a JSON object', validator: 'package_create' }];
  const { schema, context } = setup(version, options);
  try {
    const { errors } = validateFlat(pkg, schema, context);
    const out: Problem[] = [];
    for (const { key, entries } of [...errors.map.values()]) {
      for (const { message, validator } of entries)
        out.push({ path: keyPath(key), message, validator });
    }
    return out;
  } catch (e) {
    if (e instanceof DataError)
      return [
        {
          path: '(package)',
          message: `${e.error} (DataError: the action API answers 400 "Integrity Error")`,
          validator: 'navl flatten_dict/augment_data',
        },
      ];
    if (e instanceof Uncaught)
      return [
        {
          path: '(package)',
          message: `${e.error} (uncaught: the action API answers 500, the harvester records an import error)`,
          validator: 'package_create',
        },
      ];
    throw e;
  }
}

/**
 * The problems CKAN's package_create finds in a package dict, as "<field>: <message>
 * [<validator>, CKAN <releases>]"; empty when both releases (or those asked for) accept it.
 */
export function validatePackage(pkg: unknown, options: ValidateOptions = {}): string[] {
  const versions = options.versions ?? (['2.10', '2.11'] as const);
  const byText = new Map<string, CkanVersion[]>();
  for (const version of versions) {
    for (const p of problemsFor(pkg, version, options)) {
      const text = `${p.path}: ${p.message} [${p.validator}`;
      byText.set(text, [...(byText.get(text) ?? []), version]);
    }
  }
  return [...byText].map(([text, vs]) => `${text}, CKAN ${vs.join('/')}]`);
}

export interface PackageRef {
  id?: unknown;
  name?: unknown;
  state?: unknown;
  resources?: unknown;
}

/**
 * package_name_validator's query across a set of packages (validators.py:427-439; 2.10:
 * 392-404): a name taken by another package (another id) that is not deleted is "That URL is
 * already in use."
 */
export function validatePackageNamesUnique(pkgs: readonly PackageRef[]): string[] {
  const problems: string[] = [];
  pkgs.forEach((pkg, i) => {
    const other = pkgs.findIndex(
      (p, j) => j !== i && p.name === pkg.name && p.state !== 'deleted' && p.id !== pkg.id,
    );
    if (other >= 0)
      problems.push(
        `packages[${i}].name: That URL is already in use. (${pyRepr(pkg.name)} is also packages[${other}]'s) [package_name_validator, CKAN 2.10/2.11]`,
      );
  });
  return problems;
}

/**
 * resource_id_does_not_exist across a set of packages (validators.py:213-233): a resource id
 * already held by a resource of another package is "Resource id already exists."
 */
export function validateResourceIdsUnique(pkgs: readonly PackageRef[]): string[] {
  const owner = new Map<string, { pkg: number; id: unknown }>();
  const problems: string[] = [];
  pkgs.forEach((pkg, i) => {
    const resources = Array.isArray(pkg.resources) ? pkg.resources : [];
    resources.forEach((res: unknown, r) => {
      if (!isDict(res) || !pyTruthy(res.id)) return;
      const rid = String(res.id);
      const first = owner.get(rid);
      if (first && first.id !== pkg.id)
        problems.push(
          `packages[${i}].resources[${r}].id: Resource id already exists. (${pyRepr(rid)} is also a resource of packages[${first.pkg}]) [resource_id_does_not_exist, CKAN 2.10/2.11]`,
        );
      else if (!first) owner.set(rid, { pkg: i, id: pkg.id });
    });
  });
  return problems;
}

/** For tests: the converted data of one run, to see what CKAN would store. */
export function convertPackage(
  pkg: Record<string, unknown>,
  version: CkanVersion,
  options: ValidateOptions = {},
): { data: FlatData; errors: FlatErrors } {
  const { schema, context } = setup(version, options);
  return validateFlat(pkg, schema, context);
}
