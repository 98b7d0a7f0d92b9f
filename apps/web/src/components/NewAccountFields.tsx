/**
 * The fields of a new account: names, e-mail, password with its live checklist, and the
 * repetition. Sign-up and the first-run setup ask for the same, in the same order.
 */
import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './FormTextField';
import { NewPasswordField } from './NewPasswordField';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeatPassword: string;
}

export function NewAccountFields<F extends FieldValues & NewAccount>({ control }: { control: Control<F> }) {
  // The form may hold more fields (the organisation's name): these names are all in it.
  const field = (name: keyof NewAccount) => name as Path<F>;
  return (
    <>
      {/* One under the other on a narrow screen, where side by side their labels are cut off. */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
        <FormTextField
          control={control}
          name={field('firstName')}
          label="First name"
          autoComplete="given-name"
          required
        />
        <FormTextField
          control={control}
          name={field('lastName')}
          label="Last name"
          autoComplete="family-name"
          required
        />
      </Box>
      <FormTextField
        control={control}
        name={field('email')}
        label="E-mail"
        type="email"
        autoComplete="email"
        required
      />
      <NewPasswordField control={control} name={field('password')} label="Password" />
      <FormTextField
        control={control}
        name={field('repeatPassword')}
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
