import { EscalationLimits } from '../../features/escalations/components/escalation-limits.tsx';
import { ReportSubscriptionsPanel } from '../../features/reports/components/report-subscriptions-panel.tsx';
import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page.tsx';

/**
 * Meldingen; the escalation subscription shows (and lets an admin change) the organisation's limits,
 * and the reports feature adds its scheduled report subscriptions.
 */
export function SubscriptionsRoute() {
  return (
    <SubscriptionsPage escalationLimits={<EscalationLimits />} reportSubscriptions={<ReportSubscriptionsPanel />} />
  );
}
