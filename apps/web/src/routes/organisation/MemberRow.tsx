/**
 * One member on the members table: who they are (name, address, title), their status and last
 * activity and how they sign in, their strategies, and the actions (administrator or not, break-glass
 * access, deactivate or reactivate).
 */
import {
  MEMBER_SIGN_IN_LABELS,
  MEMBER_STATUS_LABELS,
  type Member,
  type MemberStatus,
  ORGANISATION_LABELS,
  STRATEGY_ROLE_LABELS,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BreakableEmail } from '../../components/BreakableEmail';
import { BusyButton } from '../../components/BusyButton';
import { formatDateTime, timeAgo } from '../../lib/timeAgo';
import { strategyTeamPath } from '../paths';

const STATUS_COLORS = {
  active: 'success',
  deactivated: 'default',
  invited: 'info',
} as const satisfies Record<MemberStatus, 'success' | 'default' | 'info'>;

export const memberName = (member: Member) => member.name ?? member.email;

interface MemberRowProps {
  member: Member;
  /** The administrator's own row: deactivating oneself is refused, so it is not offered. */
  isSelf: boolean;
  disabled: boolean;
  onAdminChange: (isAdmin: boolean) => void;
  /** Administrators only: keeps password and two-factor when single sign-on is required. */
  onBreakGlassChange: (breakGlass: boolean) => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}

export function MemberRow({
  member,
  isSelf,
  disabled,
  onAdminChange,
  onBreakGlassChange,
  onDeactivate,
  onReactivate,
}: MemberRowProps) {
  const name = memberName(member);

  return (
    <TableRow hover sx={{ verticalAlign: 'top' }}>
      {/* Who: the name, and under it the address and business title, so the row fits a tablet.
          A long word (a name or title with no spaces) breaks anywhere rather than widen the table;
          the address keeps its own break points. */}
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {member.name ?? '—'}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          <BreakableEmail email={member.email} />
        </Typography>
        {member.business_title && (
          <Typography variant="body2" color="textSecondary">
            {member.business_title}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLORS[member.status]}
          label={MEMBER_STATUS_LABELS[member.status]}
        />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {ORGANISATION_LABELS.columnLastActive}
          {/* On a line of its own: the column stays narrow, and the time is never split. */}
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {member.last_active ? (
              <span title={formatDateTime(member.last_active)}>{timeAgo(member.last_active)}</span>
            ) : (
              <span>{ORGANISATION_LABELS.neverActive}</span>
            )}
          </Box>
        </Typography>
        {/* How they sign in: under the status rather than columns of their own, so the table fits a tablet. */}
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {member.mfa_enabled ? MEMBER_SIGN_IN_LABELS.twoFactorOn : MEMBER_SIGN_IN_LABELS.twoFactorOff}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {member.sso_linked ? MEMBER_SIGN_IN_LABELS.ssoLinked : MEMBER_SIGN_IN_LABELS.ssoNotLinked}
        </Typography>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <MemberStrategies strategies={member.strategies} />
      </TableCell>
      <TableCell>
        <FormControlLabel
          sx={{ mx: 0, whiteSpace: 'nowrap' }}
          label={<Typography variant="body2">{ORGANISATION_LABELS.columnAdmin}</Typography>}
          control={
            <Switch
              size="small"
              checked={member.is_admin}
              // Only active people who have signed up can become administrators (the server says so too).
              disabled={member.status !== 'active' && !member.is_admin}
              // While a change is saved the switch keeps its focus (a disabled one would drop it to
              // the page, WCAG 2.4.3) and ignores the keys and clicks.
              onChange={(event) => !disabled && onAdminChange(event.target.checked)}
              slotProps={{
                input: {
                  'aria-label': ORGANISATION_LABELS.adminSwitch(name),
                  'aria-disabled': disabled || undefined,
                },
              }}
            />
          }
        />
        {member.is_admin && (
          <FormControlLabel
            sx={{ mx: 0, whiteSpace: 'nowrap', display: 'flex' }}
            label={<Typography variant="body2">{MEMBER_SIGN_IN_LABELS.breakGlass}</Typography>}
            control={
              <Switch
                size="small"
                checked={member.break_glass}
                // As the administrator switch: keeps its focus while saving. The server says who may
                // (two-factor on, not the last one while single sign-on is required).
                onChange={(event) => !disabled && onBreakGlassChange(event.target.checked)}
                slotProps={{
                  input: {
                    'aria-label': MEMBER_SIGN_IN_LABELS.breakGlassSwitch(name),
                    'aria-disabled': disabled || undefined,
                  },
                }}
              />
            }
          />
        )}
        <Box>
          {/* One button that turns from Deactivate into Reactivate and back: the same element,
              so keyboard focus stays on it across the change (WCAG 2.4.3), and it ignores input
              while a change is saved instead of being disabled (which drops focus). */}
          {(member.status === 'deactivated' || (member.status === 'active' && !isSelf)) && (
            <BusyButton
              size="small"
              color={member.status === 'active' ? 'error' : 'primary'}
              busy={disabled}
              onClick={member.status === 'active' ? onDeactivate : onReactivate}
              aria-label={
                member.status === 'active'
                  ? ORGANISATION_LABELS.deactivateButton(name)
                  : ORGANISATION_LABELS.reactivateButton(name)
              }
            >
              {member.status === 'active' ? ORGANISATION_LABELS.deactivate : ORGANISATION_LABELS.reactivate}
            </BusyButton>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}

function MemberStrategies({ strategies }: { strategies: Member['strategies'] }) {
  if (strategies.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {ORGANISATION_LABELS.noStrategies}
      </Typography>
    );
  }
  return (
    <>
      {strategies.map((strategy) => (
        <Typography key={strategy.id} variant="body2" sx={{ mb: 0.5 }}>
          <Link component={RouterLink} to={strategyTeamPath(strategy.id)}>
            {strategy.title}
          </Link>
          <Typography component="span" variant="body2" color="textSecondary">
            {` · ${strategy.roles.map((role) => STRATEGY_ROLE_LABELS[role]).join(', ')}`}
          </Typography>
        </Typography>
      ))}
    </>
  );
}
