/**
 * One measure on the charter: its definition in words, its latest value against the target with
 * the progress and the suggested status, its chart, and the chart's table behind "Show as table".
 */
import {
  DIRECTION_LABELS,
  formatDay,
  formatMeasureValue,
  formatProgress,
  latestValue,
  MEASURE_TEXT,
  type Measure,
  measureSuggestion,
} from '@keystone/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { MeasureChart } from './MeasureChart';
import { MeasureTable } from './MeasureTable';
import { calendarDay, measureSeries } from './measureSeries';
import { PRINT_HIDDEN } from './printStyles';

interface MeasureDetailsProps {
  measure: Measure;
  /** Opens the definition dialog; absent for someone who may not define measures. */
  onEdit?: () => void;
  onEditHover?: () => void;
}

export function MeasureDetails({ measure, onEdit, onEditHover }: MeasureDetailsProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const points = measureSeries(measure);
  const latest = latestValue(measure);
  const suggestion = measureSuggestion(measure);
  const format = (value: string) => formatMeasureValue(measure, value);
  const target = format(measure.target);
  const latestText = latest === null ? null : format(latest.value);
  const summary = MEASURE_TEXT.chartSummary(measure.title, latestText, target);

  return (
    <Box
      component="li"
      data-testid="charter-measure"
      sx={{ listStyle: 'none', minWidth: 0, display: 'grid', gap: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography component="h3" variant="subtitle2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {measure.title}
        </Typography>
        {onEdit && (
          <IconButton
            size="small"
            aria-label={MEASURE_TEXT.edit(measure.title)}
            onClick={onEdit}
            onPointerEnter={onEditHover}
            onFocus={onEditHover}
            {...PRINT_HIDDEN}
          >
            <EditOutlined fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {MEASURE_TEXT.definition(
          DIRECTION_LABELS[measure.direction],
          target,
          formatDay(calendarDay(measure.target_date), 'UTC'),
        )}
        {' · '}
        {MEASURE_TEXT.baselineAt(format(measure.baseline))}
      </Typography>
      <Typography variant="body2">
        {latestText === null
          ? MEASURE_TEXT.noReadingOfTarget(target)
          : MEASURE_TEXT.valueOfTarget(latestText, target)}
        {latest && ` · ${MEASURE_TEXT.progress(formatProgress(measure, latest.value))}`}
        {suggestion && ` · ${MEASURE_TEXT.suggested(suggestion)}`}
      </Typography>
      <MeasureChart measure={measure} points={points} summary={summary} />
      <div {...PRINT_HIDDEN}>
        <Button
          size="small"
          aria-expanded={showTable}
          aria-controls={showTable ? tableId : undefined}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? MEASURE_TEXT.hideTable : MEASURE_TEXT.showTable}
        </Button>
      </div>
      {showTable && <MeasureTable id={tableId} measure={measure} points={points} />}
    </Box>
  );
}
