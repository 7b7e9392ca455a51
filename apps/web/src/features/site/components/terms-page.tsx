import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { TERMS_CLAUSES, TERMS_LAST_UPDATED } from '../content/terms';
import { ContentPage } from './content-page';
import classes from './content.module.css';

/** YYYY-MM-DD (TERMS_DATE) as the page writes dates: DD/MM/YYYY. */
function dayOf(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * '/terminos-de-servicio': 22 numbered clauses, each opened by its plain-language summary. The date
 * is the one the owner sets (TERMS_DATE); until then, the example text's own.
 */
export function TermsPage({ companyName, termsDate = null }: { companyName: string; termsDate?: string | null }) {
  return (
    <ContentPage
      id="terminos-titulo"
      kicker="Legal"
      title="Términos de servicio"
      lead={`Las reglas para usar ${companyName}, en 22 cláusulas. Cada una empieza con su resumen en pocas palabras; el texto completo es el que vale.`}
      meta={`Última actualización: ${termsDate ? dayOf(termsDate) : TERMS_LAST_UPDATED}`}
    >
      <nav className={classes.toc} aria-labelledby="terminos-indice">
        <strong id="terminos-indice">Índice</strong>
        <ol>
          {TERMS_CLAUSES.map((c, i) => (
            <li key={c.title}>
              <a href={`#clausula-${i + 1}`}>{c.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_CLAUSES.map((c, i) => (
        <section key={c.title} id={`clausula-${i + 1}`} className={classes.clause} aria-labelledby={`clausula-${i + 1}-titulo`} data-testid="clausula">
          <h2 id={`clausula-${i + 1}-titulo`}>
            {i + 1}. {c.title}
          </h2>
          <p className={classes.summary}>
            <strong>En pocas palabras:</strong> {c.summary}
          </p>
          {c.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p>
        ¿Dudas sobre estos términos? <Link to={paths.contact}>Escríbenos</Link>. El tratamiento de tus datos está en el{' '}
        <Link to={paths.privacy}>aviso de privacidad</Link>.
      </p>
    </ContentPage>
  );
}
