import { useNavigate } from 'react-router';
import { usePublicPageMeta } from '@/lib/page-meta';
import type { ShipmentsArrival } from '../dashboard/shipments';
import { paths } from '@/config/paths';
import { useUser } from '@/features/accounts/api/get-me';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { ContentPage } from '@/features/site/components/content-page';
import { SupportContacts } from '@/features/site/components/support-contacts';
import classes from '@/features/site/components/content.module.css';

function contactSentText(email: string, hours: string | undefined): string {
  return `Recibimos tu mensaje. Un asesor te responderá por correo a ${email}${hours ? ` (atendemos ${hours})` : ''}.`;
}

/** '/contactanos': the form, prefilled for a signed-in person, beside the other ways to reach us. */
export default function ContactRoute() {
  usePublicPageMeta(paths.contact);
  const navigate = useNavigate();
  const site = useSiteInfo().data;
  const user = useUser();
  const me = user.data;
  return (
    <ContentPage
      id="contacto-titulo"
      kicker="Contáctanos"
      title="Ponte en contacto con nosotros"
      lead="¿Quieres una tarifa por volumen, tienes una duda sobre un envío o necesitas ayuda con tu cuenta? Escríbenos y un asesor te responde por correo."
      size="lg"
    >
      <div className={classes.contactGrid}>
        <div>
          <noscript>
            <p>Para enviar el formulario necesitas JavaScript. También puedes escribirnos por WhatsApp o llamarnos.</p>
          </noscript>
          <ContactForm
            // Remount once the profile arrives, so its values fill the form.
            key={me ? me._id : 'visitante'}
            defaults={me ? { first_name: me.firstName, last_name: me.lastName, email: me.email, phone: me.phone, web: me.website ?? '' } : {}}
            // Signed in, the seller goes back to Mis Envíos, which confirms on screen that it was sent.
            onSent={() =>
              void navigate(
                me ? paths.shipments : paths.thankYou,
                me ? { state: { contactSent: contactSentText(me.email, site?.supportHours) } satisfies ShipmentsArrival } : undefined,
              )
            }
          />
        </div>
        {site && <SupportContacts site={site} />}
      </div>
    </ContentPage>
  );
}
