/** The top of the charter: which initiative, in which focus area of which strategy, and that strategy's ambition. */
import { LIMITS, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CharterInitiative } from '../../api/charter';
import { LastProgressUpdate } from '../../components/activity/ProgressDates';
import { HelpButton } from '../../components/help/HelpButton';
import { RichTextField } from '../../components/RichTextField';
import { PRINT_HIDDEN } from './printStyles';

interface CharterHeadingProps {
  initiative: CharterInitiative;
  /** Null until the strategy has loaded (it is only context here). */
  strategyTitle: string | null;
}

export function CharterHeading({ initiative, strategyTitle }: CharterHeadingProps) {
  const title = plainText(initiative.title).trim();
  const focusArea = plainText(initiative.focusAreaTitle).trim() || STRATEGY_MESSAGES.defineFocusArea;
  const hasAmbition = plainText(initiative.ambition).trim().length > 0;
  return (
    <Box component="header" data-charter-section>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography
          variant="overline"
          sx={{ fontWeight: 700, letterSpacing: '0.1em', color: 'primary.main', lineHeight: 2 }}
        >
          Initiative charter
        </Typography>
        <Box component="span" {...PRINT_HIDDEN}>
          <HelpButton topic="initiativeCharter" />
        </Box>
      </Stack>
      <Typography
        variant="h1"
        sx={{ color: title ? 'text.primary' : 'text.disabled', overflowWrap: 'anywhere', mb: 1 }}
      >
        {title || STRATEGY_MESSAGES.nameYourInitiative}
      </Typography>
      <Stack
        direction="row"
        spacing={3}
        useFlexGap
        sx={{ flexWrap: 'wrap', color: 'text.secondary', typography: 'body2' }}
      >
        <span>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Focus area:{' '}
          </Box>
          {focusArea}
        </span>
        {strategyTitle !== null && (
          <span>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Strategy:{' '}
            </Box>
            {strategyTitle || STRATEGY_MESSAGES.untitledStrategy}
          </span>
        )}
        <LastProgressUpdate date={initiative.lastProgressUpdate} />
      </Stack>
      {hasAmbition && (
        <Box
          sx={{
            mt: 2,
            pl: 2,
            py: 0.5,
            borderLeft: 3,
            borderColor: 'primary.light',
            color: 'text.secondary',
          }}
        >
          <Typography variant="caption" component="p" sx={{ fontWeight: 600, letterSpacing: '0.04em' }}>
            STRATEGY AMBITION
          </Typography>
          <RichTextField
            value={initiative.ambition}
            label="Strategy ambition"
            maxLength={LIMITS.ambition}
            readOnly
            showCounter={false}
            sx={{ typography: 'body2', fontStyle: 'italic' }}
          />
        </Box>
      )}
    </Box>
  );
}
