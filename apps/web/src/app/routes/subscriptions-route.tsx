import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page.tsx';

export function SubscriptionsRoute() {
  return <SubscriptionsPage />;
}
