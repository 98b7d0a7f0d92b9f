/** The What / Why / Tips / Examples table of one help topic; rows, so it reads well in a dialog. */
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { HelpContent } from '../../help/topics';

const listSx = { m: 0, pl: 2.5, '& li + li': { mt: 0.5 } };

function Row({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <TableRow sx={{ verticalAlign: 'top', '&:last-child td, &:last-child th': { borderBottom: 0 } }}>
      <TableCell component="th" scope="row" sx={{ width: 110, fontWeight: 600, pl: 0 }}>
        {heading}
      </TableCell>
      <TableCell sx={{ pr: 0 }}>{children}</TableCell>
    </TableRow>
  );
}

function Example({ kind, text }: { kind: 'good' | 'avoid'; text: string }) {
  const Icon = kind === 'good' ? CheckCircleOutlineIcon : HighlightOffIcon;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, listStyle: 'none' }}>
      <Icon fontSize="small" color={kind === 'good' ? 'success' : 'error'} aria-hidden sx={{ mt: '2px' }} />
      <Typography variant="body2">
        <strong>{kind === 'good' ? 'Good: ' : 'Avoid: '}</strong>
        {text}
      </Typography>
    </Box>
  );
}

export function HelpTable({ content }: { content: HelpContent }) {
  return (
    <Table size="small" aria-label="Help">
      <TableBody>
        <Row heading="What">
          <Typography variant="body2">{content.what}</Typography>
        </Row>
        <Row heading="Why">
          <Typography variant="body2">{content.why}</Typography>
        </Row>
        <Row heading="Tips">
          <Box component="ul" sx={listSx}>
            {content.tips.map((tip) => (
              <Typography component="li" variant="body2" key={tip}>
                {tip}
              </Typography>
            ))}
          </Box>
        </Row>
        <Row heading="Examples">
          <Box component="ul" sx={{ ...listSx, pl: 0 }}>
            {content.examples.good.map((text) => (
              <Example key={text} kind="good" text={text} />
            ))}
            {content.examples.avoid.map((text) => (
              <Example key={text} kind="avoid" text={text} />
            ))}
          </Box>
        </Row>
      </TableBody>
    </Table>
  );
}
