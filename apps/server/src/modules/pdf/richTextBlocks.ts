/**
 * Stored rich text (the sanitiser's small set of tags) as the blocks a PDF prints: paragraphs and
 * list items with their marker and depth. Inline marks (bold, links) are read as plain text.
 */
import { plainText } from '@keystone/contract';

export interface TextBlock {
  text: string;
  /** For a list item: "•" or "3."; absent for a paragraph. */
  marker?: string;
  /** Nesting of a list item: 0 for a top-level one. */
  depth: number;
}

interface OpenList {
  ordered: boolean;
  next: number;
}

export function richTextBlocks(html: string | null | undefined): TextBlock[] {
  if (!html) return [];
  const blocks: TextBlock[] = [];
  const lists: OpenList[] = [];
  let text = '';
  let marker: string | undefined;
  const flush = () => {
    const clean = plainText(text)
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .trim();
    if (clean) blocks.push({ text: clean, depth: Math.max(lists.length - 1, 0), ...(marker && { marker }) });
    text = '';
    marker = undefined;
  };
  for (const part of html.split(/(<[^>]*>)/)) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(part);
    if (!tag) {
      text += part;
      continue;
    }
    const [, closing, rawName] = tag;
    const name = rawName!.toLowerCase();
    if (name === 'br') text += '\n';
    else if (name === 'ul' || name === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', next: 1 });
    } else if (name === 'li') {
      flush();
      const list = lists.at(-1);
      if (!closing && list) marker = list.ordered ? `${list.next++}.` : '•';
    } else if (/^(p|h[1-6]|blockquote|div)$/.test(name)) {
      // A paragraph inside a list item belongs to the item: keep its marker.
      const kept = marker;
      if (text.trim()) flush();
      marker = kept;
    }
  }
  flush();
  return blocks;
}
