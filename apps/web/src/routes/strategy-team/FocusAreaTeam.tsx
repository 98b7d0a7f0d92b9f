/**
 * One focus area on the team page: a table of its initiatives with Sponsor, Owner and Team pickers,
 * stacked under each initiative on a narrow screen.
 */
import {
  canEditOwners,
  canEditSponsors,
  canEditTeamMembers,
  type InitiativeRoles,
  plainText,
  STRATEGY_MESSAGES,
  type StrategyRoles,
} from '@keystone/contract';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Control, Controller } from 'react-hook-form';
import type { Person } from '../../api/strategies';
import type { TeamFocusArea } from '../../api/strategyWire';
import { StackedCellLabel, stackedTableSx } from '../../components/stackedTable';
import { PeoplePicker } from './PeoplePicker';
import { ownersProblem, type TeamFormValues } from './teamRules';

type RoleField = 'sponsors' | 'owners' | 'teamMembers';
type RoleRule = (userId: number, strategy: StrategyRoles, initiative: InitiativeRoles) => boolean;

const COLUMNS: readonly { field: RoleField; heading: string; allowed: RoleRule }[] = [
  { field: 'sponsors', heading: 'Sponsor', allowed: canEditSponsors },
  { field: 'owners', heading: 'Owner', allowed: canEditOwners },
  { field: 'teamMembers', heading: 'Team', allowed: canEditTeamMembers },
];

interface FocusAreaTeamProps {
  area: TeamFocusArea;
  /** Position of the area's first initiative in the form's (and the payload's) list. */
  firstIndex: number;
  control: Control<TeamFormValues>;
  options: Person[];
  userId: number;
  strategyRoles: StrategyRoles;
  onInvalidTextChange: (field: string, invalid: boolean) => void;
}

export const textOrFallback = (richText: string, fallback: string) => plainText(richText).trim() || fallback;

export function FocusAreaTeam(props: FocusAreaTeamProps) {
  const { area, firstIndex, control, options, userId, strategyRoles } = props;
  const areaTitle = textOrFallback(area.title, STRATEGY_MESSAGES.defineFocusArea);
  return (
    <Paper variant="outlined" component="section" aria-label={areaTitle} sx={{ p: 2, mb: 3 }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {areaTitle}
      </Typography>
      {area.initiatives.length === 0 ? (
        <Typography color="textSecondary">This focus area has no initiatives yet.</Typography>
      ) : (
        <Table size="small" sx={[{ tableLayout: 'fixed' }, stackedTableSx]}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
              <TableCell sx={{ width: '22%' }}>Initiative</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column.field}>{column.heading}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {area.initiatives.map((initiative, offset) => {
              const index = firstIndex + offset;
              const title = textOrFallback(initiative.title, STRATEGY_MESSAGES.nameYourInitiative);
              return (
                <TableRow key={initiative.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell component="th" scope="row" sx={{ pt: 1.75, overflowWrap: 'anywhere' }}>
                    <Typography
                      variant="body2"
                      color={plainText(initiative.title).trim() ? 'text.primary' : 'text.secondary'}
                    >
                      {title}
                    </Typography>
                  </TableCell>
                  {COLUMNS.map(({ field, heading, allowed }) => (
                    <TableCell key={field}>
                      <StackedCellLabel>{heading}</StackedCellLabel>
                      <Controller
                        control={control}
                        name={`initiatives.${index}.${field}`}
                        rules={
                          field === 'owners'
                            ? {
                                validate: (owners: Person[]) =>
                                  ownersProblem(owners, initiative.owners) ?? true,
                              }
                            : undefined
                        }
                        render={({ field: input, fieldState }) => (
                          <PeoplePicker
                            label={`${heading} of ${title}`}
                            value={input.value}
                            options={options}
                            onChange={input.onChange}
                            onBlur={input.onBlur}
                            onInvalidTextChange={(invalid) => props.onInvalidTextChange(input.name, invalid)}
                            disabled={!allowed(userId, strategyRoles, initiative.roles)}
                            error={fieldState.error?.message}
                          />
                        )}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
