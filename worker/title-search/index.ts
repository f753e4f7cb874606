// Title search: a title pattern means what `new RegExp(pattern, 'i').test(title)` means, and is
// answered in linear time from an index built with the snapshot. Runtime-neutral (Node and
// workerd), no code generation. How it works: docs/title-search.md.
export { MAX_PATTERN_LENGTH } from './parse-pattern.ts';
export { encodeTitleSearchIndex } from './encode-index.ts';
export { decodeTitleSearchIndex, type TitleSearchIndex } from './decode-index.ts';
export {
  compileTitlePattern,
  type CompiledTitlePattern,
  type TitlePatternResult,
} from './compile-pattern.ts';
export { findMatchingTitles, matchingTitleBitmap } from './find-matching-titles.ts';
