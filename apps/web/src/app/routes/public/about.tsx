import { SITE_NAME } from '@envios/contracts/site-pages';
import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { AboutPage } from '@/features/site/components/about-page';

export default function AboutRoute() {
  usePublicPageMeta(paths.about);
  const site = useSiteInfo().data;
  return <AboutPage companyName={site?.company.name ?? SITE_NAME} />;
}
