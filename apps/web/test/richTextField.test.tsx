import { MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextField } from '../src/components/RichTextField';
import { LINK_PROTOCOL_MESSAGE, readLinkAddress } from '../src/lib/linkAddress';

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

describe('RichTextField', () => {
  it('should refuse Enter in a single-line field', async () => {
    const { box, onChange } = renderField({ singleLine: true });
    pressEnterAtEnd(box);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(box.querySelectorAll('p')).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('should start a new paragraph on Enter in a multi-line field', async () => {
    const { box, onChange } = renderField();
    pressEnterAtEnd(box);
    await waitFor(() => expect(box.querySelectorAll('p')).toHaveLength(2));
    expect(onChange).toHaveBeenCalled();
  });

  it("should say 'Allowed amount of characters reached.' at the limit, counting plain text", () => {
    renderField({ value: '<p><strong>12345</strong></p>', maxLength: 5 });
    expect(screen.getByText(MESSAGES.charactersReached)).toBeTruthy();
  });

  it('should be read-only and quiet when asked', () => {
    const { box } = renderField({ readOnly: true, value: '<p>12345</p>', maxLength: 5 });
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByText(MESSAGES.charactersReached)).toBeNull();
  });

  it('should show a newer value from the server unless an edit is unsaved', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RichTextField value="<p>One</p>" label="Field" maxLength={200} onChange={onChange} />,
    );
    rerender(<RichTextField value="<p>Two</p>" label="Field" maxLength={200} onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Field' }).textContent).toBe('Two');
    rerender(<RichTextField value="<p>Three</p>" label="Field" maxLength={200} settled={false} />);
    expect(screen.getByRole('textbox', { name: 'Field' }).textContent).toBe('Two');
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
