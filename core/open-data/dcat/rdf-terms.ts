// What makes catalogue text and URLs safe as RDF terms, the same for both syntaxes: text as
// well-formed UTF-16, IRIs percent-encoded, language tags that Turtle and JSON-LD both accept.
// Runtime-neutral and library-free: it goes into the Worker bundle.

// A lone surrogate can not be written as UTF-8 (nor as a Turtle \u escape): U+FFFD, as
// TextEncoder would write it, so both serializations carry the same text.
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const wellFormed = (text: string) =>
  SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;

// What may stay as it is in an IRI written here: RFC 3986's unreserved and reserved characters
// and a "%" that starts an escape. Everything else (space, <>"{}|\^`, controls, non-ASCII) is
// percent-encoded as UTF-8, so every IRI is also a URI and fits Turtle's IRIREF and JSON-LD.
const NOT_IRI_SAFE = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})/gu;
const PLAIN_IRI = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*$/; // the common case: nothing to check
export const encodeIri = (value: string) =>
  PLAIN_IRI.test(value)
    ? value
    : wellFormed(value).replace(NOT_IRI_SAFE, (ch) =>
        ch === '%' ? '%25' : encodeURIComponent(ch),
      );

const LANGUAGE_TAG = /^[a-z]+(-[a-z0-9]+)*$/;
const usableTags = new Map<string, string | undefined>(); // a page uses one or two: remembered

/** The language as a lowercase BCP 47 tag, or undefined when it is not usable as one. */
export function languageTag(language: string): string | undefined {
  if (!usableTags.has(language)) {
    const tag = language.toLowerCase();
    if (usableTags.size > 100) usableTags.clear();
    usableTags.set(language, LANGUAGE_TAG.test(tag) ? tag : undefined);
  }
  return usableTags.get(language);
}
