import type { SiteInfo, SocialLink } from '@envios/contracts/site';
import { IconChat, IconClock, IconEnvelope, IconPhone } from '@/components/ui/icons';
import { telHref, whatsappDisplay, whatsappHref } from '@/lib/contact-links';
import classes from './content.module.css';

/** The demonstration numbers are never passed off as real ones. */
export function DemoContactsNote({ site }: { site: Pick<SiteInfo, 'demoContacts'> }) {
  if (!site.demoContacts) return null;
  return <span className={classes.demoNote}>Número de demostración: este sitio aún no configura su línea de soporte.</span>;
}

/** Phone, WhatsApp, e-mail (when configured) and the support hours: the aside of contact and thank-you pages. */
export function SupportContacts({ site, headingLevel = 2 }: { site: SiteInfo; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <aside className={classes.aside} aria-labelledby="soporte-titulo">
      <Heading id="soporte-titulo">Otras formas de contactarnos</Heading>
      <div className={classes.asideRow}>
        <IconChat size={20} />
        <div>
          <a href={whatsappHref(site.whatsappNumber, 'Hola, quiero información sobre un envío.')} target="_blank" rel="noopener noreferrer">
            WhatsApp {whatsappDisplay(site.whatsappNumber)}
          </a>
          <br />
          <DemoContactsNote site={site} />
        </div>
      </div>
      <div className={classes.asideRow}>
        <IconPhone size={20} />
        <a href={telHref(site.supportPhone)}>{site.supportPhone}</a>
      </div>
      {site.company.supportEmail && (
        <div className={classes.asideRow}>
          <IconEnvelope size={20} />
          <a href={`mailto:${site.company.supportEmail}`}>{site.company.supportEmail}</a>
        </div>
      )}
      <div className={classes.asideRow}>
        <IconClock size={20} />
        <span>
          Atendemos {site.supportHours} <span style={{ whiteSpace: 'nowrap' }}>(hora del centro de México)</span>.
        </span>
      </div>
    </aside>
  );
}

/** The company's profiles, as configured; nothing when there are none. */
export function SocialLinks({ links }: { links: SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className={classes.social} aria-label="Nuestras redes sociales">
      {links.map((l) => (
        <li key={l.url}>
          <a href={l.url} target="_blank" rel="noopener noreferrer" aria-label={`${l.label} (se abre en una pestaña nueva)`}>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
