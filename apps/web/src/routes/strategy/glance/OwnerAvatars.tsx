/**
 * An initiative's owners as initials, each named by a tooltip on hover and for screen readers
 * (read in the card's order); past three they fold into "+N", which names the rest. Not tab
 * stops: a full board would have a hundred of them between its fields; the charter names the
 * owners in full.
 */
import { BOARD_TEXT, initials } from '@keystone/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Person } from '../../../api/strategyWire';
import { personName } from '../../../lib/personName';

const SHOWN = 3;

function OwnerAvatar({ name, text, muted }: { name: string; text: string; muted?: boolean }) {
  return (
    <Box component="li" sx={{ ml: -0.75, '&:first-of-type': { ml: 0 } }}>
      <Tooltip title={name}>
        <Avatar
          role="img"
          aria-label={name}
          sx={{
            width: 24,
            height: 24,
            fontSize: '0.65rem',
            fontWeight: 600,
            border: '2px solid #ffffff',
            bgcolor: muted ? 'grey.500' : 'secondary.main',
          }}
        >
          {text}
        </Avatar>
      </Tooltip>
    </Box>
  );
}

export function OwnerAvatars({ owners }: { owners: Person[] }) {
  if (owners.length === 0)
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {BOARD_TEXT.noOwner}
      </Typography>
    );
  const rest = owners.slice(SHOWN);
  return (
    <Box
      component="ul"
      aria-label={BOARD_TEXT.owners}
      sx={{ display: 'flex', flexShrink: 0, m: 0, p: 0, listStyle: 'none' }}
    >
      {owners.slice(0, SHOWN).map((owner) => (
        <OwnerAvatar
          key={owner.email}
          name={personName(owner)}
          text={initials(owner)}
          muted={owner.isActive === false}
        />
      ))}
      {rest.length > 0 && (
        <OwnerAvatar name={BOARD_TEXT.moreOwners(rest.map(personName))} text={`+${rest.length}`} muted />
      )}
    </Box>
  );
}
