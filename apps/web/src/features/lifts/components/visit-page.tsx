import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitDetail } from '@liftwacht/contracts/visits';
import { paths } from '../../../app/paths.ts';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { nonBlank } from '../../../lib/non-blank.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { visitQueryOptions } from '../api/get-visit.ts';
import { useFormatDuration } from '../../../lib/use-format-duration.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import { DetailSection } from './detail-section.tsx';
import { FieldList } from '../../../components/field-list.tsx';
import { LogbookTable } from './logbook-table.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** The visit page (spec §2): one visit, and what the lift's logbook says about that time. */
export function VisitPage({ liftId, visitId }: { liftId: string; visitId: string }) {
  const { t } = useTranslation('lifts');
  const allowed = usePermission('visits.view');
  const id = parseRouteId(visitId);
  const title = t('visit.title', { id: visitId });
  return (
    <PageContainer>
      <Button component={RouterLink} to={paths.lift(liftId)} sx={{ mb: 1, ml: -1 }}>
        {t('visit.back')}
      </Button>
      <PageTitle title={title} />
      {!allowed ? (
        <Typography role="status">{t('detail.noAccess')}</Typography>
      ) : id === null ? (
        <Typography role="status">{t('visit.invalidId')}</Typography>
      ) : (
        <VisitLoader liftId={parseRouteId(liftId)} visitId={id} />
      )}
    </PageContainer>
  );
}

function VisitLoader({ liftId, visitId }: { liftId: number | null; visitId: number }) {
  const { t } = useTranslation('lifts');
  const query = useQuery(visitQueryOptions(visitId));
  return (
    <EntityQueryState query={query} notFoundText={t('visit.notFound')}>
      {(visit) =>
        // The header strip and the back link name the lift of the URL: another lift's visit is not here.
        visit.lift.id === liftId ? (
          <VisitDetails visit={visit} />
        ) : (
          <Typography role="status">{t('visit.notFound')}</Typography>
        )
      }
    </EntityQueryState>
  );
}

function VisitDetails({ visit }: { visit: VisitDetail }) {
  const { t, i18n } = useTranslation('lifts');
  const formatDuration = useFormatDuration();
  const notSet = t('details.notSet');
  const liftText = [visit.lift.liftname, visit.lift.address].filter((part) => nonBlank(part)).join(', ');

  return (
    <Stack spacing={2}>
      <DetailSection title={t('visit.details')}>
        <FieldList
          fields={[
            {
              label: t('visit.lift'),
              value: (
                <Link component={RouterLink} to={paths.lift(visit.lift.id)}>
                  {liftText || t('detail.title', { id: visit.lift.id })}
                </Link>
              ),
            },
            { label: t('visits.type'), value: t(`visits.types.${visit.type}`) },
            { label: t('visits.role'), value: t(`visits.roles.${visit.role}`) },
            { label: t('visits.state'), value: t(`visits.states.${visit.state}`) },
            { label: t('visits.startedAt'), value: formatDateTime(visit.startedAt, i18n.language) },
            { label: t('visits.endedAt'), value: formatDateTime(visit.endedAt, i18n.language, t('visits.ongoing')) },
            { label: t('visits.duration'), value: formatDuration(visit.durationSeconds) },
            { label: t('visits.person'), value: nonBlank(visit.person) ?? notSet },
            { label: t('visit.remarks'), value: nonBlank(visit.remarks) ?? notSet },
          ]}
        />
      </DetailSection>
      <DetailSection title={t('visit.logbook')}>
        {visit.logbook.length === 0 ? (
          <Typography variant="body2">{t('visit.noLogbook')}</Typography>
        ) : (
          <ScrollableTable label={t('visit.logbook')}>
            <LogbookTable entries={visit.logbook} label={t('visit.logbook')} />
          </ScrollableTable>
        )}
      </DetailSection>
    </Stack>
  );
}
