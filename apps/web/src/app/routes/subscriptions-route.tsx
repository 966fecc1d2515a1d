import { EscalationLimits } from '../../features/escalations/components/escalation-limits.tsx';
import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page.tsx';

/** Meldingen; the escalation subscription shows (and lets an admin change) the organisation's limits. */
export function SubscriptionsRoute() {
  return <SubscriptionsPage escalationLimits={<EscalationLimits />} />;
}
