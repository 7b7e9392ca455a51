import { useDocumentTitle } from '@mantine/hooks';
import { BlogArticles } from '@/features/site/components/blog-articles';

export default function BlogRoute() {
  useDocumentTitle('Blog · Consejos para enviar mejor · Envíos MX');
  return <BlogArticles />;
}
