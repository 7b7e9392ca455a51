import { Link } from 'react-router';
import { Button, Container, Title } from '@mantine/core';
import type { SiteInfo } from '@envios/contracts/site';
import { IconCheck } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { SocialLinks } from './support-contacts';
import classes from './content.module.css';

/** '/thank-page': where a visitor lands after sending the contact form. */
export function ThankYouPage({ site }: { site: SiteInfo }) {
  return (
    <Container size="sm">
      <section className={classes.thanks} aria-labelledby="gracias-titulo">
        <span className={classes.thanksIcon}>
          <IconCheck size={36} strokeWidth={2.4} />
        </span>
        <Title order={1} id="gracias-titulo">
          Gracias, tu mensaje llegó a su destino
        </Title>
        <p style={{ margin: 0, fontSize: '1.1rem' }}>
          Un asesor lo leerá y te responderá pronto por correo electrónico. Te enviamos un correo que confirma que lo recibimos.
        </p>
        <p style={{ margin: 0, color: 'var(--mantine-color-gray-7)' }}>Atendemos {site.supportHours}, hora del centro de México.</p>
        {site.socialLinks.length > 0 && (
          <>
            <p style={{ margin: '12px 0 0', fontWeight: 700 }}>Mientras tanto, síguenos:</p>
            <SocialLinks links={site.socialLinks} />
          </>
        )}
        <Button component={Link} to={paths.home} mt="md" size="md">
          Volver al inicio
        </Button>
      </section>
    </Container>
  );
}
