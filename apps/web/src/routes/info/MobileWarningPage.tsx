/** /mobile-warning: where phones are sent (spec §1). */

import { PRODUCT_NAME } from '@keystone/contract';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import Typography from '@mui/material/Typography';
import { AuthCard } from '../../components/AuthCard';

export function MobileWarningPage() {
  return (
    <AuthCard title="Please switch devices">
      <DevicesOutlinedIcon color="primary" sx={{ fontSize: 48, my: 1 }} aria-hidden="true" />
      <Typography>
        {PRODUCT_NAME} is best viewed on a desktop or tablet. Please open this page on a larger screen.
      </Typography>
    </AuthCard>
  );
}
