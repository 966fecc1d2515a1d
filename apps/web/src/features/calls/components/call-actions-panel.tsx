import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallDetail } from '@liftwacht/contracts/call-actions';
import { callKinds, type CallKind } from '@liftwacht/contracts/calls';
import { FormError } from '../../../components/form-error.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import type { CallActions } from '../api/act-on-call.ts';
import { callAssigneesQueryOptions } from '../api/get-call.ts';
import { localInputToIso, nowAsLocalInput } from '../lib/local-date-time-input.ts';
import { CallActionForm } from './call-action-form.tsx';

interface FormProps {
  call: CallDetail;
  actions: CallActions;
  outcome: { onConflict: () => void; onDone: () => void };
}

/** Acknowledge, assign, note, passenger freed and end: what the call's state still allows. */
export function CallActionsPanel({ call, actions }: { call: CallDetail; actions: CallActions }) {
  const { t } = useTranslation('calls');
  const [overtaken, setOvertaken] = useState(false);
  const open = call.endedAt === null;
  const outcome = { onConflict: () => setOvertaken(true), onDone: () => setOvertaken(false) };
  return (
    <Stack spacing={3}>
      <FormError message={overtaken ? t('handling.conflict') : null} />
      {open && call.acknowledgedAt === null ? (
        <CallActionForm
          label={t('handling.acknowledge')}
          submitLabel={t('handling.acknowledge')}
          onSubmit={(key) => actions.acknowledge(call.version, key)}
          {...outcome}
        />
      ) : null}
      {open ? <AssignForm call={call} actions={actions} outcome={outcome} /> : null}
      {call.kind !== 'test' ? (
        call.acknowledgedAt === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('handling.freedAfterAcknowledge')}
          </Typography>
        ) : (
          <FreedForm call={call} acknowledgedAt={call.acknowledgedAt} actions={actions} outcome={outcome} />
        )
      ) : null}
      <NoteForm actions={actions} outcome={outcome} />
      {open ? (
        // Ending is the call's last step: kept in reach at the bottom of a phone's screen, however
        // long the call's forms above it are.
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            py: 1,
          }}
        >
          <EndForm call={call} actions={actions} outcome={outcome} />
        </Box>
      ) : null}
    </Stack>
  );
}

function AssignForm({ call, actions, outcome }: FormProps) {
  const { t } = useTranslation('calls');
  const candidates = useQuery(callAssigneesQueryOptions(call.id));
  const [choice, setChoice] = useState(call.assignee ? `${call.assignee.kind}:${String(call.assignee.id)}` : '');
  const [kind, id] = choice.split(':');
  const options = [
    ...(candidates.data?.organisations ?? []).map((o) => ({ value: `organisation:${String(o.id)}`, label: o.name })),
    ...(candidates.data?.users ?? []).map((u) => ({
      value: `user:${String(u.id)}`,
      label: `${u.name} (${u.organisation})`,
    })),
  ];
  return (
    <CallActionForm
      {...outcome}
      label={t('handling.assign')}
      submitLabel={t('handling.assign')}
      disabled={candidates.isPending}
      onSubmit={(key) =>
        actions.assign(
          {
            version: call.version,
            userId: kind === 'user' ? Number(id) : null,
            organisationId: kind === 'organisation' ? Number(id) : null,
          },
          key,
        )
      }
    >
      {(renew) => (
        <SelectField
          label={t('handling.assignee')}
          value={choice}
          options={options}
          emptyLabel={t('handling.unassigned')}
          size="medium"
          fullWidth
          onChange={(value) => {
            setChoice(value);
            renew();
          }}
        />
      )}
    </CallActionForm>
  );
}

/** Until the person picks another time, "passenger freed" is now: the moment they press the button. */
function FreedForm({ call, acknowledgedAt, actions, outcome }: FormProps & { acknowledgedAt: string }) {
  const { t } = useTranslation('calls');
  // null: now, shown as the current minute and sent as no time (the server takes its own now).
  const [chosen, setChosen] = useState<string | null>(null);
  const now = useMinuteClock(chosen === null);
  const earliest = nowAsLocalInput(new Date(acknowledgedAt));
  const shown = chosen ?? nowAsLocalInput(now);
  const problem = () => {
    if (chosen === null) return null;
    const at = localInputToIso(chosen);
    if (at === null) return t('handling.freedInvalid');
    // Whole minutes: the acknowledgement's own minute is allowed (the server takes it as that moment).
    return chosen < earliest ? t('handling.freedBeforeAcknowledge') : null;
  };
  return (
    <CallActionForm
      {...outcome}
      label={t('handling.freed')}
      submitLabel={t('handling.freed')}
      check={problem}
      onSubmit={(key) =>
        actions.passengerFreed(
          { version: call.version, at: chosen === null ? undefined : (localInputToIso(chosen) ?? undefined) },
          key,
        )
      }
    >
      {(renew) => (
        <TextField
          type="datetime-local"
          label={t('handling.freedAt')}
          value={shown}
          fullWidth
          helperText={problem() ?? (chosen === null ? t('handling.freedNow') : null)}
          error={problem() !== null}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60, min: earliest } }}
          onChange={(event) => {
            setChosen(event.target.value);
            renew();
          }}
        />
      )}
    </CallActionForm>
  );
}

/** The current time, moved on every 30 s while `running`, so a field showing "now" stays now. */
function useMinuteClock(running: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

function NoteForm({ actions, outcome }: Omit<FormProps, 'call'>) {
  const { t } = useTranslation('calls');
  const [text, setText] = useState('');
  return (
    <CallActionForm
      {...outcome}
      label={t('handling.addNote')}
      submitLabel={t('handling.addNote')}
      check={() => (text.trim() === '' ? t('handling.noteEmpty') : null)}
      onSubmit={async (key) => {
        await actions.addNote(text.trim(), key);
        setText('');
      }}
    >
      {(renew) => (
        <TextField
          label={t('handling.note')}
          value={text}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          onChange={(event) => {
            setText(event.target.value);
            renew();
          }}
        />
      )}
    </CallActionForm>
  );
}

function EndForm({ call, actions, outcome }: FormProps) {
  const { t } = useTranslation('calls');
  const [kind, setKind] = useState<CallKind>(call.kind);
  return (
    <CallActionForm
      {...outcome}
      label={t('handling.end')}
      submitLabel={t('handling.end')}
      onSubmit={(key) => actions.end({ version: call.version, kind }, key)}
    >
      {(renew) => (
        <SelectField
          label={t('handling.endKind')}
          value={kind}
          options={callKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          size="medium"
          fullWidth
          onChange={(value) => {
            setKind(value as CallKind);
            renew();
          }}
        />
      )}
    </CallActionForm>
  );
}
