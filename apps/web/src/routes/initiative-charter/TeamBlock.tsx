/** The initiative's people (spec §2): owners, sponsors and team members, with a link to the team page. */
import { CHARTER_MESSAGES } from '@keystone/contract';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Person } from '../../api/strategyWire';
import { personName } from '../../lib/personName';
import { CharterSection } from './CharterSection';
import { PRINT_HIDDEN } from './printStyles';

interface TeamBlockProps {
  strategyId: number;
  owners: Person[];
  sponsors: Person[];
  teamMembers: Person[];
}

function PeopleList({ title, people }: { title: string; people: Person[] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600, mb: 0.25 }}>
        {title}
      </Typography>
      {people.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No one yet
        </Typography>
      ) : (
        <Box component="ul" aria-label={title} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {people.map((person) => (
            <Typography
              component="li"
              variant="body2"
              key={person.id ?? person.email}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {personName(person)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function TeamBlock({ strategyId, owners, sponsors, teamMembers }: TeamBlockProps) {
  return (
    <CharterSection
      id="team"
      title="Team"
      help="teams"
      action={
        <Link
          component={RouterLink}
          to={`/strategy-team/${strategyId}`}
          variant="body2"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          {...PRINT_HIDDEN}
        >
          <GroupsOutlined sx={{ fontSize: 18 }} />
          {CHARTER_MESSAGES.strategyTeamLink}
        </Link>
      }
    >
      {/* One list under the other on a narrow screen, where three columns break names mid-word. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <PeopleList title="Owners" people={owners} />
        <PeopleList title="Sponsors" people={sponsors} />
        <PeopleList title="Team members" people={teamMembers} />
      </Box>
    </CharterSection>
  );
}
