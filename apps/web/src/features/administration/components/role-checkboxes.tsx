import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { RoleName } from '@liftwacht/contracts/auth';
import { useTranslation } from 'react-i18next';
import { offeredRoles } from '../lib/user-form.ts';

interface RoleCheckboxesProps {
  /** The editor's own roles: nobody gives a role stronger than their own. */
  granter: readonly RoleName[];
  value: readonly RoleName[];
  /** The roles the user had when the dialog opened (shown even when the editor cannot give them). */
  initial: readonly RoleName[];
  onChange: (roles: RoleName[]) => void;
  error?: string;
}

/** One checkbox per role, as a labelled group. */
export function RoleCheckboxes({ granter, value, initial, onChange, error }: RoleCheckboxesProps) {
  const { t } = useTranslation('administration');
  const toggle = (role: RoleName, checked: boolean) =>
    onChange(checked ? [...value, role] : value.filter((entry) => entry !== role));
  return (
    <FormControl component="fieldset" error={error !== undefined}>
      <FormLabel component="legend">{t('users.roles')}</FormLabel>
      <FormGroup row>
        {offeredRoles(granter, initial).map(({ role, grantable }) => (
          <FormControlLabel
            key={role}
            sx={{ minHeight: 44 }}
            control={
              <Checkbox
                name="roles"
                checked={value.includes(role)}
                disabled={!grantable}
                onChange={(event) => toggle(role, event.target.checked)}
              />
            }
            label={t(`roles.${role}`)}
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
