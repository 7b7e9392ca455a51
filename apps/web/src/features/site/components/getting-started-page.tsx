import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CallToAction, ContentPage } from './content-page';
import classes from './content.module.css';

const BLUE = '#1c4fd8';
const PALE = '#eef3ff';
const INK = '#0b1f4d';
const GREEN = '#1f7a3e';

/** Our own small drawings, one per step (decorative: the text says it all). */
function Art({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 180 120" className={classes.stepArt} aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="180" height="120" rx="14" fill={PALE} />
      {children}
    </svg>
  );
}

const ART = {
  account: (
    <Art>
      <rect x="50" y="18" width="80" height="86" rx="8" fill="#fff" stroke={INK} strokeWidth="2" />
      <circle cx="90" cy="44" r="12" fill={BLUE} />
      <path d="M70 76c4-12 36-12 40 0" stroke={BLUE} strokeWidth="6" strokeLinecap="round" fill="none" />
      <rect x="64" y="86" width="52" height="8" rx="4" fill={GREEN} />
    </Art>
  ),
  quote: (
    <Art>
      <rect x="22" y="22" width="136" height="76" rx="8" fill="#fff" stroke={INK} strokeWidth="2" />
      <rect x="34" y="36" width="50" height="12" rx="4" fill={PALE} stroke={BLUE} />
      <rect x="96" y="36" width="50" height="12" rx="4" fill={PALE} stroke={BLUE} />
      <path d="M34 66h28v20H34z" fill="#f4c27a" stroke={INK} strokeWidth="1.5" />
      <path d="M34 66l14-8h28l-14 8" fill="#f8d8a6" stroke={INK} strokeWidth="1.5" />
      <rect x="96" y="68" width="50" height="16" rx="6" fill={BLUE} />
    </Art>
  ),
  choose: (
    <Art>
      {[22, 50, 78].map((y, i) => (
        <g key={y}>
          <rect x="24" y={y} width="132" height="22" rx="6" fill="#fff" stroke={i === 0 ? BLUE : '#b4c7fd'} strokeWidth={i === 0 ? 3 : 1.5} />
          <rect x="32" y={y + 7} width="30" height="8" rx="3" fill={i === 0 ? BLUE : '#b4c7fd'} />
          <rect x="112" y={y + 6} width="36" height="10" rx="3" fill={i === 0 ? GREEN : '#dbe4ff'} />
        </g>
      ))}
    </Art>
  ),
  addresses: (
    <Art>
      <path d="M46 84c-14-18-20-28-20-38a20 20 0 0 1 40 0c0 10-6 20-20 38z" fill={BLUE} />
      <circle cx="46" cy="46" r="7" fill="#fff" />
      <path d="M134 84c-14-18-20-28-20-38a20 20 0 0 1 40 0c0 10-6 20-20 38z" fill={GREEN} />
      <circle cx="134" cy="46" r="7" fill="#fff" />
      <path d="M60 92c20 10 40 10 60 0" stroke={INK} strokeWidth="2.5" strokeDasharray="5 5" fill="none" />
    </Art>
  ),
  pay: (
    <Art>
      <rect x="30" y="30" width="86" height="56" rx="8" fill={BLUE} />
      <rect x="30" y="42" width="86" height="10" fill={INK} />
      <rect x="40" y="66" width="30" height="6" rx="3" fill="#fff" />
      <rect x="98" y="50" width="54" height="44" rx="8" fill="#fff" stroke={INK} strokeWidth="2" />
      <text x="125" y="78" textAnchor="middle" fontSize="15" fontWeight="700" fill={GREEN} fontFamily="system-ui, sans-serif">
        $
      </text>
    </Art>
  ),
  print: (
    <Art>
      <rect x="48" y="16" width="84" height="36" rx="4" fill="#fff" stroke={INK} strokeWidth="2" />
      <rect x="30" y="46" width="120" height="40" rx="8" fill={INK} />
      <rect x="52" y="70" width="76" height="38" rx="3" fill="#fff" stroke={INK} strokeWidth="2" />
      {[58, 62, 64, 69, 72, 76, 80, 83, 88, 92, 95, 100, 104, 107, 112, 116, 120].map((x) => (
        <rect key={x} x={x} y="78" width={x % 3 === 0 ? 2.5 : 1.5} height="18" fill={INK} />
      ))}
    </Art>
  ),
  track: (
    <Art>
      <rect x="18" y="50" width="70" height="40" rx="4" fill={BLUE} />
      <path d="M88 60h28l16 16v14H88z" fill={BLUE} />
      <rect x="96" y="64" width="18" height="12" rx="2" fill={PALE} />
      <circle cx="42" cy="92" r="9" fill={INK} />
      <circle cx="116" cy="92" r="9" fill={INK} />
      <path d="M140 30l6 6 12-14" stroke={GREEN} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </Art>
  ),
};

const STEPS: { art: ReactNode; title: string; body: ReactNode }[] = [
  {
    art: ART.account,
    title: 'Crea tu cuenta',
    body: (
      <>
        <Link to={paths.signUp}>Regístrate</Link> con tu nombre, correo y teléfono. Revisamos cada cuenta nueva y te avisamos en cuanto esté aprobada; entonces
        ya puedes comprar guías.
      </>
    ),
  },
  {
    art: ART.quote,
    title: 'Cotiza tu envío',
    body: (
      <>
        Escribe el código postal de origen y de destino, elige sobre, paquete o tarima, y captura medidas y peso reales con todo y empaque. Si tienes dudas, usa
        la <Link to={paths.faq}>calculadora de peso volumétrico</Link>.
      </>
    ),
  },
  {
    art: ART.choose,
    title: 'Elige la paquetería',
    body: 'Compara precio y días de entrega de DHL, FedEx, Redpack, Estafeta y AM/PM. Filtra por paquetería o por rapidez y presiona «Enviar» en la opción que prefieras.',
  },
  {
    art: ART.addresses,
    title: 'Captura las direcciones',
    body: 'Llena los datos de quien envía y de quien recibe, y describe el contenido. Marca «Guardar dirección» para no volver a escribirla la próxima vez.',
  },
  {
    art: ART.pay,
    title: 'Paga como prefieras',
    body: (
      <>
        Con PayPal, con tarjeta a través de PayPal, en efectivo en OXXO o con tu Monedero. Más detalles en{' '}
        <Link to={paths.paymentMethods}>Métodos de pago</Link>.
      </>
    ),
  },
  {
    art: ART.print,
    title: 'Imprime y pega tu guía',
    body: 'En cuanto se confirma el pago, tu guía está en Mis Envíos y te llega por correo. Imprímela, pégala visible en el paquete y llévalo a la paquetería o pide la recolección.',
  },
  {
    art: ART.track,
    title: 'Rastrea tu envío',
    body: 'Con tu número de guía, desde «Rastrear» en el menú. También te avisamos por correo cuando tu envío cambia de estado.',
  },
];

/** 'Guía de inicio': the first shipment, step by step, with a drawing per step. */
export function GettingStartedPage() {
  return (
    <ContentPage id="guia-titulo" kicker="Guía de inicio" title="Tu primer envío, paso a paso" lead="Siete pasos, de la cuenta a la entrega de tu paquete.">
      <ol className={classes.steps}>
        {STEPS.map((s, i) => (
          <li key={s.title} className={classes.step}>
            {s.art}
            <div>
              <h2>
                {i + 1}. {s.title}
              </h2>
              <p>{s.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <p>
        ¿Algo no quedó claro? Revisa las <Link to={paths.faq}>preguntas frecuentes</Link> o <Link to={paths.contact}>escríbenos</Link>.
      </p>
      <CallToAction text="Empieza ahora: cotizar es gratis." to={paths.home} label="Cotizar un envío" />
    </ContentPage>
  );
}
