/** The import's preview: every row as read, with its problems in words beside it. */
import type { ImportRow } from '@keystone/contract';
import { SPREADSHEET_TEXT as TEXT } from '@keystone/contract';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableRegion } from '../../components/TableRegion';

export function ImportPreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  return (
    <TableRegion id="import-preview" caption={TEXT.rowsCaption}>
      <TableHead>
        <TableRow>
          <TableCell>{TEXT.rowColumn}</TableCell>
          <TableCell>Focus area</TableCell>
          <TableCell>Initiative</TableCell>
          <TableCell>Owners</TableCell>
          <TableCell>{TEXT.problemsColumn}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row} sx={row.problems.length > 0 ? { bgcolor: 'error.50' } : undefined}>
            <TableCell>{row.row}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.focus_area}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.initiative}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.owners.join('; ')}</TableCell>
            <TableCell sx={{ color: row.problems.length > 0 ? 'error.main' : undefined }}>
              {row.problems.length > 0 ? row.problems.join(' ') : TEXT.noProblem}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </TableRegion>
  );
}
