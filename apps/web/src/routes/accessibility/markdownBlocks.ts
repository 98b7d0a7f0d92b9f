/**
 * The small part of Markdown that docs/ACCESSIBILITY.md is written in, read into blocks the
 * statement page renders as real headings, lists and tables (no HTML is ever injected): `#`
 * headings, paragraphs, `-` lists, pipe tables, and inline `**strong**`, `` `code` `` and
 * `[links](url)`.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] };

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  let from = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > from) parts.push({ kind: 'text', text: text.slice(from, match.index) });
    const [, strong, code, linkText, href] = match;
    if (strong !== undefined) parts.push({ kind: 'strong', text: strong });
    else if (code !== undefined) parts.push({ kind: 'code', text: code });
    else parts.push({ kind: 'link', text: linkText ?? '', href: href ?? '' });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) });
  return parts;
}

/** The cells of a `| a | b |` row. */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

const isTableRow = (line: string) => line.trim().startsWith('|');
const isSeparatorRow = (line: string) => /^\|?[\s:|-]+\|?$/.test(line.trim());
const isListItem = (line: string) => line.startsWith('- ');
const HEADING = /^(#{1,4}) (.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.split('\n');
  const blocks: Block[] = [];
  let index = 0;
  // Consecutive lines that pass `test`, from the current one.
  const takeWhile = (test: (line: string) => boolean) => {
    const taken: string[] = [];
    while (index < lines.length && test(lines[index] ?? '')) taken.push(lines[index++] ?? '');
    return taken;
  };
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const heading = HEADING.exec(line);
    if (line.trim() === '') {
      index += 1;
    } else if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, content: parseInline(heading[2] ?? '') });
      index += 1;
    } else if (isTableRow(line)) {
      const [head = '', ...rows] = takeWhile(isTableRow);
      blocks.push({
        kind: 'table',
        head: cells(head),
        rows: rows.filter((row) => !isSeparatorRow(row)).map(cells),
      });
    } else if (isListItem(line)) {
      // An item's wrapped lines are indented; they join the item.
      const items: string[] = [];
      for (const itemLine of takeWhile((next) => isListItem(next) || next.startsWith('  '))) {
        if (isListItem(itemLine)) items.push(itemLine.slice(2));
        else items[items.length - 1] += ` ${itemLine.trim()}`;
      }
      blocks.push({ kind: 'list', items: items.map(parseInline) });
    } else {
      const text = takeWhile(
        (next) => next.trim() !== '' && !HEADING.test(next) && !isTableRow(next) && !isListItem(next),
      );
      blocks.push({ kind: 'paragraph', content: parseInline(text.join(' ')) });
    }
  }
  return blocks;
}
