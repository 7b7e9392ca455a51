import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FloatingContact } from './floating-contact';
import { SiteHeader } from './site-header';
import { SiteFooter, type SupportContact } from './site-footer';
import classes from './public-layout.module.css';

export interface PublicLayoutProps {
  /** Support phone and WhatsApp; undefined while they load. */
  contact?: SupportContact | undefined;
  contactLoading?: boolean;
  /** A signed-in user's menu, in place of Iniciar sesión / Regístrate. */
  account?: ReactNode;
  /** The same menu as the mobile drawer shows it (with the person's name); `account` when absent. */
  drawerAccount?: ReactNode;
  /** Shows a guide searched with Rastrear (the tracking modal). */
  onTrack?: (guide: string) => void;
  /** A notice above the header on every page (the sandbox payments banner). */
  notice?: ReactNode;
  /** The page; the matched child route when omitted. */
  children?: ReactNode;
  /** Extra entries of the footer's bottom line, and overlays (the cookie banner). */
  footerExtra?: ReactNode;
  overlay?: ReactNode;
}

/** Public pages: skip link, navbar, page, footer, and the floating WhatsApp and phone buttons. */
export function PublicLayout({ contact, contactLoading = false, account, drawerAccount, onTrack, notice, children, footerExtra, overlay }: PublicLayoutProps) {
  return (
    <div className={classes.shell}>
      <a href="#contenido" className={classes.skipLink}>
        Saltar al contenido principal
      </a>
      {notice}
      <SiteHeader account={account} drawerAccount={drawerAccount} onTrack={onTrack} />
      <main id="contenido" tabIndex={-1} className={classes.main}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter contact={contact} contactLoading={contactLoading} extra={footerExtra} />
      <FloatingContact contact={contact} />
      {overlay}
      <ScrollRestoration />
    </div>
  );
}
