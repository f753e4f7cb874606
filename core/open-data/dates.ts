// Dates of §12 in the forms each output wants. The snapshot stores seconds since the epoch (UTC).

/** `2024-01-31T08:00:00Z`: DCAT (xsd:dateTime), schema.org, the page, the sitemap. */
export const isoSeconds = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * `2024-01-31T08:00:00`: CKAN's metadata_created/metadata_modified, Python's isoformat() of a
 * naive UTC time, which leaves the fraction out when it is zero (whole seconds here).
 */
export const ckanTimestamp = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');

/** `2024-01-31`: the sitemap's lastmod and a page's visible dates. */
export const isoDay = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().slice(0, 10);
