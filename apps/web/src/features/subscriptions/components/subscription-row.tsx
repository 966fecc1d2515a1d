import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionRow as Row } from '../lib/subscription-form.ts';
import { LiftPicker } from '../../../components/lift-picker.tsx';

interface SubscriptionRowProps {
  /** What is subscribed to: an event type's name, or escalations. */
  label: string;
  /** Shown under the checkbox, whether the row is on or off, and read out with it. */
  description?: string;
  /** More under the description (the escalation limits), not part of it. */
  details?: ReactNode;
  row: Row;
  organisationId: number | null;
  onChange: (row: Row) => void;
}

export function SubscriptionRow({ label, description, details, row, organisationId, onChange }: SubscriptionRowProps) {
  const { t } = useTranslation('subscriptions');
  const descriptionId = useId();
  const missingLifts = row.enabled && !row.allLifts && row.lifts.length === 0;
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={row.enabled}
            onChange={(event) => onChange({ ...row, enabled: event.target.checked })}
            slotProps={{ input: description ? { 'aria-describedby': descriptionId } : {} }}
          />
        }
        label={label}
      />
      {description || details ? (
        <Box sx={{ pl: 4, pb: 1 }}>
          {description ? (
            <Typography id={descriptionId} variant="body2" color="text.secondary">
              {description}
            </Typography>
          ) : null}
          {details}
        </Box>
      ) : null}
      {row.enabled ? (
        <Box sx={{ pl: 4, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <RadioGroup
            row
            aria-label={t('scopeLabel', { type: label })}
            value={row.allLifts ? 'all' : 'chosen'}
            onChange={(event) => onChange({ ...row, allLifts: event.target.value === 'all' })}
          >
            <FormControlLabel value="all" control={<Radio />} label={t('allLifts')} />
            <FormControlLabel value="chosen" control={<Radio />} label={t('chosenLifts')} />
          </RadioGroup>
          {row.allLifts ? null : (
            <Box sx={{ maxWidth: 520 }}>
              <LiftPicker
                organisationId={organisationId}
                label={`${t('lifts')} – ${label}`}
                value={row.lifts}
                onChange={(lifts) => onChange({ ...row, lifts })}
              />
              {missingLifts ? (
                <Typography variant="caption" color="error" role="alert">
                  {t('chooseLift')}
                </Typography>
              ) : null}
            </Box>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
