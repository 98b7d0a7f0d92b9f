/**
 * On a narrow screen (down to 320 CSS px, i.e. 400 % zoom) the header's links fold into a "Menu"
 * button that shows and hides them below the bar: a disclosure, not an ARIA menu, because its
 * items are the same page links as on a wide screen. Escape closes it and gives the focus back to
 * the button; following a link, or clicking or tabbing away, closes it too.
 */
import { HEADER_TEXT } from '@keystone/contract';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type HeaderLink, HeaderLinkButton, headerLinkSx } from './HeaderLinkButton';

export function HeaderMenu({ links }: { links: HeaderLink[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A click anywhere else closes it (a click on a plain part of the page moves no focus).
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <Box ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        ref={button}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        startIcon={<MenuIcon />}
        sx={headerLinkSx}
      >
        {HEADER_TEXT.menuButton}
      </Button>
      {open && (
        <Box
          id={panelId}
          sx={{
            position: 'absolute',
            top: '100%',
            left: 0,
            right: 0,
            py: 1,
            bgcolor: 'primary.main',
            boxShadow: 4,
          }}
        >
          {links.map((link) => (
            <HeaderLinkButton key={link.label} link={link} onClick={() => setOpen(false)} fullWidth />
          ))}
        </Box>
      )}
    </Box>
  );
}
