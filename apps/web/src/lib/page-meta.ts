import { useEffect } from 'react';
import { findPublicPage, SITE_NAME } from '@envios/contracts/site-pages';

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Title, description, canonical address and Open Graph tags of a public page, kept in step when
 * a visitor moves between pages in the app. The server writes the same tags into the page's
 * prerendered HTML (the source of truth for crawlers), from the same list.
 */
export function usePublicPageMeta(path: string): void {
  useEffect(() => {
    const page = findPublicPage(path);
    if (!page) return;
    const url = `${window.location.origin}${page.path}`;
    document.title = page.title;
    setMeta('name', 'description', page.description);
    setMeta('name', 'robots', page.indexable ? null : 'noindex');
    setCanonical(url);
    setMeta('property', 'og:title', page.title);
    setMeta('property', 'og:description', page.description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:site_name', SITE_NAME);
  }, [path]);
}
