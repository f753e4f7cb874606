// CKAN's `q` and `fq` are Solr queries in the Lucene classic syntax: terms (`word`,
// `field:value`, `field:"quoted value"`, `field:[A TO B]`), `*:*`, groups in parentheses, the
// modifiers `+`, `-`, `NOT`, `!` and the connectors `AND`/`&&`, `OR`/`||`. This parses that
// syntax into clauses with Lucene's own rules for which clause must, should or must not match
// (QueryParserBase.addClause), with CKAN's default operator AND. Pure; errors are data.

export type Occur = 'must' | 'should' | 'not';

export type LuceneQuery =
  | { kind: 'all' }
  | { kind: 'term'; field: string | undefined; value: string }
  | {
      kind: 'range';
      field: string;
      from: string;
      to: string;
      fromInclusive: boolean;
      toInclusive: boolean;
    }
  | { kind: 'bool'; clauses: { occur: Occur; query: LuceneQuery }[] };

export type Parsed = { ok: true; query: LuceneQuery } | { ok: false; message: string };

/** Lucene's default operator as CKAN sets it (`q.op`). */
const DEFAULT_OPERATOR: 'and' | 'or' = 'and';
/** Deeper nesting than this is refused, so no query can exhaust the stack. */
const MAX_DEPTH = 20;
/**
 * More terms than this are refused: each costs a posting list or a word search, so a query
 * cannot buy seconds of CPU by its length (a harvester's `fq` names a few organizations).
 */
export const MAX_TERMS = 100;
/** Ranges cost a pass over the dates each: fewer. */
export const MAX_RANGES = 8;

class QuerySyntaxError extends Error {}

export function parseLuceneQuery(text: string): Parsed {
  try {
    const parser = new Parser(text);
    const query = parser.parseGroup(undefined, 0);
    if (!parser.atEnd()) throw new QuerySyntaxError(`unexpected ${JSON.stringify(parser.rest())}`);
    return { ok: true, query };
  } catch (error) {
    if (error instanceof QuerySyntaxError)
      return { ok: false, message: `Cannot parse '${text}': ${error.message}` };
    throw error;
  }
}

const SPECIAL = new Set([...'+-&|!(){}[]^"~*?:\\/']);

class Parser {
  private at = 0;
  private terms = 0;
  private ranges = 0;
  constructor(private readonly text: string) {}

  private counted<T extends LuceneQuery>(query: T): T {
    if (++this.terms > MAX_TERMS)
      throw new QuerySyntaxError(`more than ${MAX_TERMS} terms; narrow the query`);
    if (query.kind === 'range' && ++this.ranges > MAX_RANGES)
      throw new QuerySyntaxError(`more than ${MAX_RANGES} ranges`);
    return query;
  }

  atEnd() {
    this.skipSpace();
    return this.at >= this.text.length;
  }
  rest() {
    return this.text.slice(this.at, this.at + 20);
  }

  private skipSpace() {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  /** Clauses until the end or a closing parenthesis; `field`: the default field inside `f:( )`. */
  parseGroup(field: string | undefined, depth: number): LuceneQuery {
    if (depth > MAX_DEPTH) throw new QuerySyntaxError('too deeply nested');
    const clauses: { occur: Occur; query: LuceneQuery }[] = [];
    for (;;) {
      this.skipSpace();
      if (this.at >= this.text.length || this.text[this.at] === ')') break;
      let conj: 'and' | 'or' | undefined;
      const connector = this.connector();
      if (connector) {
        if (clauses.length === 0) throw new QuerySyntaxError(`${connector} with nothing before it`);
        conj = connector;
        this.skipSpace();
      }
      let modifier: 'req' | 'not' | undefined;
      if (this.text.startsWith('NOT', this.at) && this.wordEnds(this.at + 3)) {
        modifier = 'not';
        this.at += 3;
      } else if (
        this.text[this.at] === '+' ||
        this.text[this.at] === '-' ||
        this.text[this.at] === '!'
      ) {
        modifier = this.text[this.at] === '+' ? 'req' : 'not';
        this.at++;
      }
      this.skipSpace();
      if (this.at >= this.text.length || this.text[this.at] === ')')
        throw new QuerySyntaxError('a clause is missing its term');
      const query = this.parseClause(field, depth);
      addClause(clauses, conj, modifier, query);
    }
    if (clauses.length === 0) throw new QuerySyntaxError('empty query');
    if (clauses.length === 1 && clauses[0]!.occur !== 'not') return clauses[0]!.query;
    return { kind: 'bool', clauses };
  }

  private wordEnds(at: number) {
    return at >= this.text.length || /[\s()]/.test(this.text[at]!);
  }

  private connector(): 'and' | 'or' | undefined {
    for (const [token, conj] of [
      ['AND', 'and'],
      ['OR', 'or'],
      ['&&', 'and'],
      ['||', 'or'],
    ] as const) {
      if (
        this.text.startsWith(token, this.at) &&
        (token.length === 2 || this.wordEnds(this.at + token.length))
      ) {
        this.at += token.length;
        return conj;
      }
    }
    return undefined;
  }

  private parseClause(field: string | undefined, depth: number): LuceneQuery {
    if (this.text[this.at] === '(') {
      this.at++;
      const inner = this.parseGroup(field, depth + 1);
      this.expect(')');
      return inner;
    }
    // field:…
    const start = this.at;
    const name = this.bareToken(true);
    if (this.text[this.at] === ':' && name !== '') {
      this.at++;
      if (name === '*' && this.text[this.at] === '*' && this.wordEnds(this.at + 1)) {
        this.at++;
        return { kind: 'all' };
      }
      const c = this.text[this.at];
      if (c === '(') {
        this.at++;
        const inner = this.parseGroup(name, depth + 1);
        this.expect(')');
        return inner;
      }
      if (c === '[' || c === '{') return this.counted(this.parseRange(name));
      if (c === '"') return this.counted({ kind: 'term', field: name, value: this.quoted() });
      const value = this.bareToken(false);
      if (value === '') throw new QuerySyntaxError(`field ${name} has no value`);
      return this.counted({ kind: 'term', field: name, value });
    }
    this.at = start;
    if (this.text[this.at] === '"')
      return this.counted({ kind: 'term', field, value: this.quoted() });
    const value = this.bareToken(false);
    if (value === '') throw new QuerySyntaxError(`unexpected ${JSON.stringify(this.rest())}`);
    return this.counted({ kind: 'term', field, value });
  }

  private parseRange(field: string): LuceneQuery {
    const fromInclusive = this.text[this.at] === '[';
    this.at++;
    this.skipSpace();
    const from = this.rangeBound();
    this.skipSpace();
    if (!(this.text.startsWith('TO', this.at) && /\s/.test(this.text[this.at + 2] ?? '')))
      throw new QuerySyntaxError('a range needs "TO" between its bounds');
    this.at += 2;
    this.skipSpace();
    const to = this.rangeBound();
    this.skipSpace();
    const close = this.text[this.at];
    if (close !== ']' && close !== '}') throw new QuerySyntaxError('a range must end with ] or }');
    this.at++;
    return { kind: 'range', field, from, to, fromInclusive, toInclusive: close === ']' };
  }

  private rangeBound(): string {
    if (this.text[this.at] === '"') return this.quoted();
    let out = '';
    while (this.at < this.text.length && !/[\s\]}]/.test(this.text[this.at]!)) {
      if (this.text[this.at] === '\\' && this.at + 1 < this.text.length) this.at++;
      out += this.text[this.at++];
    }
    if (out === '') throw new QuerySyntaxError('a range bound is missing');
    return out;
  }

  /** Characters up to white space, a parenthesis or (for a field name) a colon; `\` escapes. */
  private bareToken(isFieldName: boolean): string {
    let out = '';
    while (this.at < this.text.length) {
      const c = this.text[this.at]!;
      if (/\s/.test(c) || c === '(' || c === ')') break;
      if (c === ':' && (isFieldName || out === '')) break;
      if (c === '\\') {
        if (this.at + 1 >= this.text.length)
          throw new QuerySyntaxError('a lone backslash at the end');
        out += this.text[this.at + 1];
        this.at += 2;
        continue;
      }
      if (isFieldName && SPECIAL.has(c) && c !== '*') break;
      if (!isFieldName && (c === '"' || c === '[' || c === ']' || c === '{' || c === '}'))
        throw new QuerySyntaxError(`unexpected ${JSON.stringify(c)}`);
      if (!isFieldName && c === '^') {
        // a boost weighs a term's score, not which elements match: read and left out
        this.at++;
        while (this.at < this.text.length && /[\d.]/.test(this.text[this.at]!)) this.at++;
        break;
      }
      const aloneStar = c === '*' && out === '' && this.wordEnds(this.at + 1); // `field:*`: any
      if (!isFieldName && (c === '?' || c === '~' || (c === '*' && !aloneStar)))
        // Solr would read a wildcard, fuzzy or proximity term: answered wrong here, so refused
        throw new QuerySyntaxError(
          `${JSON.stringify(c)} (wildcard and fuzzy terms) is not supported; escape it as \\${c} to search for it`,
        );
      out += c;
      this.at++;
    }
    return out;
  }

  private quoted(): string {
    this.at++; // the opening quote
    let out = '';
    while (this.at < this.text.length && this.text[this.at] !== '"') {
      if (this.text[this.at] === '\\' && this.at + 1 < this.text.length) this.at++;
      out += this.text[this.at++];
    }
    if (this.text[this.at] !== '"') throw new QuerySyntaxError('a quote is not closed');
    this.at++;
    return out;
  }

  private expect(c: string) {
    this.skipSpace();
    if (this.text[this.at] !== c) throw new QuerySyntaxError(`expected "${c}"`);
    this.at++;
  }
}

/** Lucene's QueryParserBase.addClause, with CKAN's default operator. */
function addClause(
  clauses: { occur: Occur; query: LuceneQuery }[],
  conj: 'and' | 'or' | undefined,
  modifier: 'req' | 'not' | undefined,
  query: LuceneQuery,
) {
  const previous = clauses[clauses.length - 1];
  // introduced by AND: the clause before becomes required, unless prohibited
  if (previous && conj === 'and' && previous.occur !== 'not') previous.occur = 'must';
  // introduced by OR under the AND operator: the clause before becomes optional, unless prohibited
  if (previous && DEFAULT_OPERATOR === 'and' && conj === 'or' && previous.occur !== 'not')
    previous.occur = 'should';
  let required: boolean;
  const prohibited = modifier === 'not';
  if (DEFAULT_OPERATOR === 'or') required = modifier === 'req' || (conj === 'and' && !prohibited);
  else required = !prohibited && conj !== 'or';
  clauses.push({ occur: prohibited ? 'not' : required ? 'must' : 'should', query });
}
