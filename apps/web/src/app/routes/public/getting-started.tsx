import { usePublicPageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { GettingStartedPage } from '@/features/site/components/getting-started-page';

export default function GettingStartedRoute() {
  usePublicPageMeta(paths.gettingStarted);
  return <GettingStartedPage />;
}
