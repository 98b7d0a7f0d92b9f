/**
 * The initiatives whose current update is still empty: their number, and their names linked to
 * their rows on the progress page. Long lists show the first few until asked for the rest.
 */
import { PORTFOLIO_TEXT, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PortfolioRow } from '../../api/portfolio';
import { ShortList } from './ShortList';

export function EmptyUpdates({ row }: { row: PortfolioRow }) {
  const { emptyUpdates } = row;
  if (emptyUpdates.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 500 }}>
        {PORTFOLIO_TEXT.allWritten}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {PORTFOLIO_TEXT.emptyUpdates(emptyUpdates.length)}
      </Typography>
      <ShortList
        id={`empty-updates-${row.id}`}
        items={emptyUpdates.map((item) => {
          const title = plainText(item.title).trim() || STRATEGY_MESSAGES.nameYourInitiative;
          const area = plainText(item.focusAreaTitle).trim() || STRATEGY_MESSAGES.defineFocusArea;
          return {
            key: item.id,
            content: (
              <Link component={RouterLink} to={`/progress-update/${row.id}#${item.id}`} title={area}>
                {title}
              </Link>
            ),
          };
        })}
      />
    </Box>
  );
}
