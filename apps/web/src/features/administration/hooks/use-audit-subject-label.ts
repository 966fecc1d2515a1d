import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditSubject } from '@liftwacht/contracts/administration';
import { callKinds } from '@liftwacht/contracts/calls';
import { inspectionResults } from '@liftwacht/contracts/inspections';
import { logTypes } from '@liftwacht/contracts/lifts';
import { visitTypes } from '@liftwacht/contracts/visits';
import { formatIsoDate, productTimeZone } from '../../../lib/format-date-time.ts';

const subjectTypes = [
  'lift',
  'user',
  'organisation',
  'access_grant',
  'lift_import',
  'module',
  'webhook',
  'visit',
  'call',
  'inspection',
  'logbook',
] as const;
type SubjectType = (typeof subjectTypes)[number];

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/**
 * How the audit log names an entry's subject: a lift with its address, a person or organisation by
 * name, a visit as "Onderhoud 3 dec 2026 – Lift, address", an import by its file. The words for
 * kinds are the ones the lift page, the calls and the inspections use.
 */
export function useAuditSubjectLabel(): (entry: AuditEntry) => string {
  const { t, i18n } = useTranslation(['administration', 'lifts', 'calls', 'inspections']);
  const day = (iso: string | null) => {
    if (iso === null) return '';
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: productTimeZone }).format(date);
  };
  const dayAndTime = (iso: string | null) => {
    if (iso === null) return '';
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: productTimeZone,
    }).format(date);
  };
  const liftOf = (subject: AuditSubject) => {
    const lift = subject.lift;
    if (lift === null) return '';
    const name = lift.name.trim() === '' ? t('administration:audit.subjects.lift') : lift.name;
    return lift.address.trim() === '' ? name : `${name}, ${lift.address}`;
  };
  const typeWord = (type: string) =>
    isOneOf(subjectTypes, type) ? t(`administration:audit.subjectTypes.${type satisfies SubjectType}`) : type;

  return (entry) => {
    const { subject, subjectType, subjectId } = entry;
    const raw = subjectId === null ? typeWord(subjectType) : `${typeWord(subjectType)} ${subjectId}`;
    if (subject === null) return raw;
    const lift = liftOf(subject);
    switch (subjectType) {
      case 'lift':
        return lift || raw;
      case 'visit':
        return t('administration:audit.subjects.visit', {
          kind: isOneOf(visitTypes, subject.kind)
            ? t(`lifts:visits.types.${subject.kind}`)
            : t('administration:audit.subjectTypes.visit'),
          date: day(subject.at),
          lift,
        });
      case 'call':
        return t('administration:audit.subjects.call', {
          kind: isOneOf(callKinds, subject.kind) ? t(`calls:kinds.${subject.kind}`) : '',
          date: dayAndTime(subject.at),
          lift,
        });
      case 'inspection':
        return t('administration:audit.subjects.inspection', {
          result: isOneOf(inspectionResults, subject.kind) ? t(`inspections:results.${subject.kind}`) : '',
          date: formatIsoDate(subject.at, i18n.language, ''),
          lift,
        });
      case 'logbook':
        return t('administration:audit.subjects.logbook', {
          kind: isOneOf(logTypes, subject.kind) ? t(`lifts:logbook.types.${subject.kind}`) : '',
          date: day(subject.at),
          lift,
        });
      case 'module':
        return lift
          ? t('administration:audit.subjects.moduleInLift', { module: subject.name ?? '', lift })
          : t('administration:audit.subjects.module', { module: subject.name ?? '' });
      case 'lift_import':
        return t('administration:audit.subjects.liftImport', { file: subject.name ?? '' });
      default:
        return subject.name ?? raw;
    }
  };
}
