/**
 * A measure at a glance on the board (DESIGN §10): its title, its latest value against the
 * target as text ("€1,200.00 of €2,000.00"), a thin bar of the progress toward the target (plain
 * CSS, capped at full; the text carries the number), and the suggested status in words. Fixed
 * rows, cut with an ellipsis rather than wrapped, like the card's other rows (the image export).
 */
import {
  cappedProgress,
  formatMeasureValue,
  latestValue,
  MEASURE_TEXT,
  type Measure,
  measureSuggestion,
  progressOf,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The words of a measure's value line, also its bar's name. */
export function measureValueText(measure: Measure): string {
  const target = formatMeasureValue(measure, measure.target);
  const latest = latestValue(measure);
  if (latest === null) return MEASURE_TEXT.noReadingOfTarget(target);
  return MEASURE_TEXT.valueOfTarget(formatMeasureValue(measure, latest.value), target);
}

interface MeasureGlanceProps {
  measure: Measure;
  /** A control beside the title (a focus area's Edit for its masters). */
  action?: ReactNode;
}

export function MeasureGlance({ measure, action }: MeasureGlanceProps) {
  const latest = latestValue(measure);
  const progress = latest === null ? 0 : cappedProgress(progressOf(measure, latest.value));
  const suggestion = measureSuggestion(measure);
  const valueText = measureValueText(measure);
  return (
    <Box component="li" data-testid="measure-glance" sx={{ listStyle: 'none', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="caption" title={measure.title} sx={{ fontWeight: 600, flexGrow: 1, ...oneLine }}>
          {measure.title}
        </Typography>
        {action}
      </Box>
      <Typography
        variant="caption"
        component="p"
        title={valueText}
        sx={{ color: 'text.secondary', ...oneLine }}
      >
        {valueText}
      </Typography>
      <Box aria-hidden sx={{ height: 4, borderRadius: 2, bgcolor: '#d5dbe5', overflow: 'hidden', my: 0.25 }}>
        <Box sx={{ height: '100%', width: `${Math.round(progress * 100)}%`, bgcolor: 'primary.main' }} />
      </Box>
      {suggestion && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', ...oneLine }}>
          {MEASURE_TEXT.suggested(suggestion)}
        </Typography>
      )}
    </Box>
  );
}

/** A list of measures on a card or a focus area, named for their owner. */
export function MeasureGlanceList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {children}
    </Box>
  );
}
