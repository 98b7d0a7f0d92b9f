/**
 * One measure on the progress page (DESIGN §10): its title and aim, the reading of the due date on
 * display (the current one editable for progress editors, a locked one read-only), what that
 * value says (progress toward the target and the suggested status, in words), and its trend.
 */
import {
  DIRECTION_LABELS,
  formatDay,
  formatMeasureValue,
  formatProgress,
  MEASURE_TEXT,
  type Measure,
  suggestionFor,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useProgressEditing } from './progressEditing';
import { ReadingField } from './ReadingField';
import { ReadingTrend, trendPoints } from './ReadingTrend';
import { SuggestionText } from './SuggestionText';

interface MeasureReadingProps {
  measure: Measure;
  canEdit: boolean;
}

export function MeasureReading({ measure, canEdit }: MeasureReadingProps) {
  const { lockedDate, lockedReadings, timeZone } = useProgressEditing();
  const past = lockedReadings?.get(measure.id) ?? null;
  const reading =
    lockedDate === null ? measure.current : { value: past?.value ?? null, note: past?.note ?? '' };
  // The expected value is read at the due date the reading belongs to.
  const when = lockedDate ?? measure.current.due_date ?? measure.current.updated_at;
  const aim = MEASURE_TEXT.definition(
    DIRECTION_LABELS[measure.direction],
    formatMeasureValue(measure, measure.target),
    formatDay(`${measure.target_date}T12:00:00Z`, 'UTC'),
  );

  return (
    <Box data-testid="measure-reading" sx={{ display: 'grid', gap: 0.75 }}>
      <Box>
        <Typography component="h4" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {measure.title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {aim}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '56px minmax(0, 1fr)' },
          columnGap: 1.5,
          rowGap: 0.5,
          '& dt': { typography: 'body2', fontWeight: 600, color: 'text.secondary', pt: 0.5 },
          '& dd': { m: 0, minWidth: 0 },
        }}
      >
        <dt>{MEASURE_TEXT.value}</dt>
        <dd>
          {lockedDate === null ? (
            <ReadingField measure={measure} field="value" canEdit={canEdit} />
          ) : (
            <Typography variant="body2" sx={{ pt: 0.5 }}>
              {reading.value === null ? MEASURE_TEXT.noReading : formatMeasureValue(measure, reading.value)}
            </Typography>
          )}
        </dd>
        <dt>{MEASURE_TEXT.note}</dt>
        <dd>
          {lockedDate === null ? (
            <ReadingField measure={measure} field="note" canEdit={canEdit} />
          ) : (
            <Typography variant="body2" sx={{ pt: 0.5, overflowWrap: 'anywhere' }}>
              {reading.note || MEASURE_TEXT.noNote}
            </Typography>
          )}
        </dd>
      </Box>
      {/* An empty reading says so once: in its box for a reader or a locked date, here for a writer. */}
      {(reading.value !== null || (lockedDate === null && canEdit)) && (
        <Typography variant="body2" data-testid="reading-outcome">
          {reading.value === null ? (
            MEASURE_TEXT.noReading
          ) : (
            <>
              {formatMeasureValue(measure, reading.value)} ·{' '}
              {MEASURE_TEXT.progress(formatProgress(measure, reading.value))} ·{' '}
              <SuggestionText suggestion={suggestionFor(measure, reading.value, when)} />
            </>
          )}
        </Typography>
      )}
      <ReadingTrend measure={measure} points={trendPoints(measure, lockedDate)} timeZone={timeZone} />
    </Box>
  );
}
