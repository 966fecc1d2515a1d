import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { DetailSection } from './detail-section.tsx';

export type RealtimeAlertSeverity = 'error' | 'warning' | 'info';

export interface RealtimeAlert {
  id: string;
  /** ISO timestamp of the module message. */
  at: string;
  text: string;
  severity: RealtimeAlertSeverity;
}

export type RealtimeConnection = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

interface RealtimeAlertsPanelProps {
  alerts: readonly RealtimeAlert[];
  connection: RealtimeConnection;
}

// Not warning while (re)connecting: an outlined warning chip's orange text on white has a contrast
// of 3:1, below what small text needs (axe color-contrast); the label says the state anyway.
const connectionColour: Record<RealtimeConnection, 'default' | 'success' | 'error'> = {
  idle: 'default',
  connecting: 'default',
  connected: 'success',
  reconnecting: 'default',
  failed: 'error',
};

const severityColour: Record<RealtimeAlertSeverity, 'error' | 'warning' | 'info'> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};

/**
 * Alerts the lift's module pushes over the socket (spec §2 realtime alerts). The panel only shows
 * what it is given, so the socket client can feed it without this feature knowing the protocol.
 */
export function RealtimeAlertsPanel({ alerts, connection }: RealtimeAlertsPanelProps) {
  const { t, i18n } = useTranslation('lifts');
  return (
    <DetailSection
      title={t('realtime.title')}
      aside={
        <Chip
          size="small"
          variant="outlined"
          color={connectionColour[connection]}
          label={t('realtime.connectionLabel', { state: t(`realtime.connection.${connection}`) })}
        />
      }
    >
      {/* A live region, so a new alert is announced without the user looking for it. */}
      <Box aria-live="polite">
        {alerts.length === 0 ? (
          <Typography variant="body2" role="status">
            {t('realtime.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('realtime.listLabel')}>
            {alerts.map((alert) => (
              <ListItem key={alert.id} disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
                <Chip
                  size="small"
                  color={severityColour[alert.severity]}
                  label={t(`realtime.severity.${alert.severity}`)}
                  sx={{ mt: 0.5 }}
                />
                <ListItemText primary={alert.text} secondary={formatDateTime(alert.at, i18n.language)} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </DetailSection>
  );
}
