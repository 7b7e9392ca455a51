import { useAdEvent } from '@/lib/ad-pixel';
import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/ui/page-loader';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { PrivacyPage } from '@/features/site/components/privacy-page';

export default function PrivacyRoute() {
  usePublicPageMeta(paths.privacy);
  useAdEvent('ViewContent', { content_name: 'Aviso de privacidad' });
  const site = useSiteInfo();
  // The controller's identity comes from the site facts: never shown before they are known.
  if (!site.data) return <PageLoader label="Cargando el aviso de privacidad" failed={site.isError} />;
  return <PrivacyPage site={site.data} />;
}
