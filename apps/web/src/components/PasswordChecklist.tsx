/** Spec §5's live checklist: every password rule, ticked once the typed password meets it. */

import { PASSWORD_RULES } from '@keystone/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';

interface PasswordChecklistProps {
  password: string;
  id?: string;
}

export function PasswordChecklist({ password, id }: PasswordChecklistProps) {
  return (
    <Box
      component="ul"
      id={id}
      aria-label="Password requirements"
      sx={{ listStyle: 'none', m: 0, p: 0.5, fontSize: '0.8125rem' }}
    >
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <Box component="li" key={rule.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
            {met ? (
              <CheckCircleIcon titleAccess="Met" fontSize="small" sx={{ color: '#7ee2a8' }} />
            ) : (
              <RadioButtonUncheckedIcon titleAccess="Not met" fontSize="small" sx={{ opacity: 0.7 }} />
            )}
            <span>{rule.message}</span>
          </Box>
        );
      })}
    </Box>
  );
}
