/**
 * A PDF's tagging as a screen reader meets it, read with pdf.js (through unpdf): whether it is
 * marked, its title, language and viewer preference, and its structure elements in reading order
 * with the text each holds; text drawn outside any element is listed apart, as artifacts (which a
 * reader skips) or as untagged (which it should not meet).
 */
import { getDocumentProxy } from 'unpdf';

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

interface TextPart {
  type?: string;
  id?: string | null;
  tag?: string | null;
  str?: string;
}

export interface TaggedElement {
  role: string;
  text: string;
}

export interface PdfTags {
  marked: boolean;
  title: string;
  language: string;
  displayDocTitle: boolean;
  /** Every structure element that holds text, in the tree's order (pages in turn), with its roles above it. */
  elements: (TaggedElement & { path: string[] })[];
  /** Every structure element's role, containers too, in the tree's order (pages in turn). */
  roles: string[];
  artifacts: string[];
  untagged: string[];
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

export async function readPdfTags(bytes: Buffer): Promise<PdfTags> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const [metadata, markInfo, preferences] = await Promise.all([
    pdf.getMetadata(),
    pdf.getMarkInfo(),
    pdf.getViewerPreferences(),
  ]);
  const info = metadata.info as { Title?: string; Language?: string };
  const elements: PdfTags['elements'] = [];
  const roles: string[] = [];
  const artifacts: string[] = [];
  const untagged: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent({ includeMarkedContent: true });
    // The text of each marked sequence by its id; artifacts and unmarked text apart.
    const byId = new Map<string, string>();
    const open: TextPart[] = [];
    for (const part of content.items as TextPart[]) {
      if (part.type === 'beginMarkedContentProps' || part.type === 'beginMarkedContent') open.push(part);
      else if (part.type === 'endMarkedContent') open.pop();
      else if (part.str) {
        const artifact = open.some((mark) => mark.tag === 'Artifact');
        const id = open.findLast((mark) => mark.id)?.id;
        if (artifact) artifacts.push(part.str);
        else if (id) byId.set(id, (byId.get(id) ?? '') + part.str);
        else untagged.push(part.str);
      }
    }
    const walk = (node: StructNode, path: string[]) => {
      const own = (node.children ?? [])
        .filter((child) => child.type === 'content' && child.id)
        .map((child) => byId.get(child.id!) ?? '')
        .join(' ');
      if (node.role) roles.push(node.role);
      if (node.role && clean(own)) elements.push({ role: node.role, text: clean(own), path });
      for (const child of node.children ?? []) {
        if (child.role) walk(child, node.role ? [...path, node.role] : path);
      }
    };
    const tree = (await page.getStructTree()) as StructNode | null;
    if (tree) walk(tree, []);
  }
  return {
    marked: markInfo?.Marked === true,
    title: info.Title ?? '',
    language: info.Language ?? '',
    displayDocTitle: (preferences as { DisplayDocTitle?: boolean } | null)?.DisplayDocTitle === true,
    elements,
    roles,
    artifacts: artifacts.map(clean).filter(Boolean),
    untagged: untagged.map(clean).filter(Boolean),
  };
}
