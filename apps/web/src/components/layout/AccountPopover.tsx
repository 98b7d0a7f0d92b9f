/**
 * The avatar menu's popover: who is logged in, a way to the profile (and, for administrators, to
 * the organisation's page), and logout. Loaded when the menu is first wanted (UserMenu), so that
 * every page's first load does without its code (the popover, its transitions, logout).
 */
import { MESSAGES, ORGANISATION_LABELS } from '@keystone/contract';
import ApartmentIcon from '@mui/icons-material/Apartment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { clearSession } from '../../api/session';
import { accountName, useUserDetails } from '../../api/users';
import { endLiveConnection } from '../../realtime/liveConnection';
import { organisationPath } from '../../routes/paths';

interface AccountPopoverProps {
  id: string;
  /** The avatar button while the popover is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function AccountPopover({ id, anchor, onClose }: AccountPopoverProps) {
  const details = useUserDetails();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The session ends locally even if the server cannot be reached: the user asked to leave.
  const logoutMutation = useMutation({
    mutationFn: () => {
      endLiveConnection();
      return logout();
    },
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/login/');
    },
  });
  const user = details.data;
  const name = user ? accountName(user) : null;

  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { mt: 1, width: 280 } } }}
    >
      <Box sx={{ p: 2 }}>
        {details.isPending && <CircularProgress size={20} aria-label="Loading your details" />}
        {details.isError && <Typography color="error">{MESSAGES.fetchUserDetailsFailed}</Typography>}
        {user && (
          <>
            <Typography sx={{ fontWeight: 600 }}>{name ?? user.email}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
              {user.email}
            </Typography>
          </>
        )}
      </Box>
      {user?.isAdmin && (
        <Box sx={{ px: 1, pb: 1 }}>
          <Button
            component={RouterLink}
            to={organisationPath}
            onClick={onClose}
            startIcon={<ApartmentIcon />}
            fullWidth
            sx={{ justifyContent: 'flex-start' }}
          >
            {ORGANISATION_LABELS.menuLink}
          </Button>
        </Box>
      )}
      <Divider />
      <Box sx={{ p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          onClick={() => {
            onClose();
            navigate('/profile-settings');
          }}
        >
          Profile
        </Button>
        <Button
          variant="contained"
          onClick={() => logoutMutation.mutate()}
          disabled={logoutMutation.isPending}
        >
          {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </Box>
    </Popover>
  );
}
