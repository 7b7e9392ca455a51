import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container, Skeleton } from '@mantine/core';
import type { SiteInfo } from '@envios/contracts/site';
import { IconChat, IconClock, IconPhone, IconWallet } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { telHref, whatsappDisplay, whatsappHref } from '@/lib/contact-links';
import classes from './public-layout.module.css';

/** Support contacts; hours, the demo flag, social links and the payments on are optional (tests pass the two numbers). */
export type SupportContact = Pick<SiteInfo, 'supportPhone' | 'whatsappNumber'> &
  Partial<Pick<SiteInfo, 'demoContacts' | 'supportHours' | 'socialLinks' | 'paymentMethods'>>;

/** The published schedule, until the configured one arrives. */
const DEFAULT_HOURS = 'de 9:00 a 18:00, de lunes a viernes';

export interface SiteFooterProps {
  /** Undefined while the site facts load (placeholders keep the layout still) or if they failed. */
  contact: SupportContact | undefined;
  contactLoading?: boolean;
  /** Extra entries of the bottom line (the 'Cookies' choice when an ad pixel is configured). */
  extra?: ReactNode;
}

const COMPANY_LINKS = [
  { to: paths.about, label: 'Quiénes somos' },
  { to: paths.services, label: 'Servicios' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.contact, label: 'Contáctanos' },
];

const HELP_LINKS = [
  { to: paths.faq, label: 'Preguntas frecuentes' },
  { to: paths.gettingStarted, label: 'Guía de inicio' },
  { to: paths.terms, label: 'Términos de servicio' },
  { to: paths.privacy, label: 'Políticas de privacidad' },
];

/**
 * Our own plain badges for the accepted payments: names only, no third-party artwork. Only the
 * methods the site takes today (a method without keys is off in production); all of them until
 * the site facts say otherwise.
 */
function PaymentBadges({ methods = { paypal: true, card: true, oxxo: true } }: { methods?: SiteInfo['paymentMethods'] | undefined }) {
  if (!methods.paypal && !methods.card && !methods.oxxo) {
    return <p className={classes.paymentsOff}>Los pagos en línea aún no están disponibles.</p>;
  }
  return (
    <ul className={classes.payments} aria-label="Formas de pago aceptadas">
      {methods.paypal && (
        <li className={classes.payment}>
          <span className={classes.paymentPaypal}>PayPal</span>
        </li>
      )}
      {methods.card && (
        <li className={classes.payment}>
          <svg width="22" height="16" viewBox="0 0 22 16" aria-hidden="true" focusable="false">
            <rect x="0.75" y="0.75" width="20.5" height="14.5" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M1 5h20" stroke="currentColor" strokeWidth="2.4" />
            <path d="M4 11h6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          Tarjeta vía PayPal
        </li>
      )}
      {methods.oxxo && (
        <li className={classes.payment}>
          <span className={classes.paymentOxxo}>OXXO</span>
          <span className={classes.paymentNote}>efectivo</span>
        </li>
      )}
      <li className={classes.payment}>
        <IconWallet size={18} />
        Monedero
      </li>
    </ul>
  );
}

export function SiteFooter({ contact, contactLoading, extra }: SiteFooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <div className={classes.footerAbout}>
            <Logo tone="light" height={32} />
            <p>Cotiza, compara y compra guías de DHL, FedEx, Redpack, Estafeta y AM/PM desde un solo lugar, sin contratos ni envíos mínimos.</p>
            <h2 className={classes.footerHeading}>Formas de pago</h2>
            <PaymentBadges methods={contact?.paymentMethods} />
          </div>

          <nav aria-labelledby="footer-empresa">
            <h2 id="footer-empresa" className={classes.footerHeading}>
              Empresa
            </h2>
            <ul className={classes.footerLinks}>
              {COMPANY_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="footer-ayuda">
            <h2 id="footer-ayuda" className={classes.footerHeading}>
              Ayuda
            </h2>
            <ul className={classes.footerLinks}>
              {HELP_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <div>
            <h2 className={classes.footerHeading}>Atención a clientes</h2>
            <ul className={classes.footerContact}>
              <li>
                <IconPhone size={18} />
                {contact ? (
                  <a href={telHref(contact.supportPhone)} aria-label={`Teléfono: ${contact.supportPhone}`}>
                    {contact.supportPhone}
                  </a>
                ) : contactLoading ? (
                  <Skeleton height={14} width={110} radius="sm" className={classes.footerSkeleton} />
                ) : (
                  <Link to={paths.contact}>Escríbenos desde Contáctanos</Link>
                )}
              </li>
              {(contact || contactLoading) && (
                <li>
                  <IconChat size={18} />
                  {contact ? (
                    <a
                      href={whatsappHref(contact.whatsappNumber)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`WhatsApp ${whatsappDisplay(contact.whatsappNumber)} (se abre en una pestaña nueva)`}
                    >
                      WhatsApp {whatsappDisplay(contact.whatsappNumber)}
                    </a>
                  ) : (
                    <Skeleton height={14} width={140} radius="sm" className={classes.footerSkeleton} />
                  )}
                </li>
              )}
              <li>
                <IconClock size={18} />
                <span>{contact?.supportHours ?? DEFAULT_HOURS}</span>
              </li>
              {contact?.demoContacts && <li className={classes.footerDemo}>Números de demostración: la línea de soporte aún no está configurada.</li>}
            </ul>
            {contact?.socialLinks && contact.socialLinks.length > 0 && (
              <ul className={classes.footerSocial} aria-label="Redes sociales">
                {contact.socialLinks.map((l) => (
                  <li key={l.url}>
                    <a href={l.url} target="_blank" rel="noopener noreferrer" aria-label={`${l.label} (se abre en una pestaña nueva)`}>
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>

        <div className={classes.footerBottom}>
          <span>© {year} Envíos MX. Todos los derechos reservados.</span>
          <span>Precios en pesos mexicanos (MXN).</span>
          {extra}
        </div>
      </Container>
    </footer>
  );
}
