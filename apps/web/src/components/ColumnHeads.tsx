/** The head row of a settings table: one bold, unwrapped cell per column. */
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {column}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
