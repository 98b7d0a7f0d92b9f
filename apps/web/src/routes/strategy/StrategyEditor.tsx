/**
 * The strategy page itself (spec §2): title, ambition and the focus-area board, the save line,
 * the menu, preview mode and the image download, and the live connection's state.
 */
import { canEditStrategy } from '@keystone/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Strategy } from '../../api/strategies';
import { ActivityButton } from '../../components/activity/ActivityButton';
import { SaveStatusIndicator } from '../../components/collaborative/SaveStatusIndicator';
import { PAGE_CARD_SX } from '../../components/layout/pageCard';
import { ConnectionStatusIndicator } from '../../realtime/ConnectionStatusIndicator';
import { AmbitionField } from './AmbitionField';
import { afterNextPaint, exportStrategyImage } from './exportStrategyImage';
import { FocusAreaBoard } from './FocusAreaBoard';
import { StrategyMenu } from './StrategyMenu';
import { StrategyTitleField } from './StrategyTitleField';
import { type StrategyEditing, StrategyEditingContext } from './strategyEditing';

interface StrategyEditorProps {
  strategy: Strategy;
  userId: number;
}

export function StrategyEditor({ strategy, userId }: StrategyEditorProps) {
  const [preview, setPreview] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);

  const editing = useMemo<StrategyEditing>(
    () => ({
      strategyId: strategy.id,
      userId,
      roles: strategy.roles,
      isMaster: canEditStrategy(userId, strategy.roles),
      preview: preview || exporting,
      reportError: setError,
    }),
    [strategy.id, strategy.roles, userId, preview, exporting],
  );

  // Spec §4: Download forces preview, exports, then returns to edit mode.
  const download = async () => {
    setExporting(true);
    try {
      await afterNextPaint();
      if (pageRef.current) await exportStrategyImage(pageRef.current, strategy.title);
    } catch (exportError) {
      // Spec §8: an export failure is only logged.
      console.error('Strategy image export failed', exportError);
    } finally {
      setExporting(false);
      setPreview(false);
    }
  };

  return (
    <StrategyEditingContext.Provider value={editing}>
      <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: 3 }}>
        {/* Wraps when narrow (WCAG 1.4.10): the page's controls go to a row of their own at 320 px. */}
        <Stack
          direction="row"
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 1, minHeight: 40 }}
        >
          <Link
            component={RouterLink}
            to="/strategies"
            underline="hover"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
          >
            <ArrowBack fontSize="small" />
            All strategies
          </Link>
          {editing.preview && <Chip label="Preview" size="small" color="primary" variant="outlined" />}
          <Stack
            direction="row"
            useFlexGap
            sx={{
              alignItems: 'center',
              justifyContent: 'flex-end',
              flexWrap: 'wrap',
              columnGap: 2,
              ml: 'auto',
            }}
          >
            <ConnectionStatusIndicator />
            <SaveStatusIndicator />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <ActivityButton scope={{ kind: 'strategy', strategyId: strategy.id }} userId={userId} />
              <StrategyMenu onTogglePreview={() => setPreview((on) => !on)} onDownload={download} />
            </Stack>
          </Stack>
        </Stack>
        <Box ref={pageRef} data-testid="strategy-page" sx={PAGE_CARD_SX}>
          <StrategyTitleField title={strategy.title} version={strategy.version} />
          <AmbitionField ambition={strategy.ambition} version={strategy.version} />
          <FocusAreaBoard focusAreas={strategy.focusAreas} />
        </Box>
      </Box>
      <Snackbar
        open={error !== null}
        autoHideDuration={6000}
        onClose={() => setError(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" onClose={() => setError(null)} variant="filled">
          {error}
        </Alert>
      </Snackbar>
    </StrategyEditingContext.Provider>
  );
}
