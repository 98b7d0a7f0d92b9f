import { MESSAGES } from '@keystone/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextField } from '../src/components/RichTextField';
import { displayHtml } from '../src/components/richText/displayHtml';
import { LINK_PROTOCOL_MESSAGE, readLinkAddress } from '../src/lib/linkAddress';
import { openEditor } from './richTextEditing';

afterEach(cleanup);

function renderField(props: Partial<Parameters<typeof RichTextField>[0]> = {}) {
  const onChange = vi.fn();
  render(<RichTextField value="<p>One</p>" label="Field" maxLength={200} onChange={onChange} {...props} />);
  return { onChange, box: screen.getByRole('textbox', { name: 'Field' }) };
}

/** Puts the caret at the end of the text and presses Enter the way ProseMirror listens for it. */
function pressEnterAtEnd(box: HTMLElement) {
  box.focus();
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('RichTextField at rest', () => {
  it('should show the stored text as an editable text box, without the editor', () => {
    const { box } = renderField({ value: '<p>One <strong>two</strong></p>', singleLine: true });
    expect(box.innerHTML).toBe('<p>One <strong>two</strong></p>');
    expect(box.getAttribute('aria-readonly')).toBe('false');
    expect(box.getAttribute('aria-multiline')).toBe('false');
    expect(box.tabIndex).toBe(0);
    expect(document.querySelector('.ProseMirror')).toBeNull();
  });

  it("should show an empty field's placeholder", () => {
    const { box } = renderField({ value: '', placeholder: 'Name your initiative' });
    expect(box.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe(
      'Name your initiative',
    );
    expect(box.getAttribute('aria-multiline')).toBe('true');
  });

  it('should show a newer value from the server', () => {
    const { rerender } = render(<RichTextField value="<p>One</p>" label="Field" maxLength={200} />);
    rerender(<RichTextField value="<p>Two</p>" label="Field" maxLength={200} />);
    expect(screen.getByRole('textbox', { name: 'Field' }).textContent).toBe('Two');
  });

  it('should swap in the editor on focus and keep what was typed before it was ready', async () => {
    const { box, onChange } = renderField();
    box.focus();
    fireEvent.keyDown(box, { key: 'a' });
    fireEvent.keyDown(box, { key: 'b' });
    const editor = await openEditor(box);
    expect(editor.textContent).toBe('Oneab');
    expect(onChange).toHaveBeenLastCalledWith('<p>Oneab</p>');
  });

  it('should mark a field with an error invalid, at rest and in the editor (WCAG 3.3.1)', async () => {
    const { box } = renderField({ error: 'Title is required.' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Title is required.')).toBeTruthy();
    const editor = await openEditor(box);
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    cleanup();
    const fine = renderField();
    expect(fine.box.hasAttribute('aria-invalid')).toBe(false);
    expect((await openEditor(fine.box)).hasAttribute('aria-invalid')).toBe(false);
  });

  it('should stay static, out of the tab order, when read-only', async () => {
    const { box } = renderField({ readOnly: true, value: '<p>12345</p>', maxLength: 5 });
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(box.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByText(MESSAGES.charactersReached)).toBeNull();
    fireEvent.focus(box);
    fireEvent.pointerDown(box);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ProseMirror')).toBeNull();
  });
});

describe('RichTextField editing', () => {
  it('should refuse Enter in a single-line field', async () => {
    const { box, onChange } = renderField({ singleLine: true });
    const editor = await openEditor(box);
    pressEnterAtEnd(editor);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(editor.querySelectorAll('p')).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('should start a new paragraph on Enter in a multi-line field', async () => {
    const { box, onChange } = renderField();
    const editor = await openEditor(box);
    pressEnterAtEnd(editor);
    await waitFor(() => expect(editor.querySelectorAll('p')).toHaveLength(2));
    expect(onChange).toHaveBeenCalled();
  });

  it("should say 'Allowed amount of characters reached.' at the limit, counting plain text", async () => {
    const { box } = renderField({ value: '<p><strong>12345</strong></p>', maxLength: 5 });
    expect(screen.getByText(MESSAGES.charactersReached)).toBeTruthy();
    await openEditor(box);
    expect(screen.getByText(MESSAGES.charactersReached)).toBeTruthy();
  });

  it('should be read-only and quiet when locked while open', async () => {
    const props = { value: '<p>12345</p>', label: 'Field', maxLength: 5 };
    const { rerender } = render(<RichTextField {...props} />);
    const editor = await openEditor(screen.getByRole('textbox', { name: 'Field' }));
    rerender(<RichTextField {...props} readOnly />);
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect(editor.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByText(MESSAGES.charactersReached)).toBeNull();
  });

  it('should show a newer value from the server unless an edit is unsaved', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RichTextField value="<p>One</p>" label="Field" maxLength={200} onChange={onChange} />,
    );
    const editor = await openEditor(screen.getByRole('textbox', { name: 'Field' }));
    act(() => editor.blur());
    rerender(<RichTextField value="<p>Two</p>" label="Field" maxLength={200} onChange={onChange} />);
    await waitFor(() => expect(editor.textContent).toBe('Two'));
    rerender(<RichTextField value="<p>Three</p>" label="Field" maxLength={200} settled={false} />);
    expect(editor.textContent).toBe('Two');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('readLinkAddress', () => {
  it('should accept http and https addresses and give a bare host https://', () => {
    expect(readLinkAddress('https://example.com/a?b=1')).toEqual({
      kind: 'set',
      href: 'https://example.com/a?b=1',
    });
    expect(readLinkAddress('http://example.com')).toEqual({ kind: 'set', href: 'http://example.com/' });
    expect(readLinkAddress(' example.com/plan ')).toEqual({ kind: 'set', href: 'https://example.com/plan' });
    expect(readLinkAddress('localhost:3000')).toEqual({ kind: 'set', href: 'https://localhost:3000/' });
  });

  it('should remove the link when the address is empty', () => {
    expect(readLinkAddress('   ')).toEqual({ kind: 'remove' });
  });

  it('should refuse other protocols', () => {
    for (const address of [
      'javascript:alert(1)',
      'mailto:someone@example.com',
      'ftp://example.com',
      'data:text/html,x',
    ]) {
      expect(readLinkAddress(address)).toEqual({ kind: 'invalid', message: LINK_PROTOCOL_MESSAGE });
    }
  });
});

describe('displayHtml', () => {
  it('should show a link without a safe address, and a heading, as the editor does', () => {
    expect(displayHtml('<p>a <a target="_blank">b</a> <a href="https://x.test/">c</a></p><h1>d</h1>')).toBe(
      '<p>a b <a href="https://x.test/">c</a></p><p>d</p>',
    );
    expect(displayHtml('<p>plain</p>')).toBe('<p>plain</p>');
  });
});
