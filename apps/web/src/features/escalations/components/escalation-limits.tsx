import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { escalationSettingsQueryOptions } from '../api/escalation-settings.ts';
import { EscalationLimitsDialog } from './escalation-limits-dialog.tsx';

// The organisation chosen in the menu; before any is chosen, the user's own.
const selectOrganisationId = (state: SessionState) => state.organisationId ?? state.user?.organisation_id ?? null;

/**
 * When the entrapments of the organisation chosen in the menu (else the user's own) escalate, for
 * everyone who may read them; its own admin and system-admin change them here. Nothing when they
 * cannot be read: what escalation means is said beside it.
 */
export function EscalationLimits() {
  const { t } = useTranslation('escalations');
  const organisationId = useSession(selectOrganisationId);
  const query = useQuery({
    ...escalationSettingsQueryOptions(organisationId ?? 0),
    enabled: organisationId !== null,
  });
  const [editing, setEditing] = useState(false);
  const settings = organisationId !== null ? query.data : undefined;
  if (!settings) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <Typography variant="body2">
        {t('limits', {
          organisation: settings.organisationName,
          first: t('minutes', { count: settings.firstMinutes }),
          second: t('minutes', { count: settings.secondMinutes }),
        })}
      </Typography>
      {settings.editable ? (
        <Button
          size="small"
          aria-label={t('editLabel', { organisation: settings.organisationName })}
          onClick={() => setEditing(true)}
          sx={{ minHeight: 44 }}
        >
          {t('edit')}
        </Button>
      ) : null}
      {editing ? <EscalationLimitsDialog settings={settings} onClose={() => setEditing(false)} /> : null}
    </Box>
  );
}
