import type { TFunction } from 'i18next';
import { liftFieldLimits, type LiftField } from '@liftwacht/contracts/lift-editing';

/** What a field the contract refused must hold, in the user's words (the limits are the contract's). */
export function liftFieldProblem(field: LiftField, t: TFunction<'lifts'>): string {
  switch (field) {
    case 'name':
    case 'address':
      return t(`form.errors.${field}`, { max: liftFieldLimits[field] });
    case 'telephoneNumber':
      return t('form.errors.telephoneNumber', { max: liftFieldLimits.line });
    case 'maintenanceIntervalDays':
    case 'serviceRideThreshold':
      return t(`form.errors.${field}`, liftFieldLimits[field]);
    case 'commissionedOn':
      return t('form.errors.commissionedOn');
    case 'postalCode':
      return t('form.errors.text', { max: liftFieldLimits.postalCode });
    case 'hasFlow':
    default:
      return t('form.errors.text', { max: liftFieldLimits.line });
  }
}
