import { useDocumentTitle } from '@mantine/hooks';
import { ParcelsPage } from '@/features/parcels/components/parcels-page';

/** Paquetes: the account's saved packages. */
export default function ParcelsRoute() {
  useDocumentTitle('Paquetes · Envíos MX');
  return <ParcelsPage />;
}
