import { useDocumentTitle } from '@mantine/hooks';
import { OutboxList } from '@/features/notifications/components/outbox-list';

export default function OutboxRoute() {
  useDocumentTitle('Bandeja de salida · Envíos MX');
  return <OutboxList />;
}
