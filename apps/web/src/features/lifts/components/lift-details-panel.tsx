import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Lift } from '@liftwacht/contracts/lifts';
import { modulePaths } from '../../../app/module-paths.ts';
import { formatDateTime, formatIsoDate } from '../../../lib/format-date-time.ts';
import { nonBlank } from '../../../lib/non-blank.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { DetailSection } from './detail-section.tsx';
import { FieldList, type Field } from '../../../components/field-list.tsx';

/** Every labelled field of the spec's lift (§3), plus what a maintenance planner asks next. */
export function LiftDetailsPanel({ lift }: { lift: Lift }) {
  const { t, i18n } = useTranslation('lifts');
  const language = i18n.language;
  const notSet = t('details.notSet');
  const text = (value: string | null | undefined) => nonBlank(value) ?? notSet;
  const { details } = lift;
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
    { label: t('details.name'), value: text(details.liftname) },
    { label: t('details.address'), value: text(details.address) },
    { label: t('details.postalCode'), value: text(details.postalCode) },
    { label: t('details.city'), value: text(details.city) },
    { label: t('details.buildingName'), value: text(details.buildingName) },
    { label: t('details.sbclId'), value: text(details.sbclId) },
    { label: t('details.serialNumber'), value: text(details.serialNumber) },
    { label: t('details.ownerNumber'), value: text(details.ownerNumber) },
    { label: t('details.inspectionNumber'), value: text(details.inspectionNumber) },
    { label: t('details.installerNumber'), value: text(details.installerNumber) },
    { label: t('details.telephoneNumber'), value: text(details.telephoneNumber) },
    { label: t('details.manufacturerNumber'), value: text(details.manufacturerNumber) },
    { label: t('details.liftType'), value: nonBlank(lift.liftType) ?? t('details.noLiftType') },
    { label: t('details.commissionedOn'), value: formatIsoDate(lift.commissionedOn, language, notSet) },
    { label: t('details.maintenanceInterval'), value: t('details.days', { count: lift.maintenanceIntervalDays }) },
    {
      label: t('details.serviceRideThreshold'),
      value: new Intl.NumberFormat(language).format(lift.serviceRideThreshold),
    },
    { label: t('details.inspectionValidUntil'), value: formatIsoDate(lift.inspectionValidUntil, language, notSet) },
    {
      label: t('details.lastInspection'),
      value: inspection
        ? t('details.lastInspectionValue', {
            date: formatIsoDate(inspection.inspectedOn, language),
            result: t(`details.inspectionResults.${inspection.result}`),
          })
        : notSet,
    },
    { label: t('details.module'), value: moduleValue },
    ...(lift.module
      ? [
          { label: t('details.firmware'), value: text(lift.module.firmware) },
          { label: t('details.lastSeen'), value: formatDateTime(lift.module.lastSeenAt, language, notSet) },
          { label: t('details.connected'), value: lift.module.connected ? t('details.yes') : t('details.no') },
        ]
      : []),
    { label: t('details.updatedAt'), value: formatDateTime(details.updatedAt, language) },
  ];

  return (
    <DetailSection title={t('details.title')}>
      <FieldList fields={fields} />
    </DetailSection>
  );
}
