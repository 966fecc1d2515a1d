import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
      {call.kind !== 'test' ? <FreedForm call={call} actions={actions} outcome={outcome} /> : null}
      <NoteForm actions={actions} outcome={outcome} />
      {open ? <EndForm call={call} actions={actions} outcome={outcome} /> : null}
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

function FreedForm({ call, actions, outcome }: FormProps) {
  const { t } = useTranslation('calls');
  const [at, setAt] = useState(nowAsLocalInput);
  return (
    <CallActionForm
      {...outcome}
      label={t('handling.freed')}
      submitLabel={t('handling.freed')}
      check={() => (localInputToIso(at) === null ? t('handling.freedInvalid') : null)}
      onSubmit={(key) => actions.passengerFreed({ version: call.version, at: localInputToIso(at) ?? undefined }, key)}
    >
      {(renew) => (
        <TextField
          type="datetime-local"
          label={t('handling.freedAt')}
          value={at}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          onChange={(event) => {
            setAt(event.target.value);
            renew();
          }}
        />
      )}
    </CallActionForm>
  );
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
