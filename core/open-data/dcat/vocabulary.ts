// The namespaces the DCAT-AP pages use, and the prefixes both serializations declare (in this
// order). Terms are full IRIs in the model; the serializers shorten them with these prefixes.
export const PREFIXES = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  dcatap: 'http://data.europa.eu/r5r/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  locn: 'http://www.w3.org/ns/locn#',
  prov: 'http://www.w3.org/ns/prov#',
  schema: 'http://schema.org/',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

const PREFIX_ENTRIES = Object.entries(PREFIXES);
const LOCAL_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const compacted = new Map<string, string | undefined>(); // terms are few: remembered

/** A vocabulary term as `prefix:local` when its local name is a plain name (both syntaxes). */
export function compactTerm(value: string): string | undefined {
  if (compacted.has(value)) return compacted.get(value);
  let short: string | undefined;
  for (const [prefix, namespace] of PREFIX_ENTRIES)
    if (value.startsWith(namespace) && LOCAL_NAME.test(value.slice(namespace.length))) {
      short = `${prefix}:${value.slice(namespace.length)}`;
      break;
    }
  if (compacted.size < 1000) compacted.set(value, short);
  return short;
}

/**
 * A namespace's terms as full IRIs, each made once: a page names the same few hundred thousand
 * times, and the same string each time is hashed once for compactTerm's map.
 */
const namespace = <const T extends string>(base: string) => {
  const made = new Map<string, string>();
  return (term: T) => {
    let full = made.get(term);
    if (full === undefined) made.set(term, (full = `${base}${term}`));
    return full;
  };
};

export const dcat = namespace<
  | 'Catalog'
  | 'Dataset'
  | 'Distribution'
  | 'accessURL'
  | 'contactPoint'
  | 'dataset'
  | 'distribution'
  | 'downloadURL'
  | 'endDate'
  | 'keyword'
  | 'landingPage'
  | 'mediaType'
  | 'startDate'
  | 'theme'
  | 'themeTaxonomy'
>(PREFIXES.dcat);

export const dct = namespace<
  | 'LicenseDocument'
  | 'LinguisticSystem'
  | 'Location'
  | 'MediaType'
  | 'MediaTypeOrExtent'
  | 'PeriodOfTime'
  | 'RightsStatement'
  | 'accessRights'
  | 'description'
  | 'format'
  | 'identifier'
  | 'issued'
  | 'language'
  | 'license'
  | 'modified'
  | 'publisher'
  | 'spatial'
  | 'temporal'
  | 'title'
  | 'type'
>(PREFIXES.dct);

export const dcatap = namespace<'availability'>(PREFIXES.dcatap);
export const foaf = namespace<'Agent' | 'Document' | 'homepage' | 'mbox' | 'name'>(PREFIXES.foaf);
export const vcard = namespace<'Kind' | 'fn' | 'hasEmail' | 'hasURL'>(PREFIXES.vcard);
export const skos = namespace<'Concept' | 'ConceptScheme' | 'inScheme' | 'prefLabel'>(
  PREFIXES.skos,
);
export const locn = namespace<'geographicName'>(PREFIXES.locn);
export const prov = namespace<'Activity' | 'wasGeneratedBy'>(PREFIXES.prov);
export const schema = namespace<
  | 'PropertyValue'
  | 'additionalProperty'
  | 'alternateName'
  | 'description'
  | 'name'
  | 'unitText'
  | 'value'
  | 'variableMeasured'
>(PREFIXES.schema);
export const hydra = namespace<
  | 'PagedCollection'
  | 'first'
  | 'firstPage'
  | 'itemsPerPage'
  | 'last'
  | 'lastPage'
  | 'next'
  | 'nextPage'
  | 'previous'
  | 'previousPage'
  | 'totalItems'
>(PREFIXES.hydra);
export const rdfs = namespace<'label'>(PREFIXES.rdfs);
export const xsd = namespace<'date' | 'dateTime' | 'integer' | 'string'>(PREFIXES.xsd);

// EU vocabularies (publications.europa.eu authority tables) and IANA media types.
const EU_AUTHORITY = 'http://publications.europa.eu/resource/authority';
export const euFileType = (code: 'CSV' | 'JSON') => `${EU_AUTHORITY}/file-type/${code}`;
export const euAccessRight = (code: 'PUBLIC') => `${EU_AUTHORITY}/access-right/${code}`;
export const euLanguage = (code: string) => `${EU_AUTHORITY}/language/${code}`;
export const euPlannedAvailability = (code: 'STABLE') =>
  `${EU_AUTHORITY}/planned-availability/${code}`;
export const ianaMediaType = (type: 'text/csv' | 'application/json') =>
  `https://www.iana.org/assignments/media-types/${type}`;
/** ADMS licence types (http://purl.org/adms/licencetype/), DCAT-AP's dct:type of a licence. */
export const admsLicenceType = (term: 'Attribution' | 'ShareAlike' | 'PublicDomain') =>
  `http://purl.org/adms/licencetype/${term}`;
