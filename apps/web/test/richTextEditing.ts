/**
 * Editing a rich-text field as a user does: its stored text is static HTML until it is focused,
 * then the editor (TipTap, loaded on demand) takes its place. jsdom has no editing, so text is
 * set through the editor's commands, as typing would.
 */
import { act, waitFor } from '@testing-library/react';

type EditorBox = HTMLElement & {
  editor: { commands: { setContent: (html: string, options: { emitUpdate: boolean }) => void } };
};

/** Focuses a field's static text and waits for its editor; answers the editor's text box. */
export async function openEditor(box: HTMLElement): Promise<EditorBox> {
  if ('editor' in box) return box as EditorBox;
  const name = box.getAttribute('aria-label');
  const before = new Set(document.querySelectorAll('.ProseMirror'));
  act(() => box.focus());
  return waitFor(() => {
    const opened = [...document.querySelectorAll<HTMLElement>('.ProseMirror')].find(
      (element) => !before.has(element) && element.getAttribute('aria-label') === name,
    );
    if (!opened || !('editor' in opened)) throw new Error(`no editor took the place of "${name}"`);
    return opened as EditorBox;
  });
}

/** Sets a field's text as typing would; answers the editor's text box (the static one is gone). */
export async function setRichText(box: HTMLElement, html: string): Promise<HTMLElement> {
  const opened = await openEditor(box);
  act(() => opened.editor.commands.setContent(html, { emitUpdate: true }));
  return opened;
}

export function typeInto(box: HTMLElement, text: string): Promise<HTMLElement> {
  return setRichText(box, `<p>${text}</p>`);
}
