import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { locales, type RoleName } from '@liftwacht/contracts/auth';
import type { UserDraft, UserField } from '../lib/user-form.ts';
import { RoleCheckboxes } from './role-checkboxes.tsx';
import { SelectField } from '../../../components/select-field.tsx';

interface UserFieldsProps {
  draft: UserDraft;
  onChange: (patch: Partial<UserDraft>) => void;
  errors: Partial<Record<UserField, string>>;
  granter: readonly RoleName[];
  initialRoles: readonly RoleName[];
}

/** Name, email, roles and language: what both the invitation and the edit dialog ask. */
export function UserFields({ draft, onChange, errors, granter, initialRoles }: UserFieldsProps) {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  return (
    <>
      <TextField
        label={t('users.name')}
        name="name"
        value={draft.name}
        onChange={(event) => onChange({ name: event.target.value })}
        error={errors.name !== undefined}
        helperText={errors.name}
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={t('users.email')}
        name="email"
        type="email"
        value={draft.email}
        onChange={(event) => onChange({ email: event.target.value })}
        error={errors.email !== undefined}
        helperText={errors.email}
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 320 } }}
      />
      <RoleCheckboxes
        granter={granter}
        value={draft.roles}
        initial={initialRoles}
        onChange={(roles) => onChange({ roles })}
        error={errors.roles}
      />
      <SelectField
        label={t('users.locale')}
        name="locale"
        value={draft.locale}
        options={locales.map((locale) => ({ value: locale, label: tc(`language.${locale}`) }))}
        onChange={(locale) => onChange({ locale: locale as UserDraft['locale'] })}
        error={errors.locale !== undefined}
        helperText={errors.locale}
        fullWidth
      />
    </>
  );
}
