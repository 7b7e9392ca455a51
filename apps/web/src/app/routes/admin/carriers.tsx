import { useDocumentTitle } from '@mantine/hooks';
import { CustomerSelect } from '@/features/accounts/components/customer-select';
import { UserName } from '@/features/accounts/components/user-name';
import { CarriersAdmin } from '@/features/carriers/components/carriers-admin';

export default function CarriersAdminRoute() {
  useDocumentTitle('Paqueterías y tarifas · Envíos MX');
  return <CarriersAdmin CustomerField={CustomerSelect} UserName={UserName} />;
}
