import { useEffect, useState } from 'react';
import { IconChat, IconPhone } from '@/components/ui/icons';
import { telHref, whatsappHref } from '@/lib/contact-links';
import type { SupportContact } from './site-footer';
import classes from './public-layout.module.css';

/** How far a phone must scroll before the buttons show, so they never cover the quote form's first view. */
const MOBILE_REVEAL_SCROLL_PX = 320;

function useScrolledPast(px: number): boolean {
  // Starts false on the server and while hydrating (the HTML must match), then reads the page.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

/**
 * Round WhatsApp and phone buttons in the corner; they appear once the contacts are known. On the
 * public pages of a phone they wait until the visitor scrolls (the home's quote form comes first);
 * on the signed-in pages, where sellers get stuck, they are there at once.
 */
export function FloatingContact({ contact, waitForScroll = true }: { contact: SupportContact | undefined; waitForScroll?: boolean }) {
  const scrolled = useScrolledPast(MOBILE_REVEAL_SCROLL_PX);
  if (!contact) return null;
  return (
    <div className={classes.floating} data-waiting={scrolled || !waitForScroll ? undefined : true}>
      <a
        className={`${classes.floatingButton} ${classes.floatingWhatsapp}`}
        href={whatsappHref(contact.whatsappNumber, 'Hola, quiero información sobre un envío.')}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Escríbenos por WhatsApp${contact.demoContacts ? ' (número de demostración)' : ''} (se abre en una pestaña nueva)`}
        title={contact.demoContacts ? 'Escríbenos por WhatsApp (número de demostración)' : 'Escríbenos por WhatsApp'}
      >
        <IconChat size={26} />
      </a>
      <a
        className={`${classes.floatingButton} ${classes.floatingPhone}`}
        href={telHref(contact.supportPhone)}
        aria-label={`Llámanos al ${contact.supportPhone}${contact.demoContacts ? ' (número de demostración)' : ''}`}
        title={`Llámanos al ${contact.supportPhone}${contact.demoContacts ? ' (número de demostración)' : ''}`}
      >
        <IconPhone size={24} />
      </a>
    </div>
  );
}
