import { NotificationCentre } from './features/notifications/components/NotificationCentre';

/** The notifications widget's root: the bell and its notification centre (one feature). */
export function App() {
  return <NotificationCentre />;
}
