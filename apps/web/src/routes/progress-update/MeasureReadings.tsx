/** The measures of an initiative or a focus area on the progress page, each with its reading. */
import { MEASURE_TEXT, type Measure } from '@keystone/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MeasureReading } from './MeasureReading';
import { useProgressEditing } from './progressEditing';

interface MeasureReadingsProps {
  measures: Measure[];
  /** Whether the user may write this owner's readings (the contract's canWriteReading). */
  canEdit: boolean;
}

export function MeasureReadings({ measures, canEdit }: MeasureReadingsProps) {
  const headingId = useId();
  const { current, lockedReadings } = useProgressEditing();
  // A locked date's readings that could not be read: the page offers to try again above.
  if (measures.length === 0 || (!current && lockedReadings === null)) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography
        id={headingId}
        component="h3"
        variant="body2"
        sx={{ fontWeight: 700, color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.5 }}
      >
        {MEASURE_TEXT.measures}
      </Typography>
      {measures.map((measure) => (
        <MeasureReading key={measure.id} measure={measure} canEdit={canEdit} />
      ))}
    </Box>
  );
}
