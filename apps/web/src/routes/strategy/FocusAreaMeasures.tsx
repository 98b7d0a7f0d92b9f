/**
 * A focus area's measures on the board (DESIGN §10): each at a glance, and for the strategy's
 * masters (canDefineMeasure) an Edit beside each and Add measure up to LIMITS.measuresPerItem,
 * opening the shared definition dialog. Initiatives' measures are defined on their charters.
 */
import { canDefineMeasure, LIMITS, MEASURE_TEXT, type Measure } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { FocusArea } from '../../api/strategyWire';
import { LazyMeasureDialog, preloadMeasureDialog } from '../../components/measures/lazyMeasureDialog';
import { MeasureGlance, MeasureGlanceList } from './glance/MeasureGlance';
import { useStrategyEditing } from './strategyEditing';

/** The dialog's state: closed, a new measure (null) or one being changed. */
type Editing = { measure: Measure | null } | null;

export function FocusAreaMeasures({ focusArea, name }: { focusArea: FocusArea; name: string }) {
  const { strategyId, userId, roles, preview } = useStrategyEditing();
  const [editing, setEditing] = useState<Editing>(null);
  const canDefine = !preview && canDefineMeasure(userId, roles, null);
  const { measures } = focusArea;
  if (measures.length === 0 && !canDefine) return null;
  const opener = { onPointerEnter: preloadMeasureDialog, onFocus: preloadMeasureDialog };

  return (
    <>
      {measures.length > 0 && (
        <MeasureGlanceList label={MEASURE_TEXT.measuresOf(name)}>
          {measures.map((measure) => (
            <MeasureGlance
              key={measure.id}
              measure={measure}
              action={
                canDefine && (
                  <IconButton
                    size="small"
                    aria-label={MEASURE_TEXT.edit(measure.title)}
                    onClick={() => setEditing({ measure })}
                    {...opener}
                  >
                    <EditOutlined sx={{ fontSize: 16 }} />
                  </IconButton>
                )
              }
            />
          ))}
        </MeasureGlanceList>
      )}
      {canDefine && measures.length < LIMITS.measuresPerItem && (
        <Button
          size="small"
          startIcon={<Add />}
          aria-label={MEASURE_TEXT.addMeasureTo(name)}
          onClick={() => setEditing({ measure: null })}
          {...opener}
          sx={{ alignSelf: 'flex-start' }}
        >
          {MEASURE_TEXT.addMeasure}
        </Button>
      )}
      {editing && (
        <LazyMeasureDialog
          strategyId={strategyId}
          owner={{ focusArea: focusArea.id }}
          measure={editing.measure}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
