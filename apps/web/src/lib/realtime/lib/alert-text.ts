// The localised text of an alert; kept apart from deriving it so a language switch re-renders the
// same alerts in the new language.
import type { TFunction } from 'i18next';
import type { AlertMessage } from './module-alerts.ts';

export function alertText(t: TFunction<'realtime'>, message: AlertMessage): string {
  switch (message.key) {
    case 'fault': {
      const fault = t(`faults.${message.fault}`);
      return message.floor === undefined
        ? t('alerts.faultNoFloor', { fault })
        : t('alerts.fault', { fault, floor: message.floor });
    }
    case 'faultCleared':
      return t('alerts.faultCleared', { fault: t(`faults.${message.fault}`) });
    case 'unavailable':
      return message.floor === undefined
        ? t('alerts.unavailableNoFloor')
        : t('alerts.unavailable', { floor: message.floor });
    case 'available':
      return t('alerts.available');
    case 'sensorFailure':
      return t('alerts.sensorFailure', { sensor: message.sensor });
    case 'sensorRecovered':
      return t('alerts.sensorRecovered', { sensor: message.sensor });
    case 'alarmCall':
      if (message.phase === 'received') return t('alerts.alarmReceived');
      if (message.phase === 'acknowledged') return t('alerts.alarmAcknowledged');
      return message.kind === undefined
        ? t('alerts.alarmEnded')
        : t('alerts.alarmEndedKind', { kind: t(`callKinds.${message.kind}`) });
    case 'testCall':
      return message.result === 'ok'
        ? t('alerts.testCallOk')
        : t('alerts.testCallFailed', { part: t(`testParts.${message.result}`) });
  }
}
