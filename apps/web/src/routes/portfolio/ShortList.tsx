/**
 * A list in a portfolio cell that may run long: the first few items until asked for the rest,
 * with a button that says how many there are and which list it opens.
 */
import { PORTFOLIO_TEXT } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';

const SHOWN_FIRST = 3;

export function ShortList({ id, items }: { id: string; items: { key: number; content: ReactNode }[] }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, SHOWN_FIRST);
  return (
    <>
      <Box component="ul" id={id} sx={{ m: 0, pl: 2.25, '& li': { fontSize: 13.5, lineHeight: 1.5 } }}>
        {shown.map((item) => (
          <li key={item.key}>{item.content}</li>
        ))}
      </Box>
      {items.length > SHOWN_FIRST && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          {expanded ? PORTFOLIO_TEXT.showFewer : PORTFOLIO_TEXT.showAll(items.length)}
        </Button>
      )}
    </>
  );
}
