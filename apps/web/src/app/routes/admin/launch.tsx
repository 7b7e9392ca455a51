import { useDocumentTitle } from '@mantine/hooks';
import { LaunchChecklistPage } from '@/features/site/components/launch-checklist';

/** /admin/lanzamiento: what the owner still has to configure before selling. */
export default function LaunchRoute() {
  useDocumentTitle('Lista para el lanzamiento · Envíos MX');
  return <LaunchChecklistPage />;
}
