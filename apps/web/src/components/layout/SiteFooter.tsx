/** The footer of the signed-out pages: where a visitor finds the accessibility statement. */
import { ACCESSIBILITY_TEXT } from '@keystone/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { accessibilityPath } from '../../routes/paths';

export function SiteFooter() {
  return (
    <Box component="footer" sx={{ px: 2, py: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to={accessibilityPath} variant="body2">
        {ACCESSIBILITY_TEXT.footerLink}
      </Link>
    </Box>
  );
}
