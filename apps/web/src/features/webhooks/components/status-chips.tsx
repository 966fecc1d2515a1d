import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryStatus } from '@liftwacht/contracts/webhooks';

// Filled chips in success/error colours and a plain grey one all keep 4.5:1 text contrast (axe).

export function DeliveryStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('webhooks');
  const color = status === 'delivered' ? 'success' : status === 'failed' ? 'error' : 'default';
  return <Chip size="small" color={color} label={t(`status.${status}`)} />;
}

export function EnabledChip({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('webhooks');
  return enabled ? (
    <Chip size="small" color="success" label={t('enabled.on')} />
  ) : (
    <Chip size="small" label={t('enabled.off')} />
  );
}
