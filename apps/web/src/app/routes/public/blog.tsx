import { paths } from '@/config/paths';
import { usePublicPageMeta } from '@/lib/page-meta';
import { BlogArticles } from '@/features/site/components/blog-articles';

export default function BlogRoute() {
  usePublicPageMeta(paths.blog);
  return <BlogArticles />;
}
