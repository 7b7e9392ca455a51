import { useAdEvent } from '@/lib/ad-pixel';
import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { FaqPage } from '@/features/site/components/faq-page';

const DEFAULT_HOURS = 'de 9:00 a 18:00, de lunes a viernes';

export default function FaqRoute() {
  usePublicPageMeta(paths.faq);
  useAdEvent('ViewContent', { content_name: 'Preguntas frecuentes' });
  const site = useSiteInfo().data;
  return <FaqPage supportHours={site?.supportHours ?? DEFAULT_HOURS} />;
}
