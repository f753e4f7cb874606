// Title search: a title pattern means what `new RegExp(pattern, 'i').test(title)` means, and is
// answered in linear time from an index built with the snapshot. Runtime-neutral (Node and
// workerd), no code generation. How it works: docs/title-search.md. The index's format is in
// core/title-index/ (the build writes it).
export { MAX_PATTERN_LENGTH } from './pattern/parse-pattern.ts';
export type { TitleSearchIndex } from '../../core/title-index/decode.ts';
export { compileTitlePattern, type KeptPatterns } from './pattern/compile-pattern.ts';
export type { CompiledTitlePattern, TitlePatternResult } from './pattern/compiled-pattern.ts';
export {
  findMatchingTitles,
  matchingTitleBitmap,
  type KeptBindings,
} from './scan/find-matching-titles.ts';
