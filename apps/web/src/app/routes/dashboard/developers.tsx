import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { DevelopersPage } from '@/features/developers/components/developers-page';

/** /desarrolladores 'Desarrolladores': API keys, webhooks and how to use them. */
export default function DevelopersRoute() {
  useDocumentTitle('Desarrolladores · Envíos MX');
  return <DevelopersPage docsHref={paths.apiDocs} walletHref={paths.prepaids} />;
}
