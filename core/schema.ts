// The one source of truth for every shape: catalogue input, published output, error bodies.
// Runtime-neutral: imported by the generator (Node) and the Worker (workerd).
import { z } from 'zod';
import { PUBLISHED_STATUS } from './contract.ts';

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
  content: z.string(),
  colSpan: z.int().min(1),
  rowSpan: z.int().min(1),
  dataType: z.string(),
});
export type HeaderCell = z.infer<typeof HeaderCell>;

export const Table = z.object({
  headers: z.array(HeaderCell),
  subHeaders: z.array(z.array(z.string())),
  rows: z.array(z.array(z.string())),
});
export type Table = z.infer<typeof Table>;

export const DataEntry = z.object({ id: z.string(), year: z.int(), table: Table });
export type DataEntry = z.infer<typeof DataEntry>;

export const MetadataEntry = z.object({ key: z.string(), value: z.string() });
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

export const ReferenceItem = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type ReferenceItem = z.infer<typeof ReferenceItem>;

/** Key order here is the key order of the published JSON. */
export const DataElement = z.object({
  _id: z.string(),
  title: z.string(),
  unit: z.string(),
  data: z.array(DataEntry),
  metadata: z.array(MetadataEntry),
  status: z.literal(PUBLISHED_STATUS),
  category: z.array(ReferenceItem),
  dataSource: ReferenceItem,
  sector: z.array(ReferenceItem),
  field: z.array(ReferenceItem),
});
export type DataElement = z.infer<typeof DataElement>;

// ---- error bodies ------------------------------------------------------------------------

export const ErrorBody = z.object({ error: z.string(), status: z.number().int() });
export type ErrorBody = z.infer<typeof ErrorBody>;
export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;
