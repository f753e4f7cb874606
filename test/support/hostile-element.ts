// A published element whose every text is hostile: markup, script ends, event attributes, template
// braces, CDATA ends, line separators. A page must show each as text and give each back exactly
// in its JSON-LD.
import type { DataElement } from '../../core/schema.ts';

export const HOSTILE = [
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<!--<script>alert(1)//-->',
  ']]><x>',
  '{{constructor.constructor("alert(1)")()}}',
  'baris\u2028satu\u2029dua',
  '</style><style>*{display:none}</style>',
  '<base href="https://evil.example/">&amp;&lt;',
  'javascript:alert(1)',
] as const;

const [script, img, svg, comment, cdata, braces, separators, style, base, js] = HOSTILE;

export const hostileElement: DataElement = {
  _id: `id-${script}`,
  title: `${script} ${img}`,
  unit: separators,
  data: [
    {
      id: img,
      year: 2022,
      table: {
        headers: [
          { content: script, colSpan: 1, rowSpan: 2, dataType: 'string' },
          { content: img, colSpan: 2, rowSpan: 1, dataType: 'number' },
          { content: 'Jumlah', colSpan: 1, rowSpan: 2, dataType: 'number' },
        ],
        subHeaders: [[svg, comment]],
        rows: [
          [cdata, '1.234', '12,5', '1.246,5'],
          [braces, '-', style, '7'],
          [base, '2', '3', '5'],
        ],
      },
    },
    {
      id: 'b',
      year: 2023,
      table: {
        headers: [
          { content: script, colSpan: 1, rowSpan: 1, dataType: 'string' },
          { content: 'Jumlah', colSpan: 1, rowSpan: 1, dataType: 'number' },
        ],
        subHeaders: [],
        rows: [
          [cdata, '1.300'],
          [braces, '8'],
          [base, '6'],
        ],
      },
    },
  ],
  metadata: [
    { key: 'Nama Variabel', value: braces },
    { key: 'Alias', value: svg },
    { key: 'Definisi', value: `${script}${separators}` },
    { key: img, value: comment },
    { key: style, value: '' },
  ],
  status: 'TERVERIFIKASI',
  category: [{ _id: 'c1', name: img, slug: js }],
  dataSource: { _id: 'd1', name: script, slug: `${img}&x=1` },
  sector: [{ _id: 's1', name: style, slug: 's"1' }],
  field: [{ _id: 'f1', name: base, slug: cdata }],
};
