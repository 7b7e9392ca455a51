import { paths } from '@/config/paths';
import { RequireAdmin } from '@/features/accounts/components/route-guards';

/** Admin screens sit inside the dashboard layout and are for rol admin only. */
export function AdminRoot() {
  return <RequireAdmin signInHref={paths.signIn} homeHref={paths.shipments} />;
}
