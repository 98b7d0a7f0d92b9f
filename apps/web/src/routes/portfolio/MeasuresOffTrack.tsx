/**
 * The measures the numbers call off track (issue 30): how many of the strategy's measures, and
 * their titles linked to the progress page where their readings are written, each beside what it
 * belongs to. Said in words, so colour is never the only signal.
 */
import { PORTFOLIO_TEXT, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PortfolioRow } from '../../api/portfolio';
import { ShortList } from './ShortList';

export function MeasuresOffTrack({ row }: { row: PortfolioRow }) {
  const { measureCount, measuresOffTrack } = row;
  if (measureCount === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {PORTFOLIO_TEXT.noMeasures}
      </Typography>
    );
  if (measuresOffTrack.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 500 }}>
        {PORTFOLIO_TEXT.noneOffTrack(measureCount)}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {PORTFOLIO_TEXT.offTrack(measuresOffTrack.length, measureCount)}
      </Typography>
      <ShortList
        id={`measures-off-track-${row.id}`}
        items={measuresOffTrack.map((measure) => {
          const owner =
            measure.initiative === null
              ? plainText(measure.focusAreaTitle).trim() || STRATEGY_MESSAGES.defineFocusArea
              : plainText(measure.initiativeTitle).trim() || STRATEGY_MESSAGES.nameYourInitiative;
          const anchor = measure.initiative === null ? '' : `#${measure.initiative}`;
          return {
            key: measure.id,
            content: (
              <>
                <Link component={RouterLink} to={`/progress-update/${row.id}${anchor}`}>
                  {measure.title}
                </Link>
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {` · ${owner}`}
                </Typography>
              </>
            ),
          };
        })}
      />
    </Box>
  );
}
