// CKAN's navl dictization, the engine package_create validates with:
// ckan/lib/navl/dictization_functions.py (ckan/ckan ckan-2.11.5 69f790d9, same logic in
// ckan-2.10.10 f826af9c): flatten_dict/flatten_list, get_all_key_combinations, make_full_schema,
// augment_data (unknown keys to __extras or __junk, absent ones `missing`), convert and _validate
// (the __before, main, __extras, __after and __junk runs, each key's validators in order until
// StopOnError). Runtime-neutral: no node:* imports.
import { isDict, pyCompareStr, pyRepr, pyTypeName } from './python.ts';

/** navl's `missing`: a key of the schema absent from the data. */
export const MISSING: unique symbol = Symbol('missing');
export type Missing = typeof MISSING;

export type FlatKey = readonly (string | number)[];

/** df.Invalid: the validator's message, appended to the key's errors. */
export class Invalid {
  constructor(readonly error: string) {}
}
/** df.StopOnError: skip the key's remaining validators. */
export class StopOnError {}
/** df.DataError: the action API answers 400 "Integrity Error" (ckan/views/api.py:280-287). */
export class DataError {
  constructor(readonly error: string) {}
}
/** A Python exception CKAN does not catch: the action API answers 500 (ckan/views/api.py:336-342). */
export class Uncaught {
  constructor(readonly error: string) {}
}

export interface Context {
  /** `ignore_auth` in the context (ckanext-harvest's _create_or_update_package sets it). */
  ignoreAuth: boolean;
  /** The calling user is a sysadmin. */
  sysadmin: boolean;
  /** list(schema.keys()) of the top schema (dictization_functions.py:293, validate()). */
  schemaKeys: string[];
  /** ckan.auth.create_unowned_dataset (default False). */
  createUnownedDataset: boolean;
  /** Ids and names of the organizations that exist on the receiving CKAN; undefined: not checked. */
  organizations?: ReadonlySet<string>;
  /** Ids of the tag vocabularies that exist on the receiving CKAN. */
  vocabularies: ReadonlySet<string>;
}

const keyId = (key: FlatKey) => JSON.stringify(key);

/** A flattened data dict: tuple keys, in insertion order (Python dicts keep it). */
export class FlatData {
  private readonly map = new Map<string, { key: FlatKey; value: unknown }>();
  has(key: FlatKey) {
    return this.map.has(keyId(key));
  }
  /** data.get(key): None when absent. */
  get(key: FlatKey): unknown {
    const entry = this.map.get(keyId(key));
    return entry ? entry.value : null;
  }
  /** data[key]: KeyError when absent. */
  item(key: FlatKey): unknown {
    const entry = this.map.get(keyId(key));
    if (!entry) throw new Uncaught(`KeyError: ${pyRepr([...key], true)}`);
    return entry.value;
  }
  set(key: FlatKey, value: unknown) {
    const id = keyId(key);
    const entry = this.map.get(id);
    if (entry) entry.value = value;
    else this.map.set(id, { key, value });
  }
  /** data.pop(key, None). */
  pop(key: FlatKey): unknown {
    const id = keyId(key);
    const entry = this.map.get(id);
    this.map.delete(id);
    return entry ? entry.value : null;
  }
  keys(): FlatKey[] {
    return [...this.map.values()].map((e) => e.key);
  }
  entries(): [FlatKey, unknown][] {
    return [...this.map.values()].map((e) => [e.key, e.value]);
  }
  copy(): FlatData {
    const out = new FlatData();
    for (const [k, v] of this.entries()) out.set(k, v);
    return out;
  }
}

export interface ErrorEntry {
  message: string;
  /** The CKAN validator that produced it. */
  validator: string;
}

/** The flattened errors dict; `current` names the validator convert() is running. */
export class FlatErrors {
  readonly map = new Map<string, { key: FlatKey; entries: ErrorEntry[] }>();
  current = '';
  init(key: FlatKey) {
    this.map.set(keyId(key), { key, entries: [] });
  }
  /** errors[key].append(message); errors[key] = [...] for a key outside the schema. */
  append(key: FlatKey, message: string, validator = this.current) {
    const id = keyId(key);
    let entry = this.map.get(id);
    if (!entry) {
      entry = { key, entries: [] };
      this.map.set(id, entry);
    }
    entry.entries.push({ message, validator });
  }
}

/** A validator as CKAN's convert() calls it: one value (1 or 2 Python arguments) or 4 arguments. */
export type Validator =
  | { name: string; value: (value: unknown, context: Context) => unknown }
  | {
      name: string;
      flat: (key: FlatKey, data: FlatData, errors: FlatErrors, context: Context) => void;
    };

export interface Schema {
  [key: string]: Validator[] | Schema;
}

/** Order of flattened keys: by length, then element by element (flattened_order_key). */
export function compareFlatKeys(a: FlatKey, b: FlatKey): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return pyCompareStr(String(x), String(y));
  }
  return 0;
}

const sorted = (keys: Iterable<FlatKey>) => [...keys].sort(compareFlatKeys);

/** flatten_dict / flatten_list (dictization_functions.py:381-415). */
export function flattenDict(
  data: Record<string, unknown>,
  flattened = new FlatData(),
  oldKey: FlatKey = [],
): FlatData {
  for (const [k, value] of Object.entries(data)) {
    const newKey = [...oldKey, k];
    if (Array.isArray(value) && value.length > 0 && isDict(value[0])) {
      value.forEach((item, num) => {
        if (!isDict(item)) throw new DataError('Values in lists need to be dicts');
        flattenDict(item, flattened, [...newKey, num]);
      });
    } else flattened.set(newKey, value);
  }
  return flattened;
}

/** flatten_schema: tuple keys to validator lists. */
function flattenSchema(schema: Schema, key: FlatKey = [], out = new Map<string, FlatKey>()) {
  for (const [k, value] of Object.entries(schema)) {
    const newKey = [...key, k];
    if (Array.isArray(value)) out.set(keyId(newKey), newKey);
    else flattenSchema(value, newKey, out);
  }
  return out;
}

const everyOther = (key: FlatKey) => key.filter((_, i) => i % 2 === 0);

/** get_all_key_combinations (dictization_functions.py:126-147). */
function keyCombinations(data: FlatData, flatSchema: Map<string, FlatKey>): Map<string, FlatKey> {
  const prefixes = new Set([...flatSchema.values()].map((k) => keyId(k.slice(0, -1))));
  const combinations = new Map<string, FlatKey>([[keyId([]), []]]);
  for (const key of sorted(data.keys())) {
    if (!prefixes.has(keyId(everyOther(key.slice(0, -1))))) continue;
    if (!combinations.has(keyId(key.slice(0, Math.max(0, key.length - 3))))) continue;
    combinations.set(keyId(key.slice(0, -1)), key.slice(0, -1));
  }
  return combinations;
}

/** make_full_schema (dictization_functions.py:150-171): every key the data's combinations allow. */
function makeFullSchema(data: FlatData, schema: Schema): Map<string, [FlatKey, Validator[]]> {
  const full = new Map<string, [FlatKey, Validator[]]>();
  for (const combination of keyCombinations(data, flattenSchema(schema)).values()) {
    let sub: Schema = schema;
    for (const k of everyOther(combination)) sub = sub[k as string] as Schema;
    for (const [k, value] of Object.entries(sub)) {
      if (Array.isArray(value)) full.set(keyId([...combination, k]), [[...combination, k], value]);
    }
  }
  return full;
}

/** augment_data (dictization_functions.py:174-230). */
function augmentData(data: FlatData, schema: Schema): FlatData {
  const flatSchema = flattenSchema(schema);
  const combinations = keyCombinations(data, flatSchema);
  const full = makeFullSchema(data, schema);
  const out = data.copy();
  const junk: [FlatKey, unknown][] = [];
  const extras = new Map<string, [FlatKey, Record<string, unknown>]>();
  const newExtras = (k: FlatKey): [FlatKey, Record<string, unknown>] => [k, {}];
  // "anything naughty placed against subschemas": the prefixes of the schema's keys, by length
  const prefixesOf = new Map<number, Set<string>>();
  const schemaPrefixes = (n: number) => {
    let set = prefixesOf.get(n);
    if (!set) {
      set = new Set([...flatSchema.values()].map((k) => keyId(k.slice(0, n))));
      prefixesOf.set(n, set);
    }
    return set;
  };
  for (const [key, value] of data.entries()) {
    if (full.has(keyId(key))) continue;
    const initial = everyOther(key);
    if (
      schemaPrefixes(initial.length).has(keyId(initial)) &&
      !(Array.isArray(value) && value.length === 0)
    ) {
      throw new DataError(
        `Only lists of dicts can be placed against subschema ${pyRepr([...key], true)}, not <class '${pyTypeName(value)}'>`,
      );
    }
    const parent = key.slice(0, -1);
    if (combinations.has(keyId(parent))) {
      const extrasKey = [...parent, '__extras'];
      const entry = extras.get(keyId(extrasKey)) ?? newExtras(extrasKey);
      entry[1][String(key[key.length - 1])] = value;
      extras.set(keyId(extrasKey), entry);
    } else junk.push([key, value]);
    out.pop(key);
  }
  if (junk.length > 0) out.set(['__junk'], new JunkDict(junk));
  for (const [extrasKey, value] of extras.values()) out.set(extrasKey, value);
  for (const [key] of full.values()) {
    if (!out.has(key) && !String(key[key.length - 1]).startsWith('__')) out.set(key, MISSING);
  }
  return out;
}

/** The __junk value: a dict whose keys are flattened tuples. */
export class JunkDict {
  constructor(readonly entries: [FlatKey, unknown][]) {}
}

/** convert (dictization_functions.py:233-261). */
function convert(
  validator: Validator,
  key: FlatKey,
  data: FlatData,
  errors: FlatErrors,
  context: Context,
) {
  errors.current = validator.name;
  try {
    if ('value' in validator) data.set(key, validator.value(data.get(key), context));
    else validator.flat(key, data, errors, context);
  } catch (e) {
    if (e instanceof Invalid) errors.append(key, e.error);
    else throw e;
  }
}

function runKey(
  validators: Validator[],
  key: FlatKey,
  data: FlatData,
  errors: FlatErrors,
  context: Context,
) {
  for (const validator of validators) {
    try {
      convert(validator, key, data, errors, context);
    } catch (e) {
      if (e instanceof StopOnError) break;
      throw e;
    }
  }
}

/**
 * _validate (dictization_functions.py:323-378) over flatten_dict(data). Throws DataError or
 * Uncaught where CKAN would; returns the converted data and the errors.
 */
export function validateFlat(
  data: Record<string, unknown>,
  schema: Schema,
  context: Context,
): { data: FlatData; errors: FlatErrors } {
  const flat = flattenDict(data);
  const converted = augmentData(flat, schema);
  const full = makeFullSchema(flat, schema);
  const errors = new FlatErrors();
  const order = sorted([...full.values()].map(([k]) => k));
  for (const key of order) errors.init(key);
  const validatorsOf = (key: FlatKey) => full.get(keyId(key))![1];
  const last = (key: FlatKey) => String(key[key.length - 1]);
  for (const key of order)
    if (last(key) === '__before') runKey(validatorsOf(key), key, converted, errors, context);
  for (const key of order)
    if (!last(key).startsWith('__')) runKey(validatorsOf(key), key, converted, errors, context);
  for (const key of order)
    if (last(key) === '__extras') runKey(validatorsOf(key), key, converted, errors, context);
  for (const key of [...order].reverse())
    if (last(key) === '__after') runKey(validatorsOf(key), key, converted, errors, context);
  if (full.has(keyId(['__junk'])))
    runKey(validatorsOf(['__junk']), ['__junk'], converted, errors, context);
  return { data: converted, errors };
}

/** A flattened key as a path: ["resources", 0, "id"] → "resources[0].id". */
export const keyPath = (key: FlatKey) =>
  key.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');

/** df.unflatten of the flattened data (what duplicate_extras_key reads). */
export function unflattenExtras(data: FlatData): Record<string, unknown>[] {
  const extras: Record<string, unknown>[] = [];
  for (const [key, value] of data.entries().sort(([a], [b]) => compareFlatKeys(a, b))) {
    if (key.length === 3 && key[0] === 'extras' && typeof key[1] === 'number') {
      const extra = (extras[key[1]] ??= {});
      extra[String(key[2])] = value;
    }
  }
  return extras.filter((e) => e !== undefined);
}
