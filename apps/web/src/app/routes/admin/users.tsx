import { useDocumentTitle } from '@mantine/hooks';
import { UsersAdmin } from '@/features/accounts/components/users-admin';

export default function UsersRoute() {
  useDocumentTitle('Usuarios · Envíos MX');
  return <UsersAdmin />;
}
