// The call handling module's shared side as app.callActions: how a committed action on a call
// reaches the organisation's browsers, and the listeners other modules add (outbound webhooks).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction } from '@liftwacht/contracts/administration';
import type { CallDetail } from '@liftwacht/contracts/call-actions';

export type CallActionListener = (call: CallDetail, action: AuditAction) => void;

declare module 'fastify' {
  interface FastifyInstance {
    callActions: {
      /** Announces a committed action on a call (after the commit; never throws). */
      changed: (call: CallDetail, action: AuditAction) => void;
      /** Hears every committed action on a call. */
      onChange: (listener: CallActionListener) => void;
    };
  }
}

export const callActionsPlugin = fp(
  (app: FastifyInstance) => {
    const listeners: CallActionListener[] = [
      (call, action) =>
        app.realtime.publisher.organisationChanged(
          call.organisationId,
          action === 'call.ended' ? ['calls', 'events'] : ['calls'],
        ),
    ];
    app.decorate('callActions', {
      changed(call: CallDetail, action: AuditAction) {
        // Stored is stored: failing to tell browsers or hooks must not fail the action.
        for (const listener of listeners) {
          try {
            listener(call, action);
          } catch (err) {
            app.log.error({ err, callId: call.id }, 'could not announce a call action');
          }
        }
      },
      onChange(listener: CallActionListener) {
        listeners.push(listener);
      },
    });
  },
  { name: 'call-actions', dependencies: ['core', 'realtime'] },
);
