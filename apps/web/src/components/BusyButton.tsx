/**
 * A button that does nothing while its request runs but keeps keyboard focus: a `disabled`
 * button loses focus to the page's body (WCAG 2.4.3; the next keys typed went nowhere). It says
 * so with aria-disabled and MUI's disabled look, and swallows clicks, Enter and Space (which would
 * otherwise submit its form again).
 */
import Button, { type ButtonProps } from '@mui/material/Button';

interface BusyButtonProps extends ButtonProps {
  busy: boolean;
}

export function BusyButton({ busy, className, onClick, ...props }: BusyButtonProps) {
  if (!busy) return <Button className={className} onClick={onClick} {...props} />;
  return (
    <Button
      {...props}
      aria-disabled
      className={className ? `${className} Mui-disabled` : 'Mui-disabled'}
      onClick={(event) => event.preventDefault()}
    />
  );
}
