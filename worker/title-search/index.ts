// Title search: a title pattern means what `new RegExp(pattern, 'i').test(title)` means, and is
// answered in linear time from an index built with the snapshot. Runtime-neutral (Node and
// workerd), no code generation. How it works: docs/title-search.md.
export { MAX_PATTERN_LENGTH } from './pattern/parse-pattern.ts';
export { encodeTitleSearchIndex } from '../../core/title-index/encode.ts';
export { decodeTitleSearchIndex, type TitleSearchIndex } from '../../core/title-index/decode.ts';
export {
  compileTitlePattern,
  type CompiledTitlePattern,
  type TitlePatternResult,
} from './pattern/compile-pattern.ts';
export { findMatchingTitles, matchingTitleBitmap } from './scan/find-matching-titles.ts';
