/**
 * Profile settings, "Calendar": the person's private calendar address. The server keeps only a
 * hash, so the address is shown once, right after it is made, with how to add it to the common
 * calendar apps; afterwards the section says since when it exists and when it was last read, and
 * offers to replace it (a leaked address) or turn it off. Loaded lazily: no other page needs it.
 */
import { CALENDAR_LABELS, CALENDAR_MESSAGES, type CreatedCalendarFeed } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCalendarFeed, useCreateCalendarAddress, useTurnOffCalendarAddress } from '../../api/calendar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyableValue } from '../../components/CopyableValue';
import { OutcomeAlert, useOutcome } from '../../components/outcome';
import { RetryAlert } from '../../components/RetryAlert';
import { SettingsSection } from '../../components/SettingsSection';
import { formatDateTime } from '../../lib/timeAgo';

const HOW_TO = [CALENDAR_MESSAGES.howToGoogle, CALENDAR_MESSAGES.howToOutlook, CALENDAR_MESSAGES.howToApple];

export function CalendarSection() {
  return (
    <SettingsSection heading={CALENDAR_LABELS.heading}>
      <Typography sx={{ mb: 2, maxWidth: 640 }}>{CALENDAR_LABELS.intro}</Typography>
      <CalendarAddress />
    </SettingsSection>
  );
}

function CalendarAddress() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarAddress();
  const turnOff = useTurnOffCalendarAddress();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [asking, setAsking] = useState<'replace' | 'turnOff' | null>(null);

  if (feed.isPending) return <CircularProgress size={24} aria-label="Loading your calendar address" />;
  if (feed.isError)
    return <RetryAlert message={CALENDAR_LABELS.loadFailed} onRetry={() => void feed.refetch()} />;

  const makeAddress = () => {
    clear();
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        setAsking(null);
      },
      onError: (error) => {
        setAsking(null);
        failed(error, CALENDAR_LABELS.failed);
      },
    });
  };
  const stopAddress = () => {
    clear();
    turnOff.mutate(undefined, {
      onSuccess: (detail) => {
        setCreated(null);
        setAsking(null);
        succeeded(detail);
      },
      onError: (error) => {
        setAsking(null);
        failed(error, CALENDAR_LABELS.failed);
      },
    });
  };
  const pending = create.isPending || turnOff.isPending;
  const current = feed.data.feed;

  return (
    <Box sx={{ maxWidth: 640 }}>
      {created && (
        <>
          <Alert severity="warning" role="status" sx={{ mb: 1 }}>
            {created.detail}
          </Alert>
          <CopyableValue
            label={CALENDAR_LABELS.addressLabel}
            value={created.url}
            copyLabel={CALENDAR_LABELS.copyAddress}
          />
          <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
            {CALENDAR_LABELS.howToHeading}
          </Typography>
          <Box component="ul" sx={{ pl: 3, mt: 0 }}>
            {HOW_TO.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </>
      )}
      {current && (
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {CALENDAR_LABELS.on(formatDateTime(current.created_at))}{' '}
          {CALENDAR_LABELS.lastRead(current.last_fetched_at && formatDateTime(current.last_fetched_at))}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {current ? (
          <>
            <Button variant="outlined" disabled={pending} onClick={() => setAsking('replace')}>
              {CALENDAR_LABELS.replace}
            </Button>
            <Button variant="outlined" color="error" disabled={pending} onClick={() => setAsking('turnOff')}>
              {CALENDAR_LABELS.turnOff}
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={pending} onClick={makeAddress}>
            {CALENDAR_LABELS.create}
          </Button>
        )}
      </Box>
      <OutcomeAlert outcome={outcome} onClose={clear} />
      <ConfirmDialog
        open={asking === 'replace'}
        title={CALENDAR_LABELS.replaceTitle}
        message={CALENDAR_LABELS.replaceMessage}
        confirmLabel={CALENDAR_LABELS.replace}
        pending={pending}
        onConfirm={makeAddress}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'turnOff'}
        title={CALENDAR_LABELS.turnOffTitle}
        message={CALENDAR_LABELS.turnOffMessage}
        confirmLabel={CALENDAR_LABELS.turnOff}
        pending={pending}
        onConfirm={stopAddress}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
