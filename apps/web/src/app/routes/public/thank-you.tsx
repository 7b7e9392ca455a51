import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/ui/page-loader';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { ThankYouPage } from '@/features/site/components/thank-you-page';

export default function ThankYouRoute() {
  usePublicPageMeta(paths.thankYou);
  const site = useSiteInfo();
  if (!site.data) return <PageLoader label="Cargando" failed={site.isError} />;
  return <ThankYouPage site={site.data} />;
}
