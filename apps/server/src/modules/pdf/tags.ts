/**
 * The PDFs are tagged (PDF/UA's logical structure), so a screen reader reads them as documents:
 * every text belongs to a structure element (heading, paragraph, list, table cell) added under the
 * document's root in reading order, and every decoration (rules, panels, the backgrounds of
 * status pills, the page footers) is an artifact that readers skip.
 *
 * pdfkit draws a structure element's content when the element joins an attached parent, so
 * content is drawn in the order it is tagged. A marked sequence cannot hold another (pdfkit ends
 * the open one when an artifact starts), so decoration is drawn between tagged texts, never
 * inside them.
 */
import { type Doc, INK } from './document';

export type Structure = PDFKit.PDFStructureElement;

/** The structure types these documents use (ISO 32000's standard types). */
type ContentType = 'H1' | 'H2' | 'H3' | 'P' | 'Lbl' | 'LBody' | 'TH' | 'TD';
type GroupType = 'Sect' | 'L' | 'LI' | 'Table' | 'TR';

type PdfkitOptions = NonNullable<Parameters<Doc['struct']>[1]>;
/** pdfkit's options for a structure element; `scope` (TH) is missing from its types. */
type StructureOptions = PdfkitOptions & { scope?: 'Row' | 'Column' };

/** The document's root element, attached to its structure tree: everything else goes under it. */
export function documentRoot(doc: Doc): Structure {
  const root = doc.struct('Document');
  doc.addStructure(root);
  return root;
}

/** `draw`'s text as an element of `type` under `parent`, drawn now. */
export function tagged(
  doc: Doc,
  parent: Structure,
  type: ContentType,
  draw: () => void,
  options: StructureOptions = {},
): void {
  parent.add(doc.struct(type, options as PdfkitOptions, draw));
}

/** An element of `type` under `parent` for elements to come; `end()` it once they are added. */
export function group(doc: Doc, parent: Structure, type: GroupType): Structure {
  const element = doc.struct(type);
  parent.add(element);
  return element;
}

/** Decoration (or, for a page's footer, `Pagination`) that a reader skips. */
export function artifact(doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

/** A horizontal rule under a heading, in the rules' ink: decoration. */
export function rule(doc: Doc, x: number, y: number, width: number, lineWidth: number): void {
  artifact(doc, () =>
    doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(lineWidth)
      .strokeColor(INK.rule)
      .stroke(),
  );
}
