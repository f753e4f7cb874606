// Catalogues of several shapes for the deployment profiles' read bounds (test/worker/shapes/),
// each built with the default tiers into a folder of its own: a typical region; most elements
// published with filters scattered over the catalogue; few published with each data source's
// elements together. Titles realistic and distinct in all (tools/synth).
export const SNAPSHOT_SHAPES = [
  { name: 'region', elements: 3000, published: 0.86, filters: 'scattered' },
  { name: 'most-published-scattered', elements: 20000, published: 0.86, filters: 'scattered' },
  { name: 'few-published-clustered', elements: 20000, published: 0.43, filters: 'clustered' },
] as const;

export type SnapshotShape = (typeof SNAPSHOT_SHAPES)[number]['name'];
