import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { paths } from '@/config/paths';
import { resetMarketingConsent, setMarketingConsent, useMarketingConsent } from '@/lib/ad-pixel';
import classes from './consent-banner.module.css';

/**
 * Asks, before any marketing cookie, whether the visitor accepts the ad pixel. Shown only when a
 * pixel is configured and the visitor has not answered; necessary cookies need no consent.
 */
export function ConsentBanner() {
  const { consent, configured } = useMarketingConsent();
  if (!configured || consent !== null) return null;
  return (
    <section className={classes.banner} role="region" aria-label="Aviso de cookies">
      <p className={classes.text}>
        Usamos cookies <strong>necesarias</strong> para que el sitio funcione (tu sesión). Con tu permiso usaremos también cookies de <strong>marketing</strong>{' '}
        (el píxel de Meta) para medir nuestros anuncios. Más en el <Link to={`${paths.privacy}#cookies`}>aviso de privacidad</Link>.
      </p>
      <div className={classes.actions}>
        <Button variant="default" onClick={() => setMarketingConsent(false)}>
          Solo necesarias
        </Button>
        <Button onClick={() => setMarketingConsent(true)}>Aceptar marketing</Button>
      </div>
    </section>
  );
}

/** The footer's 'Cookies' link: shows the banner again to change the answer. */
export function CookieSettingsLink() {
  const { consent, configured } = useMarketingConsent();
  if (!configured || consent === 'unknown') return null;
  return (
    <button type="button" className={classes.linkButton} onClick={resetMarketingConsent}>
      Cookies
    </button>
  );
}
