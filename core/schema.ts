// The one source of truth for every shape: catalogue input, published output, answers, error
// bodies and query parameters. The OpenAPI document (generator/openapi/) is generated from these.
// Runtime-neutral: imported by the generator (Node) and the Worker (workerd).
import { z } from 'zod';
import {
  ELEMENT_KEYS,
  MAX_LIMIT,
  MAX_TITLE_PATTERN_LENGTH,
  PUBLISHED_STATUS,
  REFERENCE_LISTS,
} from './contract.ts';
import {
  catalogueDumpExample,
  categoryListExample,
  dataElementExample,
  dataEntryExample,
  facetCountsExample,
  invalidPatternExample,
  listFetchFailedExample,
  projectedElementExample,
  unknownSlugExample,
} from './examples.ts';

// ---- catalogue input (data/) -------------------------------------------------------------

/** MongoDB Extended JSON id, as `mongoexport` writes it. */
export const ObjectIdInput = z.object({ $oid: z.string() });
/** An `_id`: a plain string or `{"$oid": "…"}`. */
export const IdInput = z.union([z.string(), ObjectIdInput]);
export type IdInput = z.infer<typeof IdInput>;

export const ReferenceItemInput = z.object({ _id: IdInput, name: z.string(), slug: z.string() });
export type ReferenceItemInput = z.infer<typeof ReferenceItemInput>;
export const ReferenceListInput = z.array(ReferenceItemInput);

/** A reference inside an element: an id string, `{"$oid"}`, or the populated item. */
export const ReferenceInput = z.union([z.string(), ObjectIdInput, ReferenceItemInput]);
export type ReferenceInput = z.infer<typeof ReferenceInput>;

export const HeaderCell = z.object({
  content: z.string().meta({ description: 'The column heading.' }),
  colSpan: z.int().min(1).meta({
    description:
      'Columns it spans; more than 1: it takes that many labels, in order, from each sub-header row.',
  }),
  rowSpan: z
    .int()
    .min(1)
    .meta({ description: 'Header rows it spans (2 when sub-headers sit below its neighbours).' }),
  dataType: z
    .string()
    .meta({ description: 'What its cells hold, as the catalogue says (e.g. "string", "number").' }),
});
export type HeaderCell = z.infer<typeof HeaderCell>;

export const Table = z.object({
  headers: z.array(HeaderCell).meta({ description: 'The top header row, left to right.' }),
  subHeaders: z
    .array(z.array(z.string()))
    .meta({ description: 'Rows of labels under the headers that span several columns.' }),
  rows: z.array(z.array(z.string())).meta({
    description:
      'The body: one array of cells (strings, as entered) per row; each row has as many cells as the headers span.',
  }),
});
export type Table = z.infer<typeof Table>;

export const DataEntry = z
  .object({
    id: z.string().meta({ description: 'Identifier of this table.' }),
    year: z.int().meta({ description: 'The year the table is for.' }),
    table: Table,
  })
  .meta({ description: 'One year of the data element: a table.', examples: [dataEntryExample] });
export type DataEntry = z.infer<typeof DataEntry>;

export const MetadataEntry = z.object({ key: z.string(), value: z.string() }).meta({
  description:
    'One metadata field of the element (concept, definition, frequency…), as the catalogue has it.',
});
export type MetadataEntry = z.infer<typeof MetadataEntry>;

export const DataElementInput = z.object({
  _id: IdInput,
  title: z.string(),
  unit: z.string(),
  data: z.array(DataEntry),
  metadata: z.array(MetadataEntry),
  status: z.string(),
  category: z.array(ReferenceInput),
  dataSource: ReferenceInput,
  sector: z.array(ReferenceInput),
  field: z.array(ReferenceInput),
});
export type DataElementInput = z.infer<typeof DataElementInput>;

// ---- published output (dist/, API bodies) ------------------------------------------------

export const ReferenceItem = z
  .object({
    _id: z.string().meta({ description: 'Identifier of the item.' }),
    name: z.string().meta({
      description: 'Display name, byte for byte as in the catalogue (a trailing space is data).',
    }),
    slug: z.string().meta({ description: 'The value to filter by: `?category=<slug>` and so on.' }),
  })
  .meta({
    description: 'An item of a reference list: a category, data source, sector or field.',
    examples: [categoryListExample[0]],
  });
export type ReferenceItem = z.infer<typeof ReferenceItem>;

/** Key order here is the key order of the published JSON. */
export const DataElement = z
  .object({
    _id: z
      .string()
      .meta({ description: 'Identifier of the element: `/api/v1/data-element/{_id}`.' }),
    title: z.string().meta({
      description: 'Title, byte for byte as in the catalogue (a trailing space is data).',
    }),
    unit: z
      .string()
      .meta({ description: 'Unit of the values in its tables (e.g. "Persen", "Jiwa").' }),
    data: z.array(DataEntry).meta({ description: 'Its tables, one per year.' }),
    metadata: z
      .array(MetadataEntry)
      .meta({ description: 'Descriptive fields (concept, definition, frequency…).' }),
    status: z
      .literal(PUBLISHED_STATUS)
      .meta({ description: 'Always "TERVERIFIKASI": only verified elements are published.' }),
    category: z
      .array(ReferenceItem)
      .meta({ description: 'Its categories (see /api/v1/category).' }),
    dataSource: ReferenceItem.meta({
      description: 'The agency that publishes it (see /api/v1/data-source).',
    }),
    sector: z.array(ReferenceItem).meta({ description: 'Its sectors (see /api/v1/sector).' }),
    field: z
      .array(ReferenceItem)
      .meta({ description: 'Its fields (see /api/v1/field); may be empty.' }),
  })
  .meta({
    description:
      'A published data element: statistics with one table per year, and the reference items that classify it.',
    examples: [dataElementExample],
  });
export type DataElement = z.infer<typeof DataElement>;

// ---- answers (docs/api.md §3–§6) ------------------------------------------------------------

export const ReferenceList = z
  .array(ReferenceItem)
  .meta({ description: 'A reference list, in catalogue order.', examples: [categoryListExample] });
export type ReferenceList = z.infer<typeof ReferenceList>;

/** An element with only the keys asked for in `fields` (still in the order of DataElement). */
export const ProjectedDataElement = DataElement.partial().meta({
  description: 'A data element with only the keys named in `fields`, in the canonical key order.',
  examples: [projectedElementExample],
});
export type ProjectedDataElement = z.infer<typeof ProjectedDataElement>;

export const ElementAnswer = z
  .union([DataElement, ProjectedDataElement])
  .meta({ description: 'A whole data element, or with `fields` only the keys named.' });
export const SearchAnswer = z.array(ElementAnswer).meta({
  description:
    'The matching elements in catalogue order, or in relevance order with `q` (one page of them with `limit`/`offset`).',
});

export const FacetItem = ReferenceItem.extend({
  count: z.int().min(1).meta({ description: 'How many elements the item would bring.' }),
});
export type FacetItem = z.infer<typeof FacetItem>;
export const YearCount = z.object({
  year: z.int(),
  count: z.int().min(1).meta({ description: 'How many elements have a table for the year.' }),
});
export type YearCount = z.infer<typeof YearCount>;

/** One number of an element's tables, as tidy data (docs/api.md §15). */
export const Observation = z
  .object({
    year: z.int().meta({ description: "The table's year." }),
    row: z.string().meta({
      description:
        'The row: its cells left of the first value column joined by " - ", or its position.',
    }),
    column: z.string().meta({ description: "The column, named as the table's CSV names it." }),
    value: z
      .number()
      .nullable()
      .meta({ description: 'The number; null where the cell is missing.' }),
    cell: z.string().meta({ description: 'The cell exactly as the catalogue holds it.' }),
  })
  .meta({
    description: "One cell of a value column of one year's table.",
    examples: [
      {
        year: 2020,
        row: 'Andir',
        column: 'Jenis Kelamin - Laki-laki',
        value: 51505,
        cell: '51.505',
      },
    ],
  });
export type Observation = z.infer<typeof Observation>;
export const Observations = z
  .array(Observation)
  .meta({ description: 'Years ascending, then rows as in the table, then columns left to right.' });

/** JSON-stat 2.0's dataset, as far as this API writes it (docs/api.md §15.3). */
export const JsonStatDataset = z
  .object({
    version: z.literal('2.0'),
    class: z.literal('dataset'),
    label: z.string(),
    source: z.string(),
    updated: z.string(),
    href: z.string(),
    id: z.tuple([z.literal('year'), z.literal('row'), z.literal('column')]),
    size: z.array(z.int().min(0)).length(3),
    role: z.object({ time: z.tuple([z.literal('year')]) }),
    dimension: z.record(
      z.string(),
      z.object({
        label: z.string(),
        category: z.object({
          index: z.array(z.string()),
          label: z.record(z.string(), z.string()),
        }),
      }),
    ),
    value: z.array(z.number().nullable()),
    extension: z.object({ unit: z.string() }),
  })
  .meta({ description: "An element's observations as one JSON-stat 2.0 dataset." });
export type JsonStatDataset = z.infer<typeof JsonStatDataset>;

const facetList = (label: string) =>
  z.array(FacetItem).meta({
    description: `Each ${label} with its count, counted without the query's own ${label} filter; count descending, ties in catalogue order.`,
  });
export const FacetCounts = z
  .object({
    total: z
      .int()
      .min(0)
      .meta({ description: 'How many elements the same query returns from /api/v1/data-element.' }),
    category: facetList('category'),
    dataSource: facetList('data source'),
    sector: facetList('sector'),
    field: facetList('field'),
    year: z.array(YearCount).meta({
      description:
        "Each year with its count, counted without the query's own year filter; year descending.",
    }),
  })
  .meta({
    description: 'Disjunctive facet counts for a search: items with a count of at least 1.',
    examples: [facetCountsExample],
  });
export type FacetCounts = z.infer<typeof FacetCounts>;

export const DumpPart = z
  .object({
    url: z
      .string()
      .regex(/^https?:\/\/[^/]+\/api\/v1\/dump\/part-[0-9]{5}\.jsonl\.gz$/)
      .meta({ description: 'Where to download the part (a gzip file), on the origin asked.' }),
    elements: z.int().min(1).meta({ description: 'How many elements it holds, one a line.' }),
    bytes: z.int().min(1).meta({ description: 'Its length in bytes, as downloaded.' }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'The SHA-256 of its bytes as downloaded, in hex.' }),
  })
  .meta({
    description:
      'A part of the whole-catalogue download: gzip-compressed JSON Lines, one published element a line (the bytes /api/v1/data-element/{id} answers, then a line feed), in catalogue order.',
  });
export type DumpPart = z.infer<typeof DumpPart>;
export const CatalogueDump = z
  .object({
    snapshot: z.string().meta({ description: 'The snapshot (build) the parts belong to.' }),
    elements: z
      .int()
      .min(0)
      .meta({ description: 'How many elements are published: the parts hold them all.' }),
    parts: z.array(DumpPart).meta({
      description:
        'The parts in order: read one after the other, they give every published element once, in catalogue order.',
    }),
  })
  .meta({
    description:
      'The whole catalogue as one download, in parts (each at most 20 MiB as built by default).',
    examples: [catalogueDumpExample],
  });
export type CatalogueDump = z.infer<typeof CatalogueDump>;

// ---- CKAN's action API (docs/harvest.md §13.1) -----------------------------------------------------

const ckanHelp = z.string().meta({
  description: 'Where CKAN documents the action: `<base>/api/3/action/help_show?name=<action>`.',
});

export const CkanEnvelope = z
  .object({
    help: ckanHelp,
    success: z.literal(true),
    result: z.unknown().meta({
      description:
        "The action's result as CKAN 2.10/2.11 gives it: package_search `{count, facets, results, sort, search_facets}`, package_show a package dict, package_list names… (docs/harvest.md).",
    }),
  })
  .meta({ description: "CKAN's envelope of an action's answer." });
export type CkanEnvelope = z.infer<typeof CkanEnvelope>;

export const CkanErrorEnvelope = z
  .object({
    help: ckanHelp,
    success: z.literal(false),
    error: z
      .looseObject({
        __type: z.string().meta({
          description:
            'CKAN\'s error type: "Not Found Error" (404), "Validation Error" (409, with the parameters\' messages beside it), "Search Error" (409), "Search Query Error" (400), "Authorization Error" (403), "Bad request" (400).',
        }),
        message: z.string().optional(),
      })
      .meta({ description: 'What went wrong, as CKAN says it.' }),
  })
  .meta({ description: "CKAN's envelope of an action's error." });
export type CkanErrorEnvelope = z.infer<typeof CkanErrorEnvelope>;

// ---- error bodies ------------------------------------------------------------------------

export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'What is wrong, and where to look.' }),
    status: z.number().int().meta({ description: 'The HTTP status again.' }),
  })
  .meta({
    description:
      'An unknown path, slug or id (404), or a method other than GET, HEAD, OPTIONS (405).',
    examples: [unknownSlugExample],
  });
export type ErrorBody = z.infer<typeof ErrorBody>;
export const MessageBody = z
  .object({
    message: z.string().meta({
      description: 'What is wrong with the request, or that the snapshot could not be read.',
    }),
  })
  .meta({
    description: 'A bad title pattern or parameter, or a failed read of the snapshot (400).',
    examples: [invalidPatternExample],
  });
export type MessageBody = z.infer<typeof MessageBody>;
/** A reference list's answer when the snapshot could not be read (400). */
export const ListErrorBody = ErrorBody.pick({ error: true }).meta({
  description: 'A reference list could not be read from the snapshot (400).',
  examples: [listFetchFailedExample],
});
export type ListErrorBody = z.infer<typeof ListErrorBody>;

// ---- query parameters (docs/api.md §3, §5, §7) -----------------------------------------------

const slugFilter = ({ label, endpoint }: (typeof REFERENCE_LISTS)[number]) =>
  z
    .array(z.string())
    .meta({
      description: `Slug of a ${label} (from ${endpoint}). Repeat the parameter for OR; different filters combine with AND. An unknown slug is a 404.`,
    })
    .optional();
type FilterName = (typeof REFERENCE_LISTS)[number]['param'];

/** Every parameter of GET /api/v1/data-element; an empty value counts as absent. */
export const SearchParameters = z.object({
  q: z
    .string()
    .meta({
      description:
        'Words to search for, as typed into a search box: every word must start a word of the title, unit, metadata or reference names (any order, any case, accents ignored; so each may be typed in part, `kec pendud`). On the search, answers come in relevance order: elements whose title has every word first. At most 12 different words.',
      examples: ['penduduk kecamatan', 'kec pendud'],
    })
    .optional(),
  title: z
    .string()
    .max(MAX_TITLE_PATTERN_LENGTH)
    .meta({
      description:
        'Regular expression matched case-insensitively anywhere in the title (JavaScript meaning, linear time). Lookaround and backreferences are refused with 400.',
      examples: ['penduduk', '^jumlah (guru|murid)'],
    })
    .optional(),
  ...(Object.fromEntries(REFERENCE_LISTS.map((list) => [list.param, slugFilter(list)])) as Record<
    FilterName,
    ReturnType<typeof slugFilter>
  >),
  year: z
    .array(z.int())
    .meta({
      description: 'Only elements with a table for this year. Repeat for OR.',
      examples: [[2023]],
    })
    .optional(),
  limit: z
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .meta({
      description: 'At most this many elements (a page). Without it, every match.',
      examples: [20],
    })
    .optional(),
  offset: z
    .int()
    .min(0)
    .meta({
      description:
        'Skip this many matching elements first (default 0). Any integer from 0 up: past the end, the page is empty.',
      examples: [40],
      // zod's integers stop at 2^53 - 1; the Worker takes larger offsets too (past any end)
      maximum: undefined,
    })
    .optional(),
  fields: z
    .array(z.enum(ELEMENT_KEYS))
    .meta({
      description:
        'Comma-separated top-level keys to keep in each element; the answer keeps the canonical key order.',
      examples: [['_id', 'title', 'unit']],
    })
    .optional(),
});
export type SearchParameters = z.infer<typeof SearchParameters>;
/** GET /api/v1/facets: the search's filters (paging and fields are ignored). */
export const FacetParameters = SearchParameters.omit({ limit: true, offset: true, fields: true });
export type FacetParameters = z.infer<typeof FacetParameters>;
/** GET /api/v1/data-element/{id}. */
export const ElementParameters = SearchParameters.pick({ fields: true });
export type ElementParameters = z.infer<typeof ElementParameters>;
