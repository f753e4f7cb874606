// An answer's body as the value it must be: UTF-8, JSON, and the shape the contract gives it
// (checked with the zod schemas the build uses). Anything else stops the pull, naming the URL.
import { z } from 'zod';
import { DataElementInput, ReferenceListInput } from '../../core/schema.ts';
import { jsonPath } from '../../generator/problems.ts';
import { PullFailure } from './pull-failure.ts';
import type { SourceAnswer } from './source-client.ts';

export const ReferenceListAnswer = ReferenceListInput;
export const DataElementsAnswer = z.array(DataElementInput);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The parsed body once it passed the schema: the JSON as received, unknown keys kept. */
export function readAnswer<Schema extends z.ZodType>(
  answer: SourceAnswer,
  schema: Schema,
  expected: string,
): z.input<Schema> {
  let text: string;
  try {
    text = strictUtf8.decode(answer.body);
  } catch {
    throw new PullFailure(`GET ${answer.url} answered a body that is not UTF-8 text`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PullFailure(
      `GET ${answer.url} answered malformed JSON (${(error as Error).message})`,
    );
  }
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const at = jsonPath(issue.path as (string | number)[]);
    throw new PullFailure(
      `GET ${answer.url} answered something other than ${expected}: ${at ? `${at}: ` : ''}${issue.message}`,
    );
  }
  return value as z.input<Schema>;
}

/** The X-Total-Count header as a count, or undefined when absent or not a plain count. */
export function totalCountOf(headers: Headers): number | undefined {
  const header = headers.get('x-total-count');
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
}
