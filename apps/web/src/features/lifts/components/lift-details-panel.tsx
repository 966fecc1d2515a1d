import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { liftSheetColumnLabels } from '@liftwacht/contracts/lift-spreadsheets';
import type { Lift } from '@liftwacht/contracts/lifts';
import { modulePaths } from '../../../app/module-paths.ts';
import { formatDateTime, formatIsoDate } from '../../../lib/format-date-time.ts';
import { nonBlank } from '../../../lib/non-blank.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { liftFieldsOf, liftTextFields } from '../lib/lift-form.ts';
import { DetailSection } from './detail-section.tsx';
import { FieldList, type Field } from '../../../components/field-list.tsx';

/** Every labelled field of the spec's lift (§3), plus what a maintenance planner asks next. */
export function LiftDetailsPanel({ lift }: { lift: Lift }) {
  const { t, i18n } = useTranslation('lifts');
  const language = i18n.language;
  const notSet = t('details.notSet');
  const text = (value: string | null | undefined) => nonBlank(value) ?? notSet;
  const { details } = lift;
  const own = liftFieldsOf(lift);
  const inspection = lift.lastInspection;
  // Who manages modules gets from the lift to its module (a plain route link: nothing loads early).
  const manageModules = usePermission('modules.manage');
  const moduleValue =
    lift.module && manageModules ? (
      <Link component={RouterLink} to={modulePaths.byEsNumber(lift.module.esNumber)}>
        {lift.module.esNumber}
      </Link>
    ) : (
      (lift.module?.esNumber ?? t('details.noModule'))
    );

  const fields: Field[] = [
    ...liftTextFields.map((field) => ({
      label: t(liftSheetColumnLabels[field].labelKey),
      value: field === 'liftType' ? (nonBlank(own.liftType) ?? t('details.noLiftType')) : text(own[field]),
    })),
    {
      label: t(liftSheetColumnLabels.commissionedOn.labelKey),
      value: formatIsoDate(lift.commissionedOn, language, notSet),
    },
    {
      label: t(liftSheetColumnLabels.maintenanceIntervalDays.labelKey),
      value: t('details.days', { count: lift.maintenanceIntervalDays }),
    },
    {
      label: t(liftSheetColumnLabels.serviceRideThreshold.labelKey),
      value: new Intl.NumberFormat(language).format(lift.serviceRideThreshold),
    },
    {
      label: t(liftSheetColumnLabels.inspectionValidUntil.labelKey),
      value: formatIsoDate(lift.inspectionValidUntil, language, notSet),
    },
    {
      label: t(liftSheetColumnLabels.lastInspectionOn.labelKey),
      value: inspection
        ? t('details.lastInspectionValue', {
            date: formatIsoDate(inspection.inspectedOn, language),
            result: t(`details.inspectionResults.${inspection.result}`),
          })
        : notSet,
    },
    { label: t(liftSheetColumnLabels.esNumber.labelKey), value: moduleValue },
    ...(lift.module
      ? [
          { label: t('details.firmware'), value: text(lift.module.firmware) },
          { label: t('details.lastSeen'), value: formatDateTime(lift.module.lastSeenAt, language, notSet) },
          { label: t('details.connected'), value: lift.module.connected ? t('details.yes') : t('details.no') },
        ]
      : []),
    { label: t(liftSheetColumnLabels.updatedAt.labelKey), value: formatDateTime(details.updatedAt, language) },
  ];

  return (
    <DetailSection title={t('details.title')}>
      <FieldList fields={fields} />
    </DetailSection>
  );
}
