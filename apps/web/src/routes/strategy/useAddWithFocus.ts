/**
 * "Add initiative" and "Add focus area" without losing focus or typing (WCAG 2.4.3): while the new
 * item is being created the button stays focusable (aria-disabled; a disabled button drops focus
 * to the page's body) and keeps the characters typed meanwhile; then the new item's title takes
 * focus and those characters, so someone who presses the button and types writes the new title.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import type { FocusHandover } from '../../components/RichTextField';

/** `create` makes the item and answers its id. */
export function useAddWithFocus(create: () => Promise<number>, onError: (error: unknown) => void) {
  const [pending, setPending] = useState(false);
  const [handover, setHandover] = useState<{ id: number; focus: FocusHandover } | null>(null);
  // Refs, not state: keys arrive between renders, and until the title takes over they are ours.
  const collecting = useRef(false);
  const typed = useRef('');

  const add = () => {
    if (collecting.current) return;
    collecting.current = true;
    typed.current = '';
    setPending(true);
    create()
      .then(
        (id) => {
          const takeTyped = () => {
            collecting.current = false;
            const text = typed.current;
            typed.current = '';
            return text;
          };
          setHandover({ id, focus: { takeTyped } });
        },
        (error: unknown) => {
          collecting.current = false;
          onError(error);
        },
      )
      .finally(() => setPending(false));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!collecting.current) return;
    const character = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!character) return;
    event.preventDefault();
    typed.current += event.key;
  };

  return {
    buttonProps: { onClick: add, onKeyDown, 'aria-disabled': pending || undefined },
    /** The focus to hand to the title of the item with this id, once it exists. */
    focusFor: (id: number) => (handover?.id === id ? handover.focus : undefined),
  };
}
