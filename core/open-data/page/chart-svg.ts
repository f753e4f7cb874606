// The chart as inline SVG drawn here (no library, no script): a line chart of series over the
// years or a horizontal bar chart of one year. Colours and dashes come from the page's stylesheet
// by class (light, dark and print); the text alternative is a title and a summary sentence.
import { escapeHtml } from './escape.ts';
import { formatNumber } from '../../tables/numbers.ts';
import type { ChartPlan, ChartSeries } from './chart-plan.ts';
import type { PageLabels } from './labels.ts';

const WIDTH = 520;
const FONT = 14;
/** A rough width of one character of the chart's text, to fit labels. */
const CHAR = FONT * 0.58;

/** A coordinate to a tenth; 0 for what extreme values (near ±1.8e308) can turn into. */
const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : 0);

/** About `count` round tick values covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= raw)!;
  const first = Number((Math.floor(min / step) * step).toPrecision(12));
  const ticks = [first];
  // bounded: past 2^53 a step may be below the numbers' precision and never add up
  while ((ticks.length < 2 || ticks.at(-1)! < max - step * 1e-9) && ticks.length <= count * 3)
    ticks.push(Number((first + ticks.length * step).toPrecision(12)));
  const last = ticks.at(-1)!;
  return Number.isFinite(first) && first <= min && last >= max && last > first ? ticks : [min, max];
}

const decimalsOf = (step: number) => Math.max(0, Math.min(4, -Math.floor(Math.log10(step) + 1e-9)));

function fit(label: string, chars: number): { text: string; cut: boolean } {
  return label.length <= chars
    ? { text: label, cut: false }
    : { text: `${label.slice(0, chars - 1).trimEnd()}…`, cut: true };
}

interface ChartIds {
  title: string;
  description: string;
}

function svgOpen(height: number, ids: ChartIds, title: string): string {
  return (
    `<svg class="chart" role="img" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}"` +
    ` aria-labelledby="${escapeHtml(ids.title)}" aria-describedby="${escapeHtml(ids.description)}"` +
    ` font-size="${FONT}"><title id="${escapeHtml(ids.title)}">${escapeHtml(title)}</title>`
  );
}

function lineChart(
  years: number[],
  series: ChartSeries[],
  labels: PageLabels,
  ids: ChartIds,
  title: string,
): string {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== undefined));
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const decimals = decimalsOf(ticks[1]! - ticks[0]!);
  const tickText = ticks.map((tick) => formatNumber(tick, labels.notation, decimals));
  const left = Math.min(160, Math.max(...tickText.map((t) => t.length)) * CHAR + 16);
  const [top, right, bottom, height] = [16, 24, 36, 300];
  const plotWidth = WIDTH - left - right;
  const plotHeight = height - top - bottom;
  const firstYear = years[0]!;
  const span = years.at(-1)! - firstYear || 1;
  const x = (year: number) => round(left + 12 + ((year - firstYear) / span) * (plotWidth - 24));
  const y = (value: number) =>
    round(top + plotHeight - ((value - low) / (high - low)) * plotHeight);

  const out = [svgOpen(height, ids, title)];
  out.push('<g class="axis">');
  ticks.forEach((tick, index) => {
    out.push(
      `<line class="grid" x1="${left}" x2="${WIDTH - right}" y1="${y(tick)}" y2="${y(tick)}"/>`,
      `<text x="${left - 8}" y="${y(tick)}" dy="0.35em" text-anchor="end">${escapeHtml(tickText[index]!)}</text>`,
    );
  });
  const yearStep = Math.ceil(years.length / Math.floor(plotWidth / (CHAR * 6)));
  years.forEach((year, index) => {
    if (index % yearStep === 0 || index === years.length - 1)
      out.push(`<text x="${x(year)}" y="${height - 12}" text-anchor="middle">${year}</text>`);
  });
  out.push('</g>');
  series.forEach((one, index) => {
    const segments: string[][] = [[]];
    one.values.forEach((value, position) => {
      if (value === undefined) segments.push([]);
      else segments.at(-1)!.push(`${x(years[position]!)},${y(value)}`);
    });
    out.push(`<g class="series s${index}">`);
    for (const points of segments)
      if (points.length > 1) out.push(`<polyline points="${points.join(' ')}"/>`);
    one.values.forEach((value, position) => {
      if (value !== undefined)
        out.push(`<circle cx="${x(years[position]!)}" cy="${y(value)}" r="4"/>`);
    });
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('');
}

function barChart(
  plan: Extract<ChartPlan, { kind: 'bar' }>,
  labels: PageLabels,
  ids: ChartIds,
  title: string,
) {
  const rowHeight = 28;
  const [top, bottom] = [8, 8];
  const height = top + plan.bars.length * rowHeight + bottom;
  const numbers = plan.bars.flatMap(({ value }) => (value === undefined ? [] : [value]));
  const low = Math.min(0, ...numbers);
  const high = Math.max(0, ...numbers);
  const valueText = plan.bars.map(({ value }) =>
    value === undefined ? '–' : formatNumber(value, labels.notation),
  );
  const valueWidth = Math.max(...valueText.map((t) => t.length)) * CHAR + 12;
  const labelChars = Math.max(...plan.bars.map(({ label }) => label.length));
  const labelWidth = Math.min(WIDTH * 0.4, labelChars * CHAR + 8);
  const x0 = labelWidth + 8;
  const x1 = WIDTH - valueWidth - 8;
  const x = (value: number) => round(x0 + ((value - low) / (high - low || 1)) * (x1 - x0));
  const out = [svgOpen(height, ids, title)];
  plan.bars.forEach((bar, index) => {
    const rowTop = top + index * rowHeight;
    const middle = rowTop + rowHeight / 2;
    const label = fit(bar.label, Math.floor(labelWidth / CHAR));
    out.push('<g>');
    if (label.cut) out.push(`<title>${escapeHtml(bar.label)}</title>`);
    out.push(
      `<text class="bar-label" x="${labelWidth}" y="${middle}" dy="0.35em" text-anchor="end">${escapeHtml(label.text)}</text>`,
    );
    if (bar.value !== undefined) {
      const [from, to] = [x(Math.min(0, bar.value)), x(Math.max(0, bar.value))];
      out.push(
        `<rect class="bar" x="${from}" y="${rowTop + 5}" width="${round(Math.max(to - from, 1))}" height="${rowHeight - 10}"/>`,
      );
    }
    out.push(
      `<text class="bar-value" x="${WIDTH - 4}" y="${middle}" dy="0.35em" text-anchor="end">${escapeHtml(valueText[index]!)}</text></g>`,
    );
  });
  out.push(
    `<line class="zero" x1="${x(0)}" x2="${x(0)}" y1="${top}" y2="${height - bottom}"/></svg>`,
  );
  return out.join('');
}

/** The chart's text alternative: what it shows, the first and last value of each line, or the
 * highest and lowest bar. */
export function chartSummary(plan: ChartPlan, unit: string, labels: PageLabels): string {
  const format = (value: number) => formatNumber(value, labels.notation);
  const sentences: string[] = [];
  if (plan.kind === 'line') {
    const span = `${plan.years[0]}–${plan.years.at(-1)}`;
    sentences.push(labels.chartLineSummary(plan.series.length, span, unit));
    for (const series of plan.series) {
      const known = series.values.flatMap((value, index) =>
        value === undefined ? [] : [{ value, year: plan.years[index]! }],
      );
      const [first, last] = [known[0]!, known.at(-1)!];
      sentences.push(
        labels.change(series.label, format(first.value), first.year, format(last.value), last.year),
      );
    }
  } else {
    sentences.push(labels.chartBarSummary(plan.bars.length, plan.year, unit));
    const known = plan.bars.filter(
      (bar): bar is { label: string; value: number } => bar.value !== undefined,
    );
    if (known.length > 1) {
      const high = known.reduce((a, b) => (b.value > a.value ? b : a));
      const low = known.reduce((a, b) => (b.value < a.value ? b : a));
      sentences.push(
        labels.highestLowest(high.label, format(high.value), low.label, format(low.value)),
      );
    }
    const missing = plan.bars.length - known.length;
    if (missing > 0) sentences.push(labels.missingValues(missing));
  }
  if (plan.largestOf !== undefined)
    sentences.push(
      labels.chartLargest(
        plan.kind === 'line' ? plan.series.length : plan.bars.length,
        plan.largestOf,
      ),
    );
  sentences.push(labels.chartSeeTables);
  return sentences.join(' ');
}

export function chartTitle(plan: ChartPlan, labels: PageLabels): string {
  const span = plan.kind === 'line' ? `${plan.years[0]}–${plan.years.at(-1)}` : String(plan.year);
  return labels.chartTitle(plan.by ? labels.chartBy(plan.measure, plan.by) : plan.measure, span);
}

/** The chart, its legend (lines) and its summary, as one figure. */
export function renderChart(plan: ChartPlan, unit: string, labels: PageLabels, id: string): string {
  const ids = { title: `${id}-title`, description: `${id}-summary` };
  const title = chartTitle(plan, labels);
  const svg =
    plan.kind === 'line'
      ? lineChart(plan.years, plan.series, labels, ids, title)
      : barChart(plan, labels, ids, title);
  const legend =
    plan.kind === 'line'
      ? `<ul class="legend">${plan.series
          .map(
            (series, index) =>
              `<li><svg class="swatch series s${index}" viewBox="0 0 28 10" width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5"/></svg>${escapeHtml(series.label)}</li>`,
          )
          .join('')}</ul>`
      : '';
  return (
    `<figure class="chart-figure" id="${escapeHtml(id)}">` +
    `<figcaption>${escapeHtml(title)}${unit ? ` <span class="caption-note">(${escapeHtml(unit)})</span>` : ''}</figcaption>` +
    `${svg}${legend}` +
    `<p class="chart-summary" id="${escapeHtml(ids.description)}">${escapeHtml(chartSummary(plan, unit, labels))}</p>` +
    '</figure>'
  );
}
