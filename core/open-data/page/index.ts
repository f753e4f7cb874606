// The element's page and the 404 page (docs/harvest.md §14) as pure, runtime-neutral renderers: strings
// in, one HTML document out, no script in the page; the route adds pageContentSecurityPolicy.
export { renderElementPage } from './element-page.ts';
export { renderNotFoundPage } from './not-found-page.ts';
export { PAGE_STYLESHEET, PAGE_STYLE_HASH, pageContentSecurityPolicy } from './stylesheet.ts';
export { escapeHtml, jsonForScript } from './escape.ts';
export { datasetJsonLd, datasetDescription, temporalCoverage } from './json-ld.ts';
export { chooseChart, type ChartPlan } from './chart-plan.ts';
export {
  parseCell,
  parseIndonesianNumber,
  formatNumber,
  type CellValue,
} from '../../tables/numbers.ts';
export { labelsFor, type PageLabels } from './labels.ts';
