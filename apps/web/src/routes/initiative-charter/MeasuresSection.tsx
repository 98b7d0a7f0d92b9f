/**
 * The charter's Measures section (DESIGN §10): the initiative's measures, each with its
 * definition, latest value, chart and table; its editors (canDefineMeasure) add one (up to
 * LIMITS.measuresPerItem) and change or delete each in the shared definition dialog. This is
 * the only place an initiative's measures are defined; readings are entered on the progress page.
 */
import { canDefineMeasure, LIMITS, MEASURE_TEXT, type Measure } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CharterInitiative } from '../../api/charter';
import { LazyMeasureDialog, preloadMeasureDialog } from '../../components/measures/lazyMeasureDialog';
import { CharterSection } from './CharterSection';
import { MeasureDetails } from './MeasureDetails';
import { PRINT_HIDDEN } from './printStyles';

/** The dialog's state: closed, a new measure (null) or one being changed. */
type Editing = { measure: Measure | null } | null;

export function MeasuresSection({ initiative, userId }: { initiative: CharterInitiative; userId: number }) {
  const [editing, setEditing] = useState<Editing>(null);
  const canDefine = canDefineMeasure(userId, initiative.strategyRoles, initiative.roles);
  const { measures } = initiative;
  const add = canDefine && measures.length < LIMITS.measuresPerItem && (
    <Button
      size="small"
      startIcon={<Add />}
      onClick={() => setEditing({ measure: null })}
      onPointerEnter={preloadMeasureDialog}
      onFocus={preloadMeasureDialog}
      {...PRINT_HIDDEN}
    >
      {MEASURE_TEXT.addMeasure}
    </Button>
  );

  return (
    <CharterSection id="measures" title={MEASURE_TEXT.measures} action={add}>
      {measures.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {canDefine ? MEASURE_TEXT.noneYetEditable : MEASURE_TEXT.noneYet}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ m: 0, p: 0, display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}
        >
          {measures.map((measure) => (
            <MeasureDetails
              key={measure.id}
              measure={measure}
              onEdit={canDefine ? () => setEditing({ measure }) : undefined}
              onEditHover={preloadMeasureDialog}
            />
          ))}
        </Box>
      )}
      {editing && (
        <LazyMeasureDialog
          strategyId={initiative.strategyId}
          owner={{ initiative: initiative.id }}
          measure={editing.measure}
          onClose={() => setEditing(null)}
        />
      )}
    </CharterSection>
  );
}
