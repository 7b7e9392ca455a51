import { SITE_NAME } from '@envios/contracts/site-pages';
import { useAdEvent } from '@/lib/ad-pixel';
import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { TermsPage } from '@/features/site/components/terms-page';

export default function TermsRoute() {
  usePublicPageMeta(paths.terms);
  useAdEvent('ViewContent', { content_name: 'Términos de servicio' });
  const site = useSiteInfo().data;
  return <TermsPage companyName={site?.company.name ?? SITE_NAME} termsDate={site?.termsDate ?? null} />;
}
