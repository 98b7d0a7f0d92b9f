/**
 * The avatar button of a logged-in user. Its popover (AccountPopover) is a chunk of its own,
 * fetched when the pointer or the focus reaches the button (or on the first click), and kept
 * mounted once opened so that it closes with its transition.
 */
import { HEADER_TEXT, initials } from '@keystone/contract';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { accountName, useUserDetails } from '../../api/users';

const loadPopover = () => import('./AccountPopover');
const AccountPopover = lazy(() => loadPopover().then((module) => ({ default: module.AccountPopover })));
const prefetchPopover = () => void loadPopover().catch(() => undefined);

export function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const popoverId = useId();
  const user = useUserDetails().data;
  const shown = user ? initials({ name: accountName(user), email: user.email }) : null;
  const open = anchor !== null;

  return (
    <>
      <IconButton
        aria-label={HEADER_TEXT.accountMenu(shown)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onPointerEnter={prefetchPopover}
        onFocus={prefetchPopover}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, fontSize: '0.9rem', bgcolor: 'secondary.main' }}>{shown}</Avatar>
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <AccountPopover id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
