/**
 * The public pages that search engines should find: each with its own title and description.
 * The server prerenders them (head tags included) and lists them in /sitemap.xml; the web app
 * sets the same tags when a visitor moves between pages. Zod-free: the shell imports it.
 */
export interface PublicPage {
  path: string;
  title: string;
  description: string;
  /** Listed in the sitemap and open to indexing (the thank-you page is neither). */
  indexable: boolean;
  /** Served as prerendered HTML (readable without JavaScript, hydrated after). */
  prerender: boolean;
  /** What it shows depends on the query string (/signin?newUser): prerendered at its bare address only. */
  bareOnly?: boolean;
  /** Sitemap hint: how often the page changes. */
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
}

export const SITE_NAME = 'Envíos MX';

export const publicPages: readonly PublicPage[] = [
  {
    path: '/',
    title: 'Envíos MX · Cotiza y envía paquetes en México',
    description:
      'Cotiza y compra guías de DHL, FedEx, Redpack, Estafeta y AM/PM al mejor precio. Mismo precio de 1 a 5 kg a todo México, recolección y rastreo.',
    indexable: true,
    prerender: true,
    changefreq: 'weekly',
    priority: 1,
  },
  {
    path: '/servicios',
    title: 'Servicios de paquetería nacional, internacional y LTL · Envíos MX',
    description:
      'Paquetería nacional a todo México, envíos internacionales a más de 220 países y carga consolidada LTL por tarima. Compara paqueterías y compra tu guía en línea.',
    indexable: true,
    prerender: true,
    changefreq: 'monthly',
    priority: 0.9,
  },
  {
    path: '/preguntas-frecuentes',
    title: 'Preguntas frecuentes y calculadora de peso volumétrico · Envíos MX',
    description:
      'Cómo se calcula el costo de un envío, qué es el peso volumétrico (largo × ancho × alto / 5000), cómo funciona el sobrepeso y quién recoge y entrega tu paquete.',
    indexable: true,
    prerender: true,
    changefreq: 'monthly',
    priority: 0.8,
  },
  {
    path: '/quienes-somos',
    title: 'Quiénes somos · Envíos MX',
    description:
      'Somos una plataforma mexicana para que pequeños negocios y tiendas en línea coticen, comparen y compren guías de paquetería sin contratos ni envíos mínimos.',
    indexable: true,
    prerender: true,
    changefreq: 'yearly',
    priority: 0.6,
  },
  {
    path: '/guia-de-inicio',
    title: 'Guía de inicio: tu primer envío paso a paso · Envíos MX',
    description:
      'Regístrate, cotiza, elige paquetería, captura direcciones, paga e imprime tu guía: la guía ilustrada para hacer tu primer envío con Envíos MX.',
    indexable: true,
    prerender: true,
    changefreq: 'monthly',
    priority: 0.7,
  },
  {
    path: '/contactanos',
    title: 'Contáctanos · Envíos MX',
    description: 'Escríbenos, llámanos o mándanos un WhatsApp: un asesor te responde de lunes a viernes. Cotizaciones por volumen, dudas de envíos y soporte.',
    indexable: true,
    prerender: true,
    changefreq: 'yearly',
    priority: 0.6,
  },
  {
    path: '/terminos-de-servicio',
    title: 'Términos de servicio · Envíos MX',
    description: 'Las 22 cláusulas que rigen el uso de Envíos MX, cada una con su resumen en palabras sencillas.',
    indexable: true,
    prerender: true,
    changefreq: 'yearly',
    priority: 0.4,
  },
  {
    path: '/politicas-de-privacidad',
    title: 'Aviso de privacidad · Envíos MX',
    description: 'Qué datos personales tratamos, para qué, con quién los compartimos y cómo ejercer tus derechos ARCO en Envíos MX.',
    indexable: true,
    prerender: true,
    changefreq: 'yearly',
    priority: 0.4,
  },
  {
    path: '/blog',
    title: 'Blog · Consejos para enviar mejor · Envíos MX',
    description: 'Consejos para empacar, ahorrar en tus envíos y vender más en línea con la paquetería adecuada.',
    indexable: true,
    prerender: true,
    changefreq: 'monthly',
    priority: 0.5,
  },
  {
    path: '/signin',
    title: 'Iniciar sesión · Envíos MX',
    description: 'Entra a tu cuenta de Envíos MX para cotizar, comprar y rastrear tus guías.',
    indexable: true,
    prerender: true,
    bareOnly: true,
    changefreq: 'yearly',
    priority: 0.3,
  },
  {
    path: '/thank-page',
    title: 'Gracias por escribirnos · Envíos MX',
    description: 'Tu mensaje llegó a su destino: un asesor te responderá pronto.',
    indexable: false,
    prerender: true,
    changefreq: 'yearly',
    priority: 0.1,
  },
];

export function findPublicPage(path: string): PublicPage | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return publicPages.find((p) => p.path === clean);
}
