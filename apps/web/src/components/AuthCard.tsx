/** The centred card that holds the account pages (login, signup, password reset, notices). */

import { PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Box
      sx={{ flexGrow: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', px: 2, py: 8 }}
    >
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="textSecondary" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
