import { useDocumentTitle } from '@mantine/hooks';
import { UsersAdmin } from '@/features/accounts/components/users-admin';
import { AdminCreditAction } from '@/features/wallet/components/admin-credit-action';

export default function UsersRoute() {
  useDocumentTitle('Usuarios · Envíos MX');
  return <UsersAdmin rowActions={(user, done) => <AdminCreditAction userId={user._id} name={`${user.firstName} ${user.lastName}`} onCredited={done} />} />;
}
