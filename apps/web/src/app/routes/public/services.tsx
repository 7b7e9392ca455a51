import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { ServicesPage } from '@/features/site/components/services-page';

export default function ServicesRoute() {
  usePublicPageMeta(paths.services);
  return <ServicesPage />;
}
