// A page parsed as browsers parse it (parse5, the HTML standard's algorithm), with the few queries
// the page tests need: elements by tag, attributes, text, and a table's cells placed by their spans.
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

export const parseHtml = (html: string) => parse(html);

const isElement = (node: Node): node is Element => 'tagName' in node;
const childrenOf = (node: Node): Node[] => {
  const own = 'childNodes' in node ? node.childNodes : [];
  // a <template>'s children are in its content fragment
  return 'content' in node ? [...own, ...(node.content as { childNodes: Node[] }).childNodes] : own;
};

/** Every element under `root` (document order) that `test` accepts. */
export function findAll(root: Node, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if (isElement(node) && test(node)) found.push(node);
    childrenOf(node).forEach(walk);
  };
  walk(root);
  return found;
}

export const byTag = (root: Node, tag: string) => findAll(root, (e) => e.tagName === tag);
export const byId = (root: Node, id: string) => findAll(root, (e) => attr(e, 'id') === id)[0];
export const attr = (element: Element, name: string) =>
  element.attrs.find((a) => a.name === name)?.value;
export const children = (element: Element, tag: string) =>
  childrenOf(element).filter((node): node is Element => isElement(node) && node.tagName === tag);

/** The text of a node, as textContent gives it. */
export function text(node: Node): string {
  if (node.nodeName === '#text') return (node as { value: string }).value;
  return childrenOf(node).map(text).join('');
}

/** The table's rows of a section (thead, tbody) as a grid: each cell's text in every slot it spans. */
export function grid(section: Element): string[][] {
  const rows: string[][] = [];
  children(section, 'tr').forEach((row, rowIndex) => {
    rows[rowIndex] ??= [];
    let column = 0;
    for (const cell of childrenOf(row).filter(
      (n): n is Element => isElement(n) && (n.tagName === 'th' || n.tagName === 'td'),
    )) {
      while (rows[rowIndex]![column] !== undefined) column++;
      const colspan = Number(attr(cell, 'colspan') ?? 1);
      const rowspan = Number(attr(cell, 'rowspan') ?? 1);
      for (let r = 0; r < rowspan; r++)
        for (let c = 0; c < colspan; c++) (rows[rowIndex + r] ??= [])[column + c] = text(cell);
      column += colspan;
    }
  });
  return rows;
}
