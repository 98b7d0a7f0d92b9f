/**
 * The initiatives whose current update is still empty: their number, and their names linked to
 * their rows on the progress page. Long lists show the first few until asked for the rest.
 */
import { PORTFOLIO_TEXT, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PortfolioRow } from '../../api/portfolio';

const SHOWN_FIRST = 3;

export function EmptyUpdates({ row }: { row: PortfolioRow }) {
  const [expanded, setExpanded] = useState(false);
  const { emptyUpdates } = row;
  if (emptyUpdates.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 500 }}>
        {PORTFOLIO_TEXT.allWritten}
      </Typography>
    );
  const shown = expanded ? emptyUpdates : emptyUpdates.slice(0, SHOWN_FIRST);
  const listId = `empty-updates-${row.id}`;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {PORTFOLIO_TEXT.emptyUpdates(emptyUpdates.length)}
      </Typography>
      <Box component="ul" id={listId} sx={{ m: 0, pl: 2.25, '& li': { fontSize: 13.5, lineHeight: 1.5 } }}>
        {shown.map((item) => {
          const title = plainText(item.title).trim() || STRATEGY_MESSAGES.nameYourInitiative;
          const area = plainText(item.focusAreaTitle).trim() || STRATEGY_MESSAGES.defineFocusArea;
          return (
            <li key={item.id}>
              <Link component={RouterLink} to={`/progress-update/${row.id}#${item.id}`} title={area}>
                {title}
              </Link>
            </li>
          );
        })}
      </Box>
      {emptyUpdates.length > SHOWN_FIRST && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          {expanded ? PORTFOLIO_TEXT.showFewer : PORTFOLIO_TEXT.showAll(emptyUpdates.length)}
        </Button>
      )}
    </Box>
  );
}
