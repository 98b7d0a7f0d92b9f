/**
 * Hostile input for browser tests: classic script payloads to write into every field a user can
 * fill, and a watch on a page that fails when any of them ran, tried to run (a CSP refusal), or
 * left executable markup in the DOM.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Each sets window.__xss (or its parent's) if the browser ever runs it. */
export const SCRIPT_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '<a href="javascript:window.__xss=1">link</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<span style="background:url(javascript:window.__xss=1)">styled</span>',
  '<details open ontoggle="window.__xss=1"><summary>more</summary></details>',
  '"><img src=x onerror=window.__xss=1>',
  '[x](javascript:window.__xss=1)',
] as const;

/** What the payloads leave for a reader once made harmless: their text, shown as text. */
export const HARMLESS_TEXTS = ['link', 'styled', 'more', '[x](javascript:window.__xss=1)'] as const;

/** Mutation XSS: harmless as parsed once, a script once re-serialised and parsed again. Last, as it is left open. */
export const MUTATION_PAYLOAD = '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>';

/** A link that must survive (http/https): it is clicked like the hostile ones. */
export const SAFE_LINK = { text: 'safe link', href: 'https://keystone.invalid/safe' } as const;

interface HostileRichTextOptions {
  /** One run of inline content, as titles, the work plan and timeline rows take. */
  singleLine?: boolean;
  /** Adds the safe link (multi-line fields only). */
  safeLink?: boolean;
}

/**
 * Rich text carrying every payload after `marker` (harmless text the page must show). Multi-line
 * fields also get a styled paragraph, and the safe link when asked.
 */
export function hostileRichText(marker: string, options: HostileRichTextOptions = {}): string {
  const inline = `${marker} ${SCRIPT_PAYLOADS.join(' ')} ${MUTATION_PAYLOAD}`;
  if (options.singleLine) return inline;
  const link = options.safeLink ? ` <a href="${SAFE_LINK.href}">${SAFE_LINK.text}</a>` : '';
  return (
    `<p>${marker}${link}</p>` +
    '<p style="background:url(javascript:window.__xss=1)">paragraph</p>' +
    `<p>${SCRIPT_PAYLOADS.join(' ')}</p>${MUTATION_PAYLOAD}`
  );
}

/**
 * Plain-text fields (stored as typed, so shown as text): the payloads that fit `max` characters,
 * starting with the `first`th, so short fields together still carry them all.
 */
export function hostilePlainText(marker: string, max: number, first = 0): string {
  const all = [...SCRIPT_PAYLOADS, MUTATION_PAYLOAD];
  let text = marker;
  for (const payload of [...all.slice(first), ...all.slice(0, first)]) {
    if ([...`${text} ${payload}`].length <= max) text = `${text} ${payload}`;
  }
  return text;
}

interface DomElement {
  tagName: string;
  textContent: string | null;
  getAttributeNames(): string[];
  getAttribute(name: string): string | null;
}

interface DomDocument {
  querySelectorAll(selector: string): Iterable<DomElement>;
}

/**
 * Runs in the page (hence no outer references): every trace of executable markup, described.
 * Scripts only from the app's own bundle; no event-handler attributes; no javascript: in any
 * attribute that holds an address or a style; no frames, plug-ins or exotic markup at all; and
 * nothing but formatting inside rendered rich text.
 */
function executableMarkup(): string[] {
  const { document: doc, location } = globalThis as unknown as {
    document: DomDocument;
    location: { origin: string };
  };
  const problems: string[] = [];
  const show = (element: DomElement) =>
    `<${element.tagName.toLowerCase()} ${element
      .getAttributeNames()
      .map((name) => `${name}="${element.getAttribute(name)}"`)
      .join(' ')}>`;
  const addressAttributes = new Set([
    'href',
    'src',
    'srcset',
    'srcdoc',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
    'ping',
    'style',
  ]);
  for (const element of doc.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) {
      // As browsers read addresses: blanks and control characters do not break up 'javascript:'.
      const value = [...(element.getAttribute(name) ?? '')].filter((char) => char > ' ').join('');
      if (/^on/i.test(name)) problems.push(`event handler: ${show(element)}`);
      else if (addressAttributes.has(name.toLowerCase()) && /javascript:/i.test(value))
        problems.push(`javascript: address: ${show(element)}`);
    }
  }
  for (const script of doc.querySelectorAll('script')) {
    const src = script.getAttribute('src') ?? '';
    if (!src.startsWith('/assets/') && !src.startsWith(`${location.origin}/assets/`))
      problems.push(`foreign script: ${show(script)}`);
    if ((script.textContent ?? '').trim()) problems.push(`inline script: ${script.textContent}`);
  }
  const neverInBody = 'iframe, frame, frameset, object, embed, applet, base, math, details, mglyph, noscript';
  for (const element of doc.querySelectorAll(`body :is(${neverInBody}, script)`))
    problems.push(`unexpected element: ${show(element)}`);
  const notRichText = 'img, svg, style, table, script, iframe, form, input, button, video, audio, source';
  for (const element of doc.querySelectorAll(`.tiptap :is(${notRichText})`))
    problems.push(`in rich text: ${show(element)}`);
  for (const link of doc.querySelectorAll('.tiptap a')) {
    if (!/^https?:\/\//i.test(link.getAttribute('href') ?? ''))
      problems.push(`rich-text link: ${show(link)}`);
  }
  return problems;
}

/** Whether any frame of the page has the payloads' flag set. */
async function flagsSet(page: Page): Promise<string[]> {
  const flagged: string[] = [];
  for (const frame of page.frames()) {
    const value = await frame
      .evaluate(() => (globalThis as { __xss?: unknown }).__xss)
      .catch(() => undefined);
    if (value !== undefined) flagged.push(`${frame.url()}: window.__xss = ${String(value)}`);
  }
  return flagged;
}

export interface ScriptWatch {
  /** Fails the test if a payload ran, tried to run, or left executable markup on the page. */
  expectNoScriptRan(where: string): Promise<void>;
}

/**
 * Watches a page from now on: dialogs (answered, and recorded), Content-Security-Policy refusals
 * (every one means something tried to run), and popups from clicked links (closed). Requests to
 * the safe link's host are answered locally.
 */
export async function watchForScripts(page: Page): Promise<ScriptWatch> {
  const context = page.context();
  const dialogs: string[] = [];
  const refusals: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    const text = message.text();
    // The app itself causes none (zod runs jitless in the browser), so every one is a payload.
    if (/Content Security Policy|CSP violation/i.test(text)) refusals.push(text);
  });
  // Also the violation events themselves, which Chromium does not always log for every kind.
  await page.addInitScript(() => {
    const target = globalThis as unknown as {
      addEventListener(
        type: string,
        listener: (event: {
          violatedDirective: string;
          blockedURI: string;
          sourceFile: string;
          lineNumber: number;
          sample: string;
        }) => void,
      ): void;
    };
    target.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      ),
    );
  });
  await context.route(/keystone\.invalid/, (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'nothing to see' }),
  );
  context.on('page', (opened) => {
    if (opened !== page) void opened.close().catch(() => undefined);
  });
  return {
    async expectNoScriptRan(where: string) {
      expect(await flagsSet(page), `a payload ran on ${where}`).toEqual([]);
      expect(dialogs, `a dialog opened on ${where}`).toEqual([]);
      expect(refusals, `the CSP refused something on ${where}`).toEqual([]);
      expect(await page.evaluate(executableMarkup), `executable markup on ${where}`).toEqual([]);
    },
  };
}

/** Clicks into every editable rich-text field, so TipTap handles the content as an editor. */
export async function focusEveryEditor(page: Page): Promise<number> {
  const editors = page.locator('.tiptap[aria-readonly="false"]');
  const count = await editors.count();
  for (let index = 0; index < count; index += 1) {
    await editors.nth(index).click();
    await expect(editors.nth(index)).toBeFocused();
  }
  // Leaves the last one, so its field lock is released.
  await page.evaluate(() =>
    (
      globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }
    ).document.activeElement?.blur?.(),
  );
  return count;
}

/** Clicks every link inside rendered rich text (each must be the safe one); answers how many. */
export async function clickRichTextLinks(page: Page): Promise<number> {
  const links = page.locator('.tiptap a');
  const count = await links.count();
  for (let index = 0; index < count; index += 1) {
    await expect(links.nth(index)).toHaveAttribute('href', SAFE_LINK.href);
    await links.nth(index).click();
  }
  return count;
}
