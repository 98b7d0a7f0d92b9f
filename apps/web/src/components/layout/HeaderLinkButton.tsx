/** One of the header's page links, in the bar on a wide screen and in its menu on a narrow one. */
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

export interface HeaderLink {
  label: string;
  to: string;
  /** The page on display. */
  current: boolean;
}

export const headerLinkSx = {
  color: 'inherit',
  fontWeight: 500,
  '&:hover': { bgcolor: 'rgba(255,255,255,0.1)' },
  // The page on display: a line under its link, as well as aria-current for screen readers.
  '&[aria-current="page"]': { boxShadow: 'inset 0 -2px 0 currentColor', borderRadius: 0 },
};

/** In the menu a line under the whole width would read as a divider: the mark is at the start. */
const menuLinkSx = {
  ...headerLinkSx,
  justifyContent: 'flex-start',
  px: 2,
  py: 1.25,
  borderRadius: 0,
  '&[aria-current="page"]': { boxShadow: 'inset 4px 0 0 currentColor' },
};

interface HeaderLinkButtonProps {
  link: HeaderLink;
  onClick?: () => void;
  /** In the narrow menu: one link a line, the whole width of the screen. */
  fullWidth?: boolean;
}

export function HeaderLinkButton({ link, onClick, fullWidth }: HeaderLinkButtonProps) {
  return (
    <Button
      component={RouterLink}
      to={link.to}
      aria-current={link.current ? 'page' : undefined}
      onClick={onClick}
      fullWidth={fullWidth}
      sx={fullWidth ? menuLinkSx : headerLinkSx}
    >
      {link.label}
    </Button>
  );
}
