/** The organisation's invites and whether each has been accepted. */

import { MESSAGES } from '@keystone/contract';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useInvites } from '../../api/invites';
import { RetryAlert } from '../../components/RetryAlert';

export function InviteList() {
  const invites = useInvites();
  if (invites.isPending) return <CircularProgress size={24} aria-label="Loading invites" />;
  if (invites.isError)
    return <RetryAlert message={MESSAGES.getInvitesFailed} onRetry={() => void invites.refetch()} />;
  if (invites.data.length === 0) {
    return <Typography color="textSecondary">Nobody has been invited yet.</Typography>;
  }
  return (
    <List dense aria-label="Invites" sx={{ maxWidth: 520 }}>
      {invites.data.map((invite) => (
        <ListItem key={invite.id} divider secondaryAction={<InviteStatus accepted={invite.isAccepted} />}>
          <ListItemText
            primary={invite.email}
            slotProps={{ primary: { sx: { wordBreak: 'break-all', pr: 10 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function InviteStatus({ accepted }: { accepted: boolean }) {
  return accepted ? (
    <Chip label="Accepted" color="success" size="small" variant="outlined" />
  ) : (
    <Chip label="Pending" size="small" variant="outlined" />
  );
}
