/** Marks for the strategy page's image download (spec §2): what the picture leaves out. */

/** Marks controls that mean nothing on paper (help buttons, links); the image leaves them out. */
export const SKIP_IN_EXPORT = { 'data-export-skip': '' } as const;

/** Whether a node belongs in the image (the filter of the export). */
export const isExported = (node: HTMLElement) =>
  !(node instanceof HTMLElement && 'exportSkip' in node.dataset);
