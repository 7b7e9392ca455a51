import type { LaunchChecklist } from '@envios/contracts/launch';
import type { SiteInfo, SocialLink } from '@envios/contracts/site';
import { publicPages } from '@envios/contracts/site-pages';
import type { Config } from '../../config/env.js';

/** Shown while SUPPORT_PHONE / WHATSAPP_NUMBER are unset, and labelled as demonstration numbers. */
export const DEMO_SUPPORT_PHONE = '33 1234 5678';
export const DEMO_WHATSAPP_NUMBER = '5213312345678';

const NETWORKS: { network: string; label: string; hosts: RegExp }[] = [
  { network: 'facebook', label: 'Facebook', hosts: /(^|\.)(facebook\.com|fb\.com)$/ },
  { network: 'instagram', label: 'Instagram', hosts: /(^|\.)instagram\.com$/ },
  { network: 'x', label: 'X (Twitter)', hosts: /(^|\.)(x\.com|twitter\.com)$/ },
  { network: 'tiktok', label: 'TikTok', hosts: /(^|\.)tiktok\.com$/ },
  { network: 'youtube', label: 'YouTube', hosts: /(^|\.)(youtube\.com|youtu\.be)$/ },
  { network: 'linkedin', label: 'LinkedIn', hosts: /(^|\.)linkedin\.com$/ },
];

/** Names a profile by its host ('instagram.com' → Instagram); any other site keeps its host. */
export function socialLink(url: string): SocialLink {
  const host = new URL(url).hostname.toLowerCase();
  const known = NETWORKS.find((n) => n.hosts.test(host));
  return known ? { network: known.network, label: known.label, url } : { network: 'web', label: host.replace(/^www\./, ''), url };
}

/** The public facts of the site, from configuration only (and which payments are on, and whether they run as sandboxes). */
export function siteInfoFromConfig(config: Config, state: { paymentsSandbox: boolean; paymentMethods: SiteInfo['paymentMethods'] }): SiteInfo {
  return {
    paymentsSandbox: state.paymentsSandbox,
    paymentMethods: state.paymentMethods,
    supportPhone: config.SUPPORT_PHONE ?? DEMO_SUPPORT_PHONE,
    whatsappNumber: config.WHATSAPP_NUMBER ?? DEMO_WHATSAPP_NUMBER,
    demoContacts: !config.SUPPORT_PHONE || !config.WHATSAPP_NUMBER,
    supportHours: config.SUPPORT_HOURS,
    company: {
      name: config.COMPANY_NAME,
      legalName: config.COMPANY_LEGAL_NAME ?? null,
      address: config.COMPANY_ADDRESS ?? null,
      rfc: config.COMPANY_RFC ?? null,
      supportEmail: config.SUPPORT_EMAIL ?? null,
    },
    socialLinks: (config.SOCIAL_LINKS ?? []).map(socialLink),
    chatWidgetSrc: config.CHAT_WIDGET_SRC ?? null,
    metaPixelId: config.META_PIXEL_ID ?? null,
    howItWorksVideoId: config.HOW_IT_WORKS_VIDEO_ID ?? null,
    termsDate: config.TERMS_DATE ?? null,
  };
}

function base(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

/** Crawlers may read the public pages; the signed-in area, payments and the API stay out. */
export function robotsTxt(appUrl: string): string {
  const disallowed = [
    '/api/',
    '/dashboard',
    '/shipments',
    '/payments',
    '/payment/',
    '/prepaid',
    '/configuracion',
    '/admin/',
    '/sandbox/',
    '/shipping/',
    '/password-recovery/',
  ];
  return ['User-agent: *', 'Allow: /', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base(appUrl)}/sitemap.xml`, ''].join('\n');
}

function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Every indexable public page, with absolute addresses on APP_URL. */
export function sitemapXml(appUrl: string): string {
  const urls = publicPages
    .filter((p) => p.indexable)
    .map(
      (p) =>
        `  <url>\n    <loc>${xmlEscape(base(appUrl) + p.path)}</loc>\n    <changefreq>${p.changefreq}</changefreq>\n    <priority>${p.priority.toFixed(1)}</priority>\n  </url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * What the site routes answer, prepared once: the public facts, robots.txt and the sitemap (they
 * depend only on APP_URL), and the owner's launch checklist (the configuration does not change
 * while the process runs).
 */
export function createSite(deps: { info: SiteInfo; appUrl: string; launch: LaunchChecklist }) {
  const robots = robotsTxt(deps.appUrl);
  const sitemap = sitemapXml(deps.appUrl);
  return { info: () => deps.info, robotsTxt: () => robots, sitemapXml: () => sitemap, launchChecklist: () => deps.launch };
}

export type Site = ReturnType<typeof createSite>;
