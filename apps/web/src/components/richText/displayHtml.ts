/**
 * Stored rich text as the editor would show it. The server's sanitiser (DESIGN §3) keeps a few
 * things the editor's schema does not: a link whose unsafe address it removed (an <a> with no
 * href) and headings. The editor shows those as plain text and paragraphs, so the static text
 * must too, or a field would change its look when focused. Parsed in an inert <template>.
 */
const SAFE_ADDRESS = /^https?:\/\//i;

export function displayHtml(html: string): string {
  if (!/<(a|h[1-6])\b/i.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const link of content.querySelectorAll('a')) {
    if (!SAFE_ADDRESS.test(link.getAttribute('href') ?? '')) link.replaceWith(...link.childNodes);
  }
  for (const heading of content.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const paragraph = document.createElement('p');
    paragraph.append(...heading.childNodes);
    heading.replaceWith(paragraph);
  }
  return template.innerHTML;
}
