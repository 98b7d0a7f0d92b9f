/**
 * /organisation, "Help videos" (issue 27): per help topic, the built-in video or the organisation's
 * own, which administrators set (an address of a supported host or a video file, checked here by
 * the contract's rule and again by the server) or reset to the built-in one.
 */
import {
  HELP_VIDEO_DESCRIPTION_MAX,
  HELP_VIDEO_LABELS,
  HELP_VIDEO_MESSAGES,
  type HelpTopic,
  type HelpVideo,
  parseVideoAddress,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import { useHelpVideos, useResetHelpVideo, useSetHelpVideo } from '../../api/helpVideos';
import { BusyButton } from '../../components/BusyButton';
import { OutcomeAlert, useOutcome } from '../../components/outcome';
import { HELP_TITLES, HELP_TOPICS } from '../../help/topics';

export function HelpVideosSettings() {
  const videos = useHelpVideos();
  const outcome = useOutcome();
  if (videos.isPending)
    return (
      <Skeleton variant="rounded" height={200} role="progressbar" aria-label="Loading the help videos" />
    );
  if (videos.isError) {
    return <Alert severity="error">{errorMessage(videos.error, HELP_VIDEO_MESSAGES.fetchFailed)}</Alert>;
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 720 }}>
        {HELP_VIDEO_LABELS.intro}
      </Typography>
      <OutcomeAlert outcome={outcome.outcome} onClose={outcome.clear} />
      <Box component="ul" aria-label={HELP_VIDEO_LABELS.heading} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {HELP_TOPICS.map((topic) => (
          <TopicVideo
            key={topic}
            topic={topic}
            chosen={videos.data.find((video) => video.topic === topic)}
            outcome={outcome}
          />
        ))}
      </Box>
    </Box>
  );
}

interface TopicVideoProps {
  topic: HelpTopic;
  chosen: HelpVideo | undefined;
  outcome: ReturnType<typeof useOutcome>;
}

function TopicVideo({ topic, chosen, outcome }: TopicVideoProps) {
  const [editing, setEditing] = useState(false);
  const reset = useResetHelpVideo();
  const title = HELP_TITLES[topic];
  // The form and Reset go away when they are done: focus goes back to the topic's Edit button
  // (WCAG 2.4.3), which the form replaced while it was open.
  const editButton = useRef<HTMLButtonElement>(null);
  const focusEdit = useRef(false);
  useEffect(() => {
    if (editing || !focusEdit.current) return;
    focusEdit.current = false;
    editButton.current?.focus();
  });
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, columnGap: 2 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: '0 0 180px' }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {chosen ? (
            <Link href={chosen.address} target="_blank" rel="noopener noreferrer">
              {chosen.address}
            </Link>
          ) : (
            HELP_VIDEO_LABELS.builtIn
          )}
        </Typography>
        {!editing && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              ref={editButton}
              size="small"
              variant="outlined"
              onClick={() => setEditing(true)}
              aria-label={`${HELP_VIDEO_LABELS.edit}: ${title}`}
            >
              {HELP_VIDEO_LABELS.edit}
            </Button>
            {chosen && (
              <BusyButton
                size="small"
                busy={reset.isPending}
                aria-label={`${HELP_VIDEO_LABELS.reset}: ${title}`}
                onClick={() =>
                  reset.mutate(topic, {
                    onSuccess: () => {
                      editButton.current?.focus();
                      outcome.succeeded(`${title}: ${HELP_VIDEO_MESSAGES.reset}`);
                    },
                    onError: (error) => outcome.failed(error, HELP_VIDEO_MESSAGES.resetFailed),
                  })
                }
              >
                {HELP_VIDEO_LABELS.reset}
              </BusyButton>
            )}
          </Box>
        )}
      </Box>
      {editing && (
        <VideoForm
          topic={topic}
          chosen={chosen}
          outcome={outcome}
          onDone={() => {
            focusEdit.current = true;
            setEditing(false);
          }}
        />
      )}
    </Box>
  );
}

interface VideoFormProps {
  topic: HelpTopic;
  chosen: HelpVideo | undefined;
  outcome: ReturnType<typeof useOutcome>;
  onDone: () => void;
}

function VideoForm({ topic, chosen, outcome, onDone }: VideoFormProps) {
  const [address, setAddress] = useState(chosen?.address ?? '');
  const [description, setDescription] = useState(chosen?.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetHelpVideo();
  const formId = useId();
  const title = HELP_TITLES[topic];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's rule, as the server applies it: the message comes at once.
    const parsed = parseVideoAddress(address);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    save.mutate(
      { topic, video: { address, description } },
      {
        onSuccess: () => {
          outcome.succeeded(`${title}: ${HELP_VIDEO_MESSAGES.saved}`);
          onDone();
        },
        onError: (error) => {
          const fieldError = error instanceof ApiError ? error.fieldErrors.address?.[0] : undefined;
          if (fieldError) setProblem(fieldError);
          else outcome.failed(error, HELP_VIDEO_MESSAGES.saveFailed);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={`${HELP_VIDEO_LABELS.heading}: ${title}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2, maxWidth: 720 }}
    >
      <TextField
        id={`${formId}-address`}
        label={HELP_VIDEO_LABELS.addressField}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? ' '}
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
      />
      <TextField
        label={HELP_VIDEO_LABELS.descriptionField}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: HELP_VIDEO_DESCRIPTION_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <BusyButton type="submit" variant="contained" busy={save.isPending}>
          {HELP_VIDEO_LABELS.save}
        </BusyButton>
        <Button onClick={onDone}>{HELP_VIDEO_LABELS.cancel}</Button>
      </Box>
    </Box>
  );
}
