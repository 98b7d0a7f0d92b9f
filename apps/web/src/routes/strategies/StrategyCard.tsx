/** One strategy on /strategies: its title (or 'Untitled Strategy'), ambition excerpt and last change. */
import { formatDay, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { StrategySummary } from '../../api/strategies';

/** Spec §9: interface text is clamped to 4 lines in one style. */
const clampSx = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

const tileSx = { height: '100%', minHeight: 148, borderRadius: 3 } as const;

export function StrategyCard({ strategy }: { strategy: StrategySummary }) {
  const ambition = plainText(strategy.ambition).trim();
  return (
    <Card variant="outlined" sx={tileSx} component="li">
      <CardActionArea
        component={RouterLink}
        to={`/strategy/${strategy.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography
            variant="h3"
            component="h3"
            sx={clampSx(2)}
            color={strategy.title ? 'text.primary' : 'text.secondary'}
          >
            {strategy.title || STRATEGY_MESSAGES.untitledStrategy}
          </Typography>
          {ambition && (
            <Typography variant="body2" color="textSecondary" sx={clampSx(4)}>
              {ambition}
            </Typography>
          )}
          <Typography variant="caption" color="textSecondary" sx={{ mt: 'auto', pt: 1 }}>
            Updated {formatDay(strategy.updatedAt)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

interface CreateStrategyTileProps {
  onCreate: () => void;
  pending: boolean;
  /** Another creation under way (the example): one at a time. */
  disabled?: boolean;
  /** Another way to create, offered under the button (e.g. "Start from an example"). */
  alternative?: ReactNode;
}

/** The plus button of spec §2, shaped like a card so it sits with the user's strategies. */
export function CreateStrategyTile({ onCreate, pending, disabled, alternative }: CreateStrategyTileProps) {
  return (
    <Card
      variant="outlined"
      sx={{
        ...tileSx,
        borderStyle: 'dashed',
        bgcolor: 'transparent',
        display: 'flex',
        flexDirection: 'column',
      }}
      component="li"
    >
      <CardActionArea
        onClick={onCreate}
        disabled={pending || disabled}
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          color: 'primary.main',
        }}
      >
        {pending ? <CircularProgress size={28} aria-label="Creating strategy" /> : <Add fontSize="large" />}
        <Typography sx={{ fontWeight: 600 }}>{STRATEGY_MESSAGES.createStrategy}</Typography>
      </CardActionArea>
      {alternative && (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', borderTop: 1, borderColor: 'divider', py: 0.5 }}
        >
          {alternative}
        </Box>
      )}
    </Card>
  );
}
