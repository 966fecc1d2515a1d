import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openVisitsQueryOptions } from '../api/get-lift-visits.ts';
import { useRecordVisit } from '../api/record-visit.ts';
import { DetailSection } from './detail-section.tsx';
import { OpenVisitCard } from './open-visit-card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StartVisitForm } from './start-visit-form.tsx';

/**
 * Field work on the lift page (issue 18): the visits in progress, each to finish or cancel, or,
 * when none is, "Start a visit" — never both, so the control shows only what applies (issue 41).
 * Phone first: full-width fields, 44 px buttons, nothing wider than the screen.
 */
export function VisitRecorder({ liftId }: { liftId: number }) {
  const { t } = useTranslation('lifts');
  const [starting, setStarting] = useState(false);
  const query = useQuery(openVisitsQueryOptions(liftId));
  const record = useRecordVisit(liftId);

  return (
    <DetailSection title={t('recording.title')}>
      <QueryState query={query}>
        {(visits) => {
          const open = visits.filter((visit) => visit.state === 'progress');
          return (
            <Stack spacing={2}>
              {open.map((visit) => (
                <OpenVisitCard
                  key={visit.id}
                  visit={visit}
                  onEnd={(remarks, key) => record.end(visit.id, remarks.trim() ? { remarks } : {}, key)}
                  onCancel={(key) => record.cancel(visit.id, key)}
                />
              ))}
              {/* Only the action that applies: while a visit is open, finish or cancel it. */}
              {open.length > 0 ? null : starting ? (
                <StartVisitForm onStart={record.start} onClose={() => setStarting(false)} />
              ) : (
                <Button
                  variant="contained"
                  onClick={() => setStarting(true)}
                  sx={{ minHeight: 44, alignSelf: 'flex-start' }}
                >
                  {t('recording.startButton')}
                </Button>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </DetailSection>
  );
}
