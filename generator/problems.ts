// A build problem is data: which file, where inside it, what is wrong.

export interface Problem {
  /** Path of the file as the data steward knows it, e.g. `data/data-element/2023.json`. */
  file: string;
  /** JSON path inside the file (`[14].data[0].table.rows[3]`), or `line 3, column 7`, or ''. */
  path: string;
  message: string;
}

export const formatProblem = ({ file, path, message }: Problem) =>
  path ? `${file}: ${path}: ${message}` : `${file}: ${message}`;

/** Renders a JSON path from its segments: numbers as `[i]`, keys as `.key` (or `["odd key"]`). */
export function jsonPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
